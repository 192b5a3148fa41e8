import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../server/db/client.server.ts';
import { ssoRateEvents } from '../server/db/schema/sso.ts';
import { metrics } from '../server/observability/metrics.server.ts';

// The operator's daily SMS budget (issue #18 item 4): every send is one event in the shared
// rate-event log, so all nodes count together; past the budget, each send raises the alarm counter
// and the crossing (then every 100th send) is logged at error level. Sends are not stopped: the
// per-phone and per-IP limits do that; this tells the operator that someone is spending money.

const KEY = 'sms-sent-all';
const DAY = 86_400;

export async function noteSmsSend(db: Db, now: number, budget: number, log: Logger): Promise<{ today: number; over: boolean }> {
  await db.delete(ssoRateEvents).where(and(eq(ssoRateEvents.key, KEY), lt(ssoRateEvents.at, now - DAY)));
  await db.insert(ssoRateEvents).values({ key: KEY, at: now });
  const [row] = await db
    .select({ n: count() })
    .from(ssoRateEvents)
    .where(and(eq(ssoRateEvents.key, KEY), gt(ssoRateEvents.at, now - DAY)));
  const today = Number(row?.n ?? 0);
  const over = today > budget;
  if (over) {
    metrics().smsBudgetExceeded.inc();
    if (today === budget + 1 || (today - budget) % 100 === 0) log.error({ sentLast24h: today, budget }, 'SMS daily budget passed');
  }
  return { today, over };
}
