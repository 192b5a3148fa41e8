// The SSO's real HTTP flow, as the login dialog runs it: proof-of-work ticket → regsms → the code
// from the development SMS inbox → smsLogin. Each call names the node (or the proxy) it goes to.

import { solvePow } from '../../src/lib/sso/testing.server.ts';

export type SsoAnswer = { error_code: number; msg: string; data: Record<string, unknown> | null };
export type Ticket = { sessionId: string; sig: string; token: string; csessionid: string };

async function answer(res: Response): Promise<SsoAnswer> {
  return (await res.json()) as SsoAnswer;
}

/** A one-time captcha ticket issued by the node at `base` (the slider's accessible alternative). */
export async function powTicket(base: string): Promise<Ticket> {
  const issued = await answer(await fetch(`${base}/sso/captcha/pow`));
  if (issued.error_code !== 0) throw new Error(`no challenge from ${base}: ${issued.msg}`);
  const c = issued.data as { challenge: string; salt: string; maxnumber: number };
  const verified = await answer(
    await fetch(`${base}/sso/captcha/pow/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...c, number: solvePow(c) }) }),
  );
  if (verified.error_code !== 0) throw new Error(`proof of work refused by ${base}: ${verified.msg}`);
  return verified.data as Ticket;
}

export async function sendCode(base: string, phone: string, ticket: Ticket): Promise<SsoAnswer> {
  const body = new URLSearchParams({ account: phone, areacode: '86', scene: 'quick', aliscene: 'login', siteid: '35', ...ticket });
  return answer(await fetch(`${base}/sso/register/regsms`, { method: 'POST', body }));
}

/** The newest code the development provider of the node at `base` sent to `phone` (its inbox is in that process). */
export async function inboxCode(base: string, phone: string): Promise<string> {
  const a = await answer(await fetch(`${base}/sso/dev/inbox?phone=${phone}`));
  const messages = (a.data?.['messages'] ?? []) as { code: string }[];
  if (!messages[0]) throw new Error(`no code for ${phone} at ${base}: ${a.msg}`);
  return messages[0].code;
}

export async function smsLogin(base: string, phone: string, code: string): Promise<SsoAnswer> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ account: phone, areacode: '86', smscode: code, siteid: '35' })) form.set(k, v);
  return answer(await fetch(`${base}/sso/smsLogin/index.html`, { method: 'POST', body: form }));
}

/** The whole login on one node: the session token it issued. */
export async function loginOn(base: string, phone: string): Promise<string> {
  const sent = await sendCode(base, phone, await powTicket(base));
  if (sent.error_code !== 0) throw new Error(`regsms refused: ${sent.error_code} ${sent.msg}`);
  const done = await smsLogin(base, phone, await inboxCode(base, phone));
  if (done.error_code !== 0) throw new Error(`login refused: ${done.error_code} ${done.msg}`);
  return String(done.data?.['token']);
}

/** Whether `token` is a live session for the node at `base` (GET /api/chiplet/user/getLogin). */
export async function loggedIn(base: string, token: string): Promise<boolean> {
  const res = await fetch(`${base}/api/chiplet/user/getLogin`, { headers: { 'x-token': token } });
  if (res.status !== 200) throw new Error(`getLogin ${res.status}`);
  const body = (await res.json()) as { result: { login: boolean } };
  return body.result.login;
}

let counter = 0;
/** A fresh mainland mobile number (1[3-9] + 9 digits) per call. */
export function phone(): string {
  counter++;
  return `139${String((Date.now() % 1e6) * 100 + (counter % 100)).padStart(8, '0')}`;
}
