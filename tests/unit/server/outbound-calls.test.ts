import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue #18 item 4c, the SSRF audit (docs/decisions/0016-reliability-security.md, Security) kept
// true: every server-side file that can open a connection or mentions an HTTP client is listed
// here with where its addresses come from. A new one fails this test until it is audited and added.
// (Browser code, src/islands and src/lib/client, runs in the user's browser and is not listed.)

const ROOT = join(import.meta.dirname, '../../..');
const OUTBOUND = /\bfetch\(|globalThis\.fetch|from 'node:https?'|from 'undici'|from 'axios'|from 'got'|from 'node:net'|from 'node:tls'|new WebSocket\(|createOpenAI|XMLHttpRequest|http\.request\(|https\.get\(/;

/** File → where the addresses it connects to come from ("none": it only serves or inspects). */
const AUDITED: Record<string, string> = {
  'src/lib/files/s3-file-store.server.ts': 'S3_ENDPOINT (operator); object keys are content hashes',
  'src/lib/sso/providers/wechat-open.server.ts': 'api.weixin.qq.com, fixed; the code goes in the query only',
  'src/lib/sso/providers/sms-aliyun.server.ts': 'SMS_ALIYUN_ENDPOINT (operator)',
  'src/lib/sso/providers/sms-tencent.server.ts': 'sms.tencentcloudapi.com, fixed',
  'src/lib/ai/chat/model.server.ts': 'LLM_BASE_URL (operator); messages are text parts only, so the SDK downloads nothing',
  'src/lib/ai/datasheets/passage-vectors.server.ts': 'LLM_BASE_URL (operator)',
  'src/lib/sso/dev-access.server.ts': 'none: node:net isIP for the loopback check',
  'src/pages/api/[...path].ts': 'none: hands the incoming request to the API (app.fetch)',
  'src/pages/api_module/[...path].ts': 'none: app.fetch of the incoming request',
  'src/pages/sso/[...path].ts': 'none: app.fetch of the incoming request',
  'src/pages/mcp.ts': 'none: app.fetch of the incoming request',
  'scripts/start.ts': 'none: the HTTP server',
  'scripts/sso.ts': 'none: the stand-alone SSO server',
  'scripts/lib/operational-endpoints.ts': 'none: node:http types of the server',
  'scripts/lib/static-compressed.ts': 'none: node:http types of the server',
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path);
    return /\.(ts|tsx|mjs|astro)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The part of a file that runs on the server: an Astro page's frontmatter, not its browser scripts. */
function serverSide(file: string, text: string): string {
  if (!file.endsWith('.astro')) return text;
  return /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
}

describe('outbound connections (SSRF audit)', () => {
  it('every server-side file that may connect somewhere is audited, and each audited file still exists', () => {
    const browser = /^src\/(islands|components)\/|^src\/lib\/client\//;
    const found = [...filesUnder(join(ROOT, 'src')), ...filesUnder(join(ROOT, 'scripts'))]
      .map((f) => relative(ROOT, f))
      .filter((f) => !browser.test(f))
      .filter((f) => OUTBOUND.test(serverSide(f, readFileSync(join(ROOT, f), 'utf8'))))
      .sort();
    expect(found).toEqual(Object.keys(AUDITED).sort());
  });
});
