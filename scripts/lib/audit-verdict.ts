// What one `npm audit --audit-level=high --json` run means (scripts/audit.ts): a verdict on the
// dependencies, or "could not run" when the registry's advisory endpoint is unreachable or refuses
// the bulk query (this machine's registry answers 405). Anything not understood fails: a broken
// audit must not read as a clean one.

export type AuditVerdict =
  | { kind: 'clean'; counts: Record<string, number> }
  | { kind: 'findings'; counts: Record<string, number>; high: number; critical: number; packages: string[] }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'broken'; reason: string };

type AuditJson = {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity?: string }>;
  statusCode?: number;
  message?: string;
  error?: { code?: string; summary?: string };
  code?: string;
};

/** Network failures and endpoint refusals: the audit had no data to judge by. */
const UNREACHABLE = /\b(405|404|501|502|503|504)\b|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|audit endpoint returned an error|request to .* failed/i;

export function auditVerdict(stdout: string, stderr: string): AuditVerdict {
  let json: AuditJson | undefined;
  try {
    json = JSON.parse(stdout) as AuditJson;
  } catch {
    json = undefined;
  }
  const counts = json?.metadata?.vulnerabilities;
  if (counts && typeof counts === 'object') {
    const high = counts['high'] ?? 0;
    const critical = counts['critical'] ?? 0;
    if (high + critical === 0) return { kind: 'clean', counts };
    const packages = Object.entries(json?.vulnerabilities ?? {})
      .filter(([, v]) => v.severity === 'high' || v.severity === 'critical')
      .map(([name, v]) => `${name} (${v.severity})`);
    return { kind: 'findings', counts, high, critical, packages };
  }
  const said = [json?.statusCode ? String(json.statusCode) : '', json?.message ?? '', json?.error?.code ?? '', json?.error?.summary ?? '', json?.code ?? '', stderr].join(' ');
  if (UNREACHABLE.test(said)) {
    const line = (json?.message ?? stderr.split('\n').find((l) => UNREACHABLE.test(l)) ?? 'no answer').trim();
    return { kind: 'unreachable', reason: line.replace(/^npm (warn|error) (audit )?/i, '') };
  }
  return { kind: 'broken', reason: (json?.message ?? stderr.trim().split('\n').pop() ?? 'no output').slice(0, 300) };
}
