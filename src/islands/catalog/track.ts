import { apiFetch } from '../../lib/client/api.ts';

/** Tracking calls (SPEC §7): fire and forget, errors silenced. */
export function track(path: string, body: Record<string, unknown>): void {
  void apiFetch(path, { method: 'POST', body, suppressError: true, keepalive: true }).catch(() => undefined);
}
