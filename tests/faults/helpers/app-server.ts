import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

// The real server (`node scripts/start.ts --no-build`) as a child process: the fault tests kill it,
// restart it, and watch that it keeps answering. Its output is kept for the failure message.

export type AppServer = {
  child: ChildProcess;
  pid: number;
  base: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code or signal once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited: () => boolean;
  stop: () => Promise<void>;
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

export type ServerEnv = { port: number; dataDir: string; databaseUrl?: string | undefined; extra?: Record<string, string> };

export function assertBuilt(): void {
  if (!existsSync('dist/server/entry.mjs') || !existsSync('dist/.build-stamp')) {
    throw new Error('dist/ is missing: the fault tests serve the built site (the global set-up builds it; run `npm run build` if it failed)');
  }
}

/** Starts the server and waits until /readyz answers 200 (first start seeds the demo catalogue). */
export async function startServer(env: ServerEnv, readyTimeoutMs = 180_000): Promise<AppServer> {
  assertBuilt();
  const child = spawn(process.execPath, ['scripts/start.ts', '--no-build'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      PORT: String(env.port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl ?? '',
      APP_ENV: 'development',
      LOG_LEVEL: 'warn',
      DEMO_DESIGNS: 'off',
      CATALOG: 'kicad',
      // Every login of the tests comes from 127.0.0.1; production keeps 20 codes per address and hour.
      SSO_SMS_PER_IP_HOUR: '10000',
      ...env.extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    }),
  );
  const base = `http://127.0.0.1:${env.port}`;
  const server: AppServer = {
    child,
    pid: child.pid!,
    base,
    output: () => out,
    exited,
    hasExited: () => done,
    stop: async () => {
      if (done) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    kill: async (signal) => {
      if (done) return;
      child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (done) throw new Error(`the server exited during start:\n${out.slice(-4000)}`);
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`the server was not ready within ${readyTimeoutMs} ms:\n${out.slice(-4000)}`);
    }
    const ready = await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
}
