import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { dbFailure, loggableError } from '../../../src/lib/server/db-failure.server.ts';

// The one classifier behind every app's 503: the database's state, not the query's fault.
const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new DrizzleQueryError('select "id" from "users" where "phone" = $1', ['13812341234'], cause as Error);

describe('dbFailure', () => {
  it('knows the SQLSTATE classes 08, 53 and 57, bare or wrapped by Drizzle', () => {
    expect(dbFailure(pgError('53300', 'sorry, too many clients already'))).toBe('53300');
    expect(dbFailure(wrapped(pgError('53300')))).toBe('53300');
    expect(dbFailure(wrapped(pgError('57P01', 'terminating connection due to administrator command')))).toBe('57P01');
    expect(dbFailure(wrapped(pgError('08006')))).toBe('08006');
    expect(dbFailure(pgError('53200', 'out of memory'))).toBe('53200');
  });

  it('knows lost sockets, an address list that all refused, and a closed PGlite', () => {
    expect(dbFailure(pgError('ECONNREFUSED'))).toBe('ECONNREFUSED');
    expect(dbFailure(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')], 'connect failed'))).toBe('ECONNREFUSED');
    expect(dbFailure(wrapped(new Error('PGlite is closed')))).toBe('PGlite is closed');
    expect(dbFailure(new Error('Connection terminated unexpectedly'))).toBe('Connection terminated');
  });

  it('leaves a query\'s own errors and everything else to be bugs (500)', () => {
    expect(dbFailure(wrapped(pgError('23505', 'duplicate key value violates unique constraint')))).toBeNull();
    expect(dbFailure(wrapped(pgError('42P01', 'relation "nope" does not exist')))).toBeNull();
    expect(dbFailure(new TypeError('x is undefined'))).toBeNull();
    expect(dbFailure(undefined)).toBeNull();
    expect(dbFailure(pgError('5330'))).toBeNull();
  });

  it('survives a cause cycle', () => {
    const a = pgError('XX000') as Error & { cause?: unknown };
    a.cause = a;
    expect(dbFailure(a)).toBeNull();
  });
});

describe('loggableError', () => {
  it('keeps the SQL and the driver\'s reason, never the parameters', () => {
    const logged = loggableError(wrapped(pgError('53300', 'sorry, too many clients already')));
    expect(logged).toMatchObject({ dbCode: '53300', cause: 'sorry, too many clients already' });
    expect(logged.problem).toContain('select "id" from "users"');
    expect(JSON.stringify(logged)).not.toContain('13812341234');
  });
});
