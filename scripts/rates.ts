// npm run rates -- set <CUR> <CNY per unit>   e.g. npm run rates -- set USD 7.12
// npm run rates -- list
// npm run rates -- delete <CUR>
// The operator's display rates for supply-chain offers (ADR 0015 §4): 1 unit of <CUR> = the given
// CNY, stored as integer micros (at most 6 decimals). CNY is always 1 and cannot be set. Rates
// only convert prices for display; offers keep and show their original currency.
import { userInfo } from 'node:os';
import { parseDecimalMicros } from '../src/lib/offers/offers.ts';
import { CURRENCY_CODES, deleteRate, listRates, setRate } from '../src/lib/offers/offers.server.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';

const USAGE = 'usage: npm run rates -- set <CUR> <CNY per unit> | list | delete <CUR>';
const [command, currencyArg, rateArg] = process.argv.slice(2);
const currency = currencyArg?.toUpperCase();
const fail = (message: string, code = 2): never => {
  console.error(message);
  process.exit(code);
};

if (command === 'set' || command === 'delete') {
  if (!currency || !CURRENCY_CODES.has(currency)) fail(`unknown currency ${currencyArg ?? ''} (known: ${[...CURRENCY_CODES].join(', ')})\n${USAGE}`);
  if (currency === 'CNY') fail('CNY is the base currency (always 1)');
}
let micros: number | null = null;
if (command === 'set') {
  micros = rateArg === undefined ? null : parseDecimalMicros(rateArg);
  if (micros === null) fail(`rate must be a positive decimal number with at most 6 decimals (CNY per 1 ${currency}), got ${rateArg ?? 'nothing'}\n${USAGE}`);
} else if (command !== 'list' && command !== 'delete') fail(USAGE);

const database = await getDatabase();
let exitCode = 0;
try {
  if (command === 'set') {
    await setRate(database.db, currency!, micros!, `cli:${userInfo().username}`);
    console.log(JSON.stringify({ ok: true, currency, rateToCny: micros! / 1_000_000 }));
  } else if (command === 'delete') {
    const deleted = await deleteRate(database.db, currency!);
    console.log(JSON.stringify({ ok: deleted, currency, deleted }));
    if (!deleted) exitCode = 1;
  } else {
    for (const r of await listRates(database.db)) console.log(JSON.stringify(r));
  }
} finally {
  await database.close();
}
process.exit(exitCode);
