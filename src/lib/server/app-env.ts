import type { Db } from './db/client.server.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { Logger } from './logger.server.ts';
import type { SessionUser } from './auth.server.ts';

/** What every handler finds on `c.var`. */
export type AppEnv = {
  /** What the host passes as the second argument of fetch: the client address from the socket. */
  Bindings: { ip?: string | undefined };
  Variables: {
    /** The socket's peer address ('unknown' where the host cannot tell); never X-Forwarded-For. */
    ip: string;
    db: Db;
    locale: Locale;
    log: Logger;
    requestId: string;
    /** Seconds since the epoch; injectable so tests can move the clock. */
    now: () => number;
    user: SessionUser;
  };
};
