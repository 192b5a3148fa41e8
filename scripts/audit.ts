// `npm run audit`: `npm audit --audit-level=high` with a verdict a CI line can trust (issue #18
// item 4). Exit 0 when no high or critical advisory applies; 1 on findings or an audit that broke;
// 0 with a SKIPPED line when the registry's advisory endpoint cannot be reached or refuses the bulk
// query (405 here), since then there is no verdict to give. AUDIT_REQUIRED=1 turns that skip into
// a failure (a CI with a reachable registry).
import { spawnSync } from 'node:child_process';
import { auditVerdict } from './lib/audit-verdict.ts';

const run = spawnSync('npm', ['audit', '--audit-level=high', '--json'], { encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
const verdict = auditVerdict(run.stdout ?? '', `${run.stderr ?? ''}${run.error ? ` ${run.error.message}` : ''}`);
const summary = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/** The line to print and the exit code, by verdict. */
function outcome(): { out: 'log' | 'error'; line: string; code: 0 | 1 } {
  switch (verdict.kind) {
    case 'clean':
      return { out: 'log', line: `audit: passed, no high or critical advisories (${summary(verdict.counts)})`, code: 0 };
    case 'findings':
      return {
        out: 'error',
        line: `audit: FAILED, ${verdict.high} high and ${verdict.critical} critical advisories: ${verdict.packages.join(', ')} (\`npm audit\` shows the details and the fixes)`,
        code: 1,
      };
    case 'unreachable':
      return process.env.AUDIT_REQUIRED === '1'
        ? { out: 'error', line: `audit: FAILED, the advisory endpoint could not be reached (${verdict.reason}) and AUDIT_REQUIRED=1`, code: 1 }
        : { out: 'log', line: `audit: SKIPPED, the audit could not run: the registry's advisory endpoint did not answer the query (${verdict.reason}); no verdict on the dependencies`, code: 0 };
    case 'broken':
      return { out: 'error', line: `audit: FAILED, npm audit gave no verdict: ${verdict.reason}`, code: 1 };
  }
}
const { out, line, code } = outcome();
console[out](line);
process.exit(code);
