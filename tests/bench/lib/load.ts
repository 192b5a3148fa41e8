import http from 'node:http';

export type LoadResult = { requests: number; errors: number; rps: number; p50: number; p95: number; p99: number; max: number };

/** A fixed number of GETs over `connections` keep-alive connections; latency percentiles in ms. */
export async function load(url: string | (() => string), connections: number, requests: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const one = (target: string) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get(target, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          if ((res.statusCode ?? 500) >= 500) errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (issued < requests) {
        issued++;
        await one(typeof url === 'string' ? url : url());
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number((latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0).toFixed(2));
  return { requests: latencies.length, errors, rps: Math.round(latencies.length / seconds), p50: pct(50), p95: pct(95), p99: pct(99), max: pct(100) };
}

/** Body bytes as sent (no decompression), for transfer sizes. */
export function wireBytes(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}
