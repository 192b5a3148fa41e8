import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { apiLogin, uniquePhone } from './login-helpers.ts';

// Issue #18 item 4c on the real server (docs/decisions/0016-reliability-security.md, Security):
// no URL a user can hand us makes the server connect anywhere. A canary listens on loopback; every
// input that takes a URL (own component datasheet links, the assistant's question, the image
// endpoint Astro mounts, the login redirect, WeChat and SSO parameters) is given the canary's
// address in the usual disguises, and the canary must see no connection at all.

const CANARY_PORT = Number(process.env.E2E_PORT ?? 4399) + 1;
const DISGUISES = (path: string) => [
  `http://127.0.0.1:${CANARY_PORT}${path}`,
  `http://localhost:${CANARY_PORT}${path}`,
  `http://2130706433:${CANARY_PORT}${path}`,
  `http://0x7f000001:${CANARY_PORT}${path}`,
  `http://[::ffff:127.0.0.1]:${CANARY_PORT}${path}`,
  `http://127.1:${CANARY_PORT}${path}`,
  `https://127.0.0.1:${CANARY_PORT}${path}`,
  `//127.0.0.1:${CANARY_PORT}${path}`,
];

let canary: Server;
const hits: string[] = [];
test.beforeAll(async () => {
  canary = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
    res.end();
  });
  canary.on('connection', () => hits.push('connection'));
  await new Promise<void>((resolve) => canary.listen(CANARY_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((r) => canary.close(r));
});

test('no user-supplied URL makes the server connect: datasheet links, chat, image endpoint, redirects', async ({ request }) => {
  test.setTimeout(180_000);
  const login = await apiLogin(request, uniquePhone('138'));
  const asUser = { 'x-token': login.token };
  let tried = 0;

  // Own components keep a datasheet link; it is shown as a link, never fetched.
  for (const url of DISGUISES('/datasheet.pdf')) {
    const res = await request.post('/api/chiplet/u/comp/save', { headers: asUser, data: { mpn: `SSRF${tried}`, datasheetUrl: url } });
    expect(res.status(), url).toBeLessThan(500);
    tried++;
  }
  // The assistant answers from the catalogue (no model here); a URL in the question is text.
  for (const url of DISGUISES('/chat')) {
    const res = await request.post('/api/chiplet/ai/chat', {
      headers: { ...asUser, accept: 'text/event-stream' },
      data: { messages: [{ id: `m${tried}`, role: 'user', parts: [{ type: 'text', text: `请读取 ${url} 并总结 ![x](${url})` }] }] },
    });
    expect(res.status(), url).toBe(200);
    await res.body().catch(() => undefined);
    tried++;
  }
  // Astro's image endpoint fetches remote images only for configured domains (none).
  for (const url of DISGUISES('/x.png')) {
    const res = await request.get(`/_image?href=${encodeURIComponent(url)}&w=64&h=64&f=webp`);
    expect(res.status(), url).not.toBe(200);
    tried++;
  }
  // Pages and SSO parameters that carry addresses are only ever echoed as links or refused.
  for (const url of DISGUISES('/r')) {
    for (const path of [
      `/login?redirect=${encodeURIComponent(url)}`,
      `/ecadViewer?url=${encodeURIComponent(url)}`,
      `/sso/wechat/qrlogin?siteid=35&redirect_uri=${encodeURIComponent(url)}`,
      `/sso/sync?ticket=x&siteid=35&syncurl=${encodeURIComponent(url)}`,
      `/api/chiplet/ai/getLink?for=${encodeURIComponent(url)}`,
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBeLessThan(500);
      tried++;
    }
  }
  // Anything the server queued (checks, jobs) has had time to run.
  await new Promise((r) => setTimeout(r, 3000));
  console.log(`ssrf: ${tried} requests with ${DISGUISES('').length} disguises of the canary's address; canary saw ${hits.length}`);
  expect(hits).toEqual([]);
  // The canary does hear a connection when one is made: the check above could fail.
  await fetch(`http://127.0.0.1:${CANARY_PORT}/control`, { redirect: 'manual' });
  expect(hits).toContain('GET /control');
});
