import { spawn, type ChildProcess } from 'node:child_process';

/** Starts `node scripts/start.ts` and resolves once it prints its listening line. */
export function startServer(env: Record<string, string>, args: string[] = []): Promise<{ child: ChildProcess; readyMs: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.ts', ...args], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 240_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/Chipedia listening on/.test(out)) {
        clearTimeout(timer);
        resolve({
          child,
          readyMs: performance.now() - started,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
}
