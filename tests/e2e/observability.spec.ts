import { expect, test } from '@playwright/test';
import { E2E_METRICS_TOKEN } from '../../playwright.config.ts';

// Issue #18 item 6 against the real server: /healthz, /readyz and /metrics, with the requests the
// test itself made visible under their route patterns (not their URLs).

const operator = { Authorization: `Bearer ${E2E_METRICS_TOKEN}` };

test('healthz, readyz and metrics describe the running node', async ({ page, request }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  // Open to anyone, and nothing in it but the status (issue #36 item 4).
  expect(await health.json()).toEqual({ status: 'ok' });

  // The search index is built at start, as a job; the node is ready once it is loaded.
  await expect
    .poll(async () => (await request.get('/readyz')).status(), { timeout: 60_000 })
    .toBe(200);
  expect(await (await request.get('/readyz')).json()).toEqual({ ready: true });
  const ready = (await (await request.get('/readyz', { headers: operator })).json()) as { ready: boolean; database: string; searchIndex: { loaded: boolean; parts: number } };
  expect(ready).toMatchObject({ ready: true, database: 'ok', searchIndex: { loaded: true } });
  expect(ready.searchIndex.parts).toBeGreaterThan(1000);

  await page.goto('/productDetail/LM358');
  const api = await request.post('/api/chiplet/products/queryPage', { data: { keyword: 'LM358', pageNum: 1, pageSize: 5 } });
  expect(api.status()).toBe(200);

  // The test client is on loopback, as a proxy on the same host would be: that opens nothing.
  expect((await request.get('/metrics')).status()).toBe(403);
  expect((await request.get('/metrics', { headers: { 'X-Forwarded-For': '127.0.0.1' } })).status()).toBe(403);
  const metrics = await request.get('/metrics', { headers: operator });
  expect(metrics.status()).toBe(200);
  expect(metrics.headers()['content-type']).toContain('text/plain');
  const text = await metrics.text();
  expect(text).toMatch(/chipedia_http_requests_total\{app="page",route="\/productDetail\/\[\.\.\.mfgMpnCode\]",method="GET",status="\d+"\} \d+/);
  expect(text).toMatch(/chipedia_http_requests_total\{app="api",route="\/api\/chiplet\/products\/queryPage",method="POST",status="200"\} \d+/);
  expect(text).toMatch(/chipedia_http_request_duration_seconds_bucket\{le="0\.2",app="api",route="\/api\/chiplet\/products\/queryPage",method="POST"\} \d+/);
  expect(text).toMatch(/chipedia_search_index_age_seconds \d/);
  expect(text).toMatch(/chipedia_db_pool_total \d/);
  expect(text).toContain('# TYPE chipedia_sms_sends_total counter');
  expect(text).toContain('chipedia_process_resident_memory_bytes');
  // No URL of a request becomes a label: an unknown API path is one 'unmatched' series.
  await request.get('/api/chiplet/no-such-thing-1');
  await request.get('/api/chiplet/no-such-thing-2');
  const after = await (await request.get('/metrics', { headers: operator })).text();
  expect(after).not.toContain('no-such-thing');
  expect(after).toMatch(/app="api",route="unmatched",method="GET",status="404"/);
});
