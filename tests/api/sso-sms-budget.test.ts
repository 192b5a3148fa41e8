import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metrics } from '../../src/lib/server/observability/metrics.server.ts';
import { makeSso } from '../../src/lib/sso/testing.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// Issue #18 item 4: past the operator's daily SMS budget, every send counts in the alarm counter
// and the crossing is logged at error level; sends are not refused by the alarm.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock = { now: 1_950_000_000 };
const lines: { level: number; msg: string; sentLast24h?: number; budget?: number }[] = [];
const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as (typeof lines)[number]) });
let sso: ReturnType<typeof makeSso>;

beforeAll(async () => {
  database = await createTestDatabase();
  sso = makeSso(database.db, clock, { smsDailyBudget: 2, logger });
});
afterAll(async () => {
  await database?.close();
});

describe(`SMS daily budget alarm (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('counts sends across 24 h and raises the alarm past the budget', async () => {
    const alarms = async () => (await metrics().smsBudgetExceeded.get()).values[0]?.value ?? 0;
    const before = await alarms();
    const budgetLines = () => lines.filter((l) => l.msg === 'SMS daily budget passed');
    for (const [i, phone] of ['13700000001', '13700000002'].entries()) {
      expect((await sso.sendCode(phone, `198.51.100.${i + 1}`)).body.error_code).toBe(0);
    }
    expect(await alarms()).toBe(before);
    expect(budgetLines()).toHaveLength(0);

    expect((await sso.sendCode('13700000003', '198.51.100.3')).body.error_code).toBe(0);
    expect(await alarms()).toBe(before + 1);
    expect(budgetLines()).toEqual([expect.objectContaining({ level: 50, sentLast24h: 3, budget: 2 })]);
    // The log line names counts, never the phone.
    expect(JSON.stringify(budgetLines())).not.toContain('13700000003');

    // A day later the window has moved on: no alarm.
    clock.now += 86_401;
    expect((await sso.sendCode('13700000004', '198.51.100.4')).body.error_code).toBe(0);
    expect(await alarms()).toBe(before + 1);
  });
});
