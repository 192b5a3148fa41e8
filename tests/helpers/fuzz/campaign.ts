import fc from 'fast-check';
import { answerProblem, describe, send, SESSION, type FuzzRequest } from './fuzz-request.ts';

// The campaign's bookkeeping: a fixed seed and a bounded number of runs per operation (FUZZ_RUNS
// and FUZZ_SEED for a long campaign), counts, and findings with the smallest request that shows
// each (fast-check shrinks the failing request).

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 6);
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 18);
/** A long campaign (FUZZ_RUNS given) also sends every hostile file under every name; CI alternates names. */
export const FUZZ_LONG = process.env.FUZZ_RUNS !== undefined;
/** A request that takes longer than this is a hang. */
export const FUZZ_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 15_000);

export type Finding = { operation: string; problem: string; request: string };

export class Campaign {
  /** Mints a live session for a request that stands for one (logging out or changing the phone revokes them). */
  private readonly session: () => Promise<string>;
  constructor(session: () => Promise<string>) {
    this.session = session;
  }

  operations = 0;
  requests = 0;
  files = 0;
  readonly findings: Finding[] = [];
  readonly statuses = new Map<number, number>();
  slowest = { ms: 0, request: '' };

  /** Sends one request and checks its answer; false (with a finding) when something is wrong. */
  async probe(
    fetcher: (url: string, init: RequestInit, ip: string) => Response | Promise<Response>,
    req: FuzzRequest,
    envelope: 'api' | 'sso' | 'ssoPage',
  ): Promise<string | null> {
    this.requests++;
    if (req.headers['x-token'] === SESSION) req = { ...req, headers: { ...req.headers, 'x-token': await this.session() } };
    const answer = await send(fetcher, req, FUZZ_TIMEOUT_MS);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (answer.ms > this.slowest.ms) this.slowest = { ms: Math.round(answer.ms), request: describe(req) };
    return answerProblem(answer, req, envelope);
  }

  /** Runs the property for one operation; a failure is recorded (shrunk), not thrown, so every operation runs. */
  async run(operation: string, arbitrary: fc.Arbitrary<FuzzRequest>, check: (req: FuzzRequest) => Promise<string | null>, runs = FUZZ_RUNS): Promise<void> {
    this.operations++;
    let last: { problem: string; request: string } | undefined;
    const details = await fc.check(
      fc.asyncProperty(arbitrary, async (req) => {
        const problem = await check(req);
        if (problem) last = { problem, request: describe(req) };
        return problem === null;
      }),
      { seed: FUZZ_SEED, numRuns: runs, interruptAfterTimeLimit: Math.max(60_000, runs * 2_000) },
    );
    if (details.failed && last) this.findings.push({ operation, ...last });
  }

  summary(): Record<string, unknown> {
    return {
      operations: this.operations,
      requests: this.requests,
      files: this.files,
      findings: this.findings.length,
      statuses: Object.fromEntries([...this.statuses].sort((a, b) => a[0] - b[0])),
      slowestMs: this.slowest.ms,
      slowest: this.slowest.request.slice(0, 160),
      runsPerOperation: FUZZ_RUNS,
      seed: FUZZ_SEED,
    };
  }
}
