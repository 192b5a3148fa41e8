import { humanTrack } from '../../../src/lib/sso/sso.ts';

// The SSO's SMS login through its HTTP API, as the login dialog does it: slider challenge (its answer
// from the development tool /sso/dev/captcha/answer), verify, code by SMS (the dev provider's inbox),
// login. Each step answers its raw Response to `seen`, so the fault tests can judge every answer.

export type Seen = (step: string, res: Response) => void;

type SsoBody<T> = { error_code: number; msg: string; data: T };

/** A fresh mainland mobile number. */
export function randomPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

async function call<T>(base: string, step: string, seen: Seen, path: string, init?: RequestInit): Promise<SsoBody<T> | null> {
  const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(15_000) });
  seen(step, res.clone());
  if (res.status !== 200) return null;
  const body = (await res.json()) as SsoBody<T>;
  return body.error_code === 0 ? body : null;
}

/** The session token, or null when a step did not succeed (the caller has seen its answer). */
export async function smsLogin(base: string, seen: Seen, phone = randomPhone()): Promise<string | null> {
  const challenge = await call<{ challengeId: string }>(base, 'sso:challenge', seen, '/sso/captcha/challenge');
  if (!challenge) return null;
  const id = challenge.data.challengeId;
  const answer = await call<{ targetX: number }>(base, 'sso:answer', seen, `/sso/dev/captcha/answer?challengeId=${encodeURIComponent(id)}`);
  if (!answer) return null;
  const verify = await call<Record<string, string>>(base, 'sso:verify', seen, '/sso/captcha/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challengeId: id, track: humanTrack(answer.data.targetX) }),
  });
  if (!verify) return null;
  const form = new URLSearchParams({ account: phone, areacode: '86', scene: 'quick', aliscene: 'login', siteid: '35', ...verify.data });
  const sent = await call(base, 'sso:regsms', seen, '/sso/register/regsms', { method: 'POST', body: form });
  if (!sent) return null;
  const inbox = await call<{ messages: { code: string; purpose: string }[] }>(base, 'sso:inbox', seen, `/sso/dev/inbox?phone=${phone}`);
  const code = inbox?.data.messages.find((m) => m.purpose === 'login')?.code;
  if (!code) return null;
  const multipart = new FormData();
  for (const [k, v] of Object.entries({ account: phone, areacode: '86', smscode: code, siteid: '35' })) multipart.append(k, v);
  const login = await call<{ token: string }>(base, 'sso:login', seen, '/sso/smsLogin/index.html', { method: 'POST', body: multipart });
  return login?.data.token ?? null;
}
