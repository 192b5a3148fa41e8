import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designAnalysesSettled, resumeDesignAnalysis } from '../../src/lib/designs/design-analysis.server.ts';
import { DEMO_USERNAME, fixtureSources, seedDemoDesigns } from '../../src/lib/designs/design-seed.server.ts';
import type { DesignList } from '../../src/lib/designs/designs.schema.ts';
import { sharedWorkerPool } from '../../src/lib/jobs/worker-pool.server.ts';
import { designs, users } from '../../src/lib/server/db/schema/index.ts';
import { call, createWorld, type World } from '../helpers/bom-world.ts';
import { FIXTURES, KICAD_DEMOS } from '../helpers/design-world.ts';

// The demo seed (issue #14 item 8) on a small copy: one KiCad demo project (when Debian's
// kicad-demos is installed) and one fixture project with its SOURCES.md. Public, labelled, owned by
// the system account, analysed in the background, no likes or visits; a second run adds nothing.

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const haveDemos = existsSync(join(KICAD_DEMOS, 'complex_hierarchy/complex_hierarchy.kicad_pro'));

let w: World;
let dir: string;
beforeAll(async () => {
  w = await createWorld();
  dir = await mkdtemp(join(tmpdir(), 'chipedia-seed-'));
  mkdirSync(join(dir, 'demos'));
  mkdirSync(join(dir, 'fixtures'));
  if (haveDemos) cpSync(join(KICAD_DEMOS, 'complex_hierarchy'), join(dir, 'demos/complex_hierarchy'), { recursive: true });
  cpSync(join(FIXTURES, 'olimex-mod-esp32-c5'), join(dir, 'fixtures/olimex-mod-esp32-c5'), { recursive: true });
  writeFileSync(join(dir, 'fixtures/SOURCES.md'), readFileSync(join(FIXTURES, 'SOURCES.md')));
});
afterAll(async () => {
  await w?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe(`demo designs seed (${label})`, () => {
  it('reads each fixture’s repository and licence from SOURCES.md', () => {
    const sources = fixtureSources(readFileSync(join(FIXTURES, 'SOURCES.md'), 'utf8'));
    expect(sources.get('olimex-mod-esp32-c5')).toMatchObject({ repository: 'https://github.com/OLIMEX/MOD-ESP32-C5', licence: 'CERN-OHL-S-2.0' });
    expect(sources.get('glasgow-revc')).toMatchObject({ repository: 'https://github.com/GlasgowEmbedded/glasgow', licence: 'Apache-2.0' });
    expect(sources.get('libresolar-bms-c1')?.licence).toBe('CERN-OHL-W-2.0');
    expect(sources.size).toBe(6);
  });

  it('publishes the projects once, labelled, with no likes or visits, and analyses them', async () => {
    const opts = { demosDir: join(dir, 'demos'), fixturesDir: join(dir, 'fixtures') };
    const first = await seedDemoDesigns(w.database.db, w.store, sharedWorkerPool(), opts);
    expect(first).toEqual({ added: haveDemos ? 2 : 1, skipped: 0, failed: 0 });
    await designAnalysesSettled();
    const second = await seedDemoDesigns(w.database.db, w.store, sharedWorkerPool(), opts);
    expect(second).toEqual({ added: 0, skipped: first.added, failed: 0 });

    const [system] = await w.database.db.select().from(users).where(eq(users.username, DEMO_USERNAME));
    expect(system!.nickname).toBe('KiCad 示例工程');
    const rows = await w.database.db.select().from(designs).where(eq(designs.ownerId, system!.id));
    expect(rows.length).toBe(first.added);
    for (const r of rows) {
      expect(r).toMatchObject({ visibility: 'public', isDemo: true, likeCount: 0, visitCount: 0, analysis: 'ok' });
      expect(r.publishedAt).not.toBeNull();
      expect(r.coverKey).toBeTruthy();
    }
    const olimex = rows.find((r) => r.name === 'MOD-ESP32-C5_Rev_A')!;
    expect(olimex).toMatchObject({ licence: 'CERN-OHL-S-2.0', attribution: 'https://github.com/OLIMEX/MOD-ESP32-C5 (CERN-OHL-S-2.0)' });
    expect(olimex.tags).toEqual(['open-hardware', 'olimex-mod-esp32-c5']);
    if (haveDemos) {
      const demo = rows.find((r) => r.name === 'complex_hierarchy')!;
      expect(demo).toMatchObject({ licence: 'GPL-3.0-or-later', tags: ['kicad-demo', 'complex_hierarchy'] });
      expect(demo.attribution).toMatch(/^KiCad demo project "complex_hierarchy" \(kicad-demos\), GPL-3\.0-or-later$/);
      expect((demo.stats as { sheets: number }).sheets).toBeGreaterThan(1);
    }
    const gallery = await call<DesignList>(w, 'GET', '/design/all?tag=kicad-demo');
    expect(gallery.body.result.total).toBe(haveDemos ? 1 : 0);
    if (haveDemos) expect(gallery.body.result.list[0]).toMatchObject({ isDemo: true, owner: { nickname: 'KiCad 示例工程' }, likeCount: 0, visitCount: 0 });
    // The owner the site names reads in the caller's language (issue #32): no Chinese on /en cards.
    const galleryEn = await call<DesignList>(w, 'GET', '/design/all?tag=kicad-demo', { locale: 'en' });
    if (haveDemos) expect(galleryEn.body.result.list[0]).toMatchObject({ isDemo: true, owner: { nickname: 'KiCad example projects' } });
    // Nothing is left pending for the start-up sweep.
    expect(await resumeDesignAnalysis(w.database.db)).toBe(0);
  }, 120_000);
});
