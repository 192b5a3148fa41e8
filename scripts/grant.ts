// npm run grant -- operator <phone>     make the user with this phone an operator (reviews catalogue proposals)
// npm run grant -- revoke <phone>       take the role back (also: `user <phone>`)
// The phone as typed: 13800138000, +86 138 0013 8000, 86-13800138000 (area code 86 unless given).
// Opens the configured database like `npm start` (DATABASE_URL, else PGlite in DATA_DIR). The only
// way to change a role: no API call can (issue #16 item 5). Prints one JSON line; exit 0 on
// success, 1 when no such user, 2 on bad usage or a database that cannot be opened.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, getConfig } from '../src/lib/server/config.server.ts';
import type { Db } from '../src/lib/server/db/client.server.ts';
import { setRoleByPhone, type GrantOutcome } from '../src/lib/library/operator.server.ts';
import type { Role } from '../src/lib/library/submissions.ts';

export const USAGE = 'usage: npm run grant -- operator <phone> | npm run grant -- revoke <phone>';

/** The role an argument names: operator, or user (revoke/user). */
export function roleOfCommand(command: string | undefined): Role | null {
  if (command === 'operator') return 'operator';
  if (command === 'revoke' || command === 'user') return 'user';
  return null;
}

/** One plain sentence for the operator, next to the JSON line. */
export function describeOutcome(o: GrantOutcome): string {
  if (!o.ok) {
    if (o.reason === 'badPhone') return `grant: '${o.phone}' is not a phone number (e.g. 13800138000 or +86 13800138000)`;
    if (o.reason === 'ambiguous') return `grant: ${o.matches} users have the phone +${o.areacode} ${o.phone}; nothing changed`;
    return `grant: no user has the phone +${o.areacode} ${o.phone} (they must log in once first); nothing changed`;
  }
  if (!o.changed) return `grant: ${o.username} (+${o.areacode} ${o.phone}) already has the role '${o.role}'`;
  return `grant: ${o.username} (+${o.areacode} ${o.phone}) is now '${o.role}' (was '${o.previous}')`;
}

/** The whole command on an open database; returns the exit code. */
export async function runGrant(db: Db, args: readonly string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const [command, ...rest] = args;
  const role = roleOfCommand(command);
  const phone = rest.join(' ').trim();
  if (!role || !phone) {
    err(USAGE);
    return 2;
  }
  const outcome = await setRoleByPhone(db, phone, role);
  out(JSON.stringify(outcome));
  (outcome.ok ? out : err)(describeOutcome(outcome));
  return outcome.ok ? 0 : 1;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (!roleOfCommand(args[0]) || args.length < 2) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`grant: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (!config.DATABASE_URL) {
    // PGlite is one process's database: a running server holds it (postmaster.pid is present while
    // open). Writing from a second process would be lost or corrupt it, so refuse.
    const pid = resolve(config.DATA_DIR, 'pglite', 'postmaster.pid');
    if (existsSync(pid)) {
      console.error(
        `grant: the database in ${config.DATA_DIR} is open in another process (a running server?). Stop the server and run the command again, ` +
          `or run the server on PostgreSQL (DATABASE_URL) so operator commands can run beside it. If no process uses it, remove ${pid}.`,
      );
      return 2;
    }
  }
  const { getDatabase } = await import('../src/lib/server/db/runtime.server.ts');
  const database = await getDatabase();
  try {
    return await runGrant(database.db, args);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await main());
