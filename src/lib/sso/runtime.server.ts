import { getDb } from '../server/db/runtime.server.ts';
import { logger } from '../server/logger.server.ts';
import { purgeExpired } from './login.server.ts';
import { createSsoApp, type SsoApp } from './sso-app.server.ts';

// One SSO app per process and mount point, over the process-wide database; expired one-time rows
// are purged every 10 minutes.

const apps = new Map<string, Promise<SsoApp>>();
let purger: ReturnType<typeof setInterval> | undefined;

export function getSsoApp(basePath: '' | '/sso' = '/sso'): Promise<SsoApp> {
  let app = apps.get(basePath);
  if (!app) {
    app = (async () => {
      const db = await getDb();
      if (!purger) {
        purger = setInterval(() => {
          purgeExpired(db, Math.floor(Date.now() / 1000)).catch((error: unknown) =>
            logger.warn({ problem: error instanceof Error ? error.message.split('\nparams:')[0] : 'unknown' }, 'sso purge failed'),
          );
        }, 600_000);
        purger.unref();
      }
      return createSsoApp({ db, basePath });
    })();
    apps.set(basePath, app);
  }
  return app;
}
