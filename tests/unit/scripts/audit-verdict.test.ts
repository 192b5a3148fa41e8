import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../../../scripts/lib/audit-verdict.ts';

// scripts/audit.ts's reading of `npm audit --json`: shapes taken from npm 11's real output.

const report = (vulnerabilities: Record<string, number>, packages: Record<string, { severity: string }> = {}) =>
  JSON.stringify({ auditReportVersion: 2, vulnerabilities: packages, metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...vulnerabilities }, dependencies: { total: 900 } } });

describe('npm audit verdict', () => {
  it('clean when nothing high or critical applies, whatever the lower counts', () => {
    expect(auditVerdict(report({}), '').kind).toBe('clean');
    expect(auditVerdict(report({ low: 3, moderate: 2, total: 5 }), '').kind).toBe('clean');
  });
  it('fails on high or critical findings and names the packages', () => {
    const v = auditVerdict(report({ high: 1, critical: 1, total: 2 }, { xlsx: { severity: 'high' }, 'lodash.template': { severity: 'critical' }, debug: { severity: 'low' } }), '');
    expect(v).toMatchObject({ kind: 'findings', high: 1, critical: 1, packages: ['xlsx (high)', 'lodash.template (critical)'] });
  });
  it("says the audit could not run when the registry refuses the bulk query (this machine's 405)", () => {
    const stdout = JSON.stringify({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', method: 'POST', statusCode: 405, body: '' });
    const v = auditVerdict(stdout, 'npm warn audit 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk\nnpm error audit endpoint returned an error\n');
    expect(v.kind).toBe('unreachable');
    expect(v.kind === 'unreachable' && v.reason).toContain('405 Method Not Allowed');
  });
  it('says the audit could not run when the network is down', () => {
    expect(auditVerdict('', 'npm error code ENOTFOUND\nnpm error request to https://registry.npmjs.org/-/npm/v1/security/advisories/bulk failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org').kind).toBe('unreachable');
    expect(auditVerdict(JSON.stringify({ error: { code: 'ECONNREFUSED', summary: 'connect ECONNREFUSED' } }), '').kind).toBe('unreachable');
  });
  it('anything else is a broken audit, never a pass', () => {
    expect(auditVerdict('', 'npm error code ENOLOCK\nnpm error audit This command requires an existing lockfile.').kind).toBe('broken');
    expect(auditVerdict('not json', '').kind).toBe('broken');
    expect(auditVerdict('{}', '').kind).toBe('broken');
  });
});
