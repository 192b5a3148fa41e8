import { expect, test } from '@playwright/test';

// Issue #18 item 6 against the real server: /healthz, /readyz and /metrics, with the requests the
// test itself made visible under their route patterns (not their URLs).

test('healthz, readyz and metrics describe the running node', async ({ page, request }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });

  // The search index is built at start, as a job; the node is ready once it is loaded.
  await expect
    .poll(async () => (await request.get('/readyz')).status(), { timeout: 60_000 })
    .toBe(200);
  const ready = (await (await request.get('/readyz')).json()) as { ready: boolean; database: string; searchIndex: { loaded: boolean; parts: number } };
  expect(ready).toMatchObject({ ready: true, database: 'ok', searchIndex: { loaded: true } });
  expect(ready.searchIndex.parts).toBeGreaterThan(1000);

  await page.goto('/productDetail/LM358');
  const api = await request.post('/api/chiplet/products/queryPage', { data: { keyword: 'LM358', pageNum: 1, pageSize: 5 } });
  expect(api.status()).toBe(200);

  const metrics = await request.get('/metrics');
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
  const after = await (await request.get('/metrics')).text();
  expect(after).not.toContain('no-such-thing');
  expect(after).toMatch(/app="api",route="unmatched",method="GET",status="404"/);
});
