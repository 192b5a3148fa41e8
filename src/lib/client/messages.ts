// The few UI strings browser code needs, read from a JSON block the layout renders, so the
// client bundles never carry the whole dictionaries.
export const CLIENT_MESSAGE_KEYS = [
  'toast.offline',
  'toast.online',
  'toast.requestFailed',
  'toast.networkError',
  'overlay.confirmCancel',
  'session.switchTitle',
  'session.switchBody',
  'session.switchConfirm',
  'session.keep',
  'session.signedInAs',
  'session.linkInvalid',
] as const;
export type ClientMessageKey = (typeof CLIENT_MESSAGE_KEYS)[number];

let cache: Partial<Record<ClientMessageKey, string>> | undefined;

export function clientMessage(key: ClientMessageKey): string {
  if (!cache) {
    try {
      cache = JSON.parse(document.getElementById('client-messages')?.textContent ?? '{}') as Partial<Record<ClientMessageKey, string>>;
    } catch {
      cache = {};
    }
  }
  return cache[key] ?? key;
}
