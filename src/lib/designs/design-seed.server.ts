import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FileStore } from '../files/file-store.ts';
import { createZip } from '../files/zip.ts';
import type { WorkerPool } from '../jobs/worker-pool.server.ts';
import type { Db } from '../server/db/client.server.ts';
import { designs, users } from '../server/db/schema/index.ts';
import { AppError } from '../server/errors.ts';
import { logger } from '../server/logger.server.ts';
import { uploadDesign } from '../viewer/viewer-upload.server.ts';
import { queueDesignAnalysis } from './design-analysis.server.ts';
import { DEMO_NICKNAME, DESIGN_LICENCES, normaliseTags, type DesignLicence } from './designs.ts';

// Demo content (issue #14 item 8): on a fresh install the gallery, Top100 and 'used in N designs'
// are real. KiCad's demo projects (Debian's kicad-demos) and the viewer's fixture projects are
// published as public designs of a system account, each labelled with where it comes from and its
// licence. Nothing else is invented: no likes, no visits. Idempotent (a project already published
// is skipped), sequential and analysed in the background queue, so a start is not held up.

export const DEMO_USERNAME = 'kicad-demos';
export { DEMO_NICKNAME };
export const KICAD_DEMOS_DIR = '/usr/share/kicad/demos';
export const FIXTURE_PROJECTS_DIR = 'tests/fixtures/kicad/projects';

export type DemoProject = {
  /** Project name (the .kicad_pro stem). */
  name: string;
  /** Absolute paths → names inside the design (paths relative to the project's folder). */
  files: { path: string; name: string }[];
  licence: DesignLicence;
  attribution: string;
  tags: string[];
};

const SHEETFILE = /\(property\s+"Sheet ?file"\s+"([^"]+)"/gi;

/** The project file, its board and the sheets its root sheet reaches (KiCad 6+ files only). */
function projectFiles(dir: string, stem: string): { path: string; name: string }[] {
  const out = [{ path: join(dir, `${stem}.kicad_pro`), name: `${stem}.kicad_pro` }];
  const pcb = join(dir, `${stem}.kicad_pcb`);
  if (existsSync(pcb)) out.push({ path: pcb, name: `${stem}.kicad_pcb` });
  const seen = new Set<string>();
  const visit = (rel: string) => {
    const clean = rel.replace(/\\/g, '/');
    if (seen.has(clean) || seen.size > 200) return;
    const path = join(dir, clean);
    if (!existsSync(path) || !statSync(path).isFile()) return;
    seen.add(clean);
    out.push({ path, name: clean });
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(SHEETFILE)) visit(join(clean, '..', m[1]!).replace(/\\/g, '/'));
  };
  visit(`${stem}.kicad_sch`);
  return out;
}

function walkProjects(root: string): { dir: string; stem: string }[] {
  const found: { dir: string; stem: string }[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 4) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isDirectory()) walk(join(dir, entry.name), depth + 1);
      else if (entry.name.endsWith('.kicad_pro')) found.push({ dir, stem: entry.name.slice(0, -'.kicad_pro'.length) });
    }
  };
  walk(root, 0);
  return found;
}

/** KiCad's demo projects: GPL-3.0-or-later, like KiCad itself (Debian's copyright file for kicad-demos). */
export function kicadDemoProjects(root: string): DemoProject[] {
  if (!existsSync(root)) return [];
  return walkProjects(root).map(({ dir, stem }) => ({
    name: stem,
    files: projectFiles(dir, stem),
    licence: 'GPL-3.0-or-later',
    attribution: `KiCad demo project "${relative(root, dir) || stem}" (kicad-demos), GPL-3.0-or-later`,
    tags: normaliseTags(['kicad-demo', stem]),
  }));
}

/** Licences named in SOURCES.md that the licence list spells differently. */
const LICENCE_ALIASES: Record<string, DesignLicence> = { 'GPL-3.0': 'GPL-3.0-or-later' };

type Source = { repository: string; licenceText: string; licence: DesignLicence };

/** The `## \`folder\`` sections of the fixtures' SOURCES.md: repository and licence of each. */
export function fixtureSources(markdown: string): Map<string, Source> {
  const out = new Map<string, Source>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const folder = /^`([^`]+)`/.exec(section)?.[1];
    const repository = /\*\*Repository\*\*:\s*(\S+)/.exec(section)?.[1];
    const licenceLine = /\*\*Licence\*\*:([^\n]*(?:\n {2}[^\n]*)*)/.exec(section)?.[1] ?? '';
    const named = [...licenceLine.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!.trim());
    const licence = named.map((n) => ((DESIGN_LICENCES as readonly string[]).includes(n) ? (n as DesignLicence) : LICENCE_ALIASES[n])).find(Boolean);
    if (folder && repository && licence) out.set(folder, { repository, licenceText: named.join(' or '), licence });
  }
  return out;
}

/** The viewer's fixture projects, each with the repository and licence its SOURCES.md records (others are skipped). */
export function fixtureProjects(root: string): DemoProject[] {
  const sourcesPath = join(root, 'SOURCES.md');
  if (!existsSync(sourcesPath)) return [];
  const sources = fixtureSources(readFileSync(sourcesPath, 'utf8'));
  const out: DemoProject[] = [];
  for (const [folder, source] of sources) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const { stem } of walkProjects(dir)) {
      out.push({
        name: stem,
        files: projectFiles(dir, stem),
        licence: source.licence,
        attribution: `${source.repository} (${source.licenceText})`,
        tags: normaliseTags(['open-hardware', folder]),
      });
    }
  }
  return out;
}

async function systemUser(db: Db): Promise<number> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERNAME)).limit(1);
  if (found) return found.id;
  const [made] = await db.insert(users).values({ username: DEMO_USERNAME, nickname: DEMO_NICKNAME }).returning({ id: users.id });
  return made!.id;
}

export type SeedOptions = {
  /** KiCad's demos folder (null: none). Default /usr/share/kicad/demos. */
  demosDir?: string | null;
  /** The fixture projects folder with its SOURCES.md (null: none). Default tests/fixtures/kicad/projects. */
  fixturesDir?: string | null;
  now?: Date;
};

/** Publishes every demo project not yet published; queues their analyses; returns what it added. */
export async function seedDemoDesigns(db: Db, store: FileStore, pool: WorkerPool, opts: SeedOptions = {}): Promise<{ added: number; skipped: number; failed: number }> {
  const projects = [
    ...(opts.demosDir === null ? [] : kicadDemoProjects(opts.demosDir ?? KICAD_DEMOS_DIR)),
    ...(opts.fixturesDir === null ? [] : fixtureProjects(opts.fixturesDir ?? FIXTURE_PROJECTS_DIR)),
  ];
  if (projects.length === 0) return { added: 0, skipped: 0, failed: 0 };
  const ownerId = await systemUser(db);
  const existing = new Set(
    (await db.select({ name: designs.name }).from(designs).where(and(eq(designs.ownerId, ownerId), eq(designs.isDemo, true)))).map((d) => d.name),
  );
  let added = 0;
  let skipped = 0;
  let failed = 0;
  for (const p of projects) {
    if (existing.has(p.name)) {
      skipped++;
      continue;
    }
    existing.add(p.name);
    // One zip per project, so sheets in sub-folders keep their paths.
    const zip = createZip(p.files.map((f) => ({ name: f.name, data: new Uint8Array(readFileSync(f.path)) })));
    try {
      const stored = await uploadDesign(db, store, pool, {
        uploads: [{ blob: new Blob([new Uint8Array(zip)]), name: `${p.name}.zip` }],
        ownerId,
        locale: 'en',
        fields: { title: p.name, tags: p.tags, licence: p.licence, visibility: 'public', publishedAt: opts.now ?? new Date(), isDemo: true, attribution: p.attribution },
      });
      queueDesignAnalysis(db, stored.designId, { store, pool });
      added++;
    } catch (error) {
      // A project our reader refuses (KiCad 5 files, say) is left out, not fatal.
      if (!(error instanceof AppError)) throw error;
      logger.info({ project: p.name, reason: error.message }, 'demo project not published');
      failed++;
    }
  }
  return { added, skipped, failed };
}
