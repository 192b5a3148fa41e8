import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from './helpers/app-server.ts';
import { freshDataDir, freshDatabase } from './helpers/databases.ts';
import { sql } from './helpers/pg-cluster.ts';
import { smsLogin } from './helpers/sso-login.ts';
import { sha256, storedIntact } from './helpers/stored-files.ts';
import { bomCsv, bomForm, designForm } from './helpers/uploads.ts';

// Issue #18 item 1d: the file store's disk is full. A real full file system, not a fault injected
// into our code: DATA_DIR/files is a 4 MB tmpfs (root may mount one; CI runs as root), filled to
// the last byte by a filler file. Uploads then answer 507 with code 50700 and a message in the
// caller's language, store no row and no file, and what was saved before stays whole; once space
// is freed, uploads work again.

const PORT = 4704;
let url: string;
let dataDir: string;
let files: string;
let server: AppServer | undefined;
let mounted = false;

beforeAll(async () => {
  url = await freshDatabase('diskfull');
  dataDir = freshDataDir('diskfull');
  files = join(dataDir, 'files');
  mkdirSync(files, { recursive: true });
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0755', 'tmpfs', files], { encoding: 'utf8' });
  if (mount.status !== 0) throw new Error(`mounting a 4 MB tmpfs on ${files} failed (the disk-full test needs root, as in CI): ${mount.stderr}`);
  mounted = true;
});

afterAll(async () => {
  await server?.stop();
  if (mounted) spawnSync('umount', [files]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Appends to a filler file until the file system refuses (ENOSPC): the disk is then really full. */
function fillDisk(path: string): number {
  const chunk = Buffer.alloc(64 * 1024, 1);
  let written = 0;
  for (;;) {
    try {
      appendFileSync(path, written < 3 * 1024 * 1024 ? chunk : chunk.subarray(0, 1024));
      written += written < 3 * 1024 * 1024 ? chunk.length : 1024;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return written;
      throw error;
    }
  }
}

type Env<T> = { code: number; msg: string; result: T };

describe('disk full on upload', () => {
  it('answers 507 (50700) in the caller’s language, saves nothing, loses nothing, and recovers when space is freed', async () => {
    server = await startServer({ port: PORT, dataDir, databaseUrl: url });
    const token = await smsLogin(server.base, () => {});
    expect(token).toBeTruthy();
    const headers = (lang: string) => ({ 'X-token': token!, 'Accept-Language': lang });

    const csv = bomCsv(40, 'saved');
    const saved = await fetch(`${server.base}/api/chiplet/bom/upload`, { method: 'POST', headers: headers('en'), body: bomForm(csv, 'saved') });
    expect(saved.status).toBe(200);
    const savedId = ((await saved.json()) as Env<{ bomId: string }>).result.bomId;
    const [before] = await sql<{ boms: number; designs: number }>(url, 'SELECT (SELECT count(*)::int FROM boms) AS boms, (SELECT count(*)::int FROM designs) AS designs');

    const filler = join(files, 'filler');
    const filled = fillDisk(filler);
    console.log(`faults: tmpfs of 4 MB filled with ${filled} bytes`);

    const cases = [
      { lang: 'en', path: '/api/chiplet/bom/upload', body: () => bomForm(bomCsv(6000, 'full-en'), 'full-en'), msg: /storage is full/ },
      { lang: 'zh-CN', path: '/api/chiplet/bom/upload', body: () => bomForm(bomCsv(6000, 'full-zh'), 'full-zh'), msg: /存储空间已满/ },
      { lang: 'en', path: '/api/chiplet/viewer/upload', body: designForm, msg: /storage is full/ },
    ];
    for (const c of cases) {
      const res = await fetch(server.base + c.path, { method: 'POST', headers: headers(c.lang), body: c.body() });
      const body = (await res.json()) as Env<null>;
      expect(res.status, `${c.path} ${JSON.stringify(body)}`).toBe(507);
      expect(body).toMatchObject({ code: 50700, result: null });
      expect(body.msg).toMatch(c.msg);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }

    // Nothing saved by the refused uploads, no part file left, the earlier BOM whole and readable.
    const [after] = await sql<{ boms: number; designs: number }>(url, 'SELECT (SELECT count(*)::int FROM boms) AS boms, (SELECT count(*)::int FROM designs) AS designs');
    expect(after).toEqual(before);
    expect(readdirSync(join(files, '.tmp')).filter((n) => n.endsWith('.part'))).toEqual([]);
    expect(storedIntact(dataDir, sha256(csv))).toBe(true);
    const sheet = await fetch(`${server.base}/api/chiplet/bom/headerMatch?bomId=${savedId}`, { headers: headers('en') });
    expect(sheet.status).toBe(200);

    // Space freed: the same upload goes through.
    rmSync(filler);
    const again = await fetch(`${server.base}/api/chiplet/bom/upload`, { method: 'POST', headers: headers('en'), body: bomForm(bomCsv(6000, 'full-en'), 'full-en') });
    expect(again.status).toBe(200);
    expect(server.hasExited()).toBe(false);
  });
});
