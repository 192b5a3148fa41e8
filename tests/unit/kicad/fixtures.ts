// Paths and loaders for the KiCad test fixtures (tests/fixtures/kicad).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/kicad/', import.meta.url));

export function fixtureText(name: string): string {
  return readFileSync(FIXTURES + name, 'utf8');
}

export function fixtureBytes(name: string): Uint8Array {
  return readFileSync(FIXTURES + name);
}

/** Installed KiCad libraries (Debian packages kicad-symbols / kicad-footprints). */
export const KICAD_SYMBOLS_DIR = '/usr/share/kicad/symbols';
export const KICAD_FOOTPRINTS_DIR = '/usr/share/kicad/footprints';
export const HAVE_KICAD_SYMBOLS = existsSync(KICAD_SYMBOLS_DIR);
export const HAVE_KICAD_FOOTPRINTS = existsSync(KICAD_FOOTPRINTS_DIR);

export function installedSymbolLibraries(): string[] {
  return readdirSync(KICAD_SYMBOLS_DIR)
    .filter((f) => f.endsWith('.kicad_sym'))
    .sort()
    .map((f) => `${KICAD_SYMBOLS_DIR}/${f}`);
}

export function installedFootprints(): string[] {
  const out: string[] = [];
  for (const lib of readdirSync(KICAD_FOOTPRINTS_DIR).sort()) {
    if (!lib.endsWith('.pretty')) continue;
    for (const f of readdirSync(`${KICAD_FOOTPRINTS_DIR}/${lib}`).sort()) {
      if (f.endsWith('.kicad_mod')) out.push(`${KICAD_FOOTPRINTS_DIR}/${lib}/${f}`);
    }
  }
  return out;
}

/** Real KiCad 7–9 projects (tests/fixtures/kicad/projects, sources in its SOURCES.md). */
export const KICAD_PROJECTS_DIR = FIXTURES + 'projects/';

export interface FixtureProject {
  name: string;
  dir: string;
  /** File names in the folder (not paths), sorted. */
  files: string[];
}

export function fixtureProjects(): FixtureProject[] {
  return readdirSync(KICAD_PROJECTS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const dir = `${KICAD_PROJECTS_DIR}${name}/`;
      return { name, dir, files: readdirSync(dir).sort() };
    });
}

/** Debian's kicad-demos (KiCad 6 projects plus one KiCad 5 board); .ci/run installs it. */
export const KICAD_DEMOS_DIR = '/usr/share/kicad/demos';
export const HAVE_KICAD_DEMOS = existsSync(KICAD_DEMOS_DIR);
export const KICAD_DEMOS_SKIP_REASON = 'needs Debian kicad-demos in /usr/share/kicad/demos (installed by .ci/run; issue #13)';

/** Every file under `root` (all depths) whose name ends with `ext`, sorted. */
export function filesUnder(root: string, ext: string): string[] {
  const out: string[] = [];
  const pending = [root];
  for (let d = pending.pop(); d !== undefined; d = pending.pop()) {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory()) pending.push(p);
      else if (e.name.endsWith(ext)) out.push(p);
    }
  }
  return out.sort();
}
