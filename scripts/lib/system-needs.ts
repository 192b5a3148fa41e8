// What `npm test`'s steps need from the system, checked in its first seconds (issue #31 item 6):
// a step must never fail late for a missing package. As root with apt-get (a fresh Debian machine,
// as `.ci/run` has) the missing packages are installed; otherwise the run stops at once with the
// exact command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export type SystemNeed = {
  /** Debian package that brings it. */
  pkg: string;
  /** The `npm test` steps that use it. */
  steps: string[];
  /** Present on this machine? */
  present: () => boolean;
};

const onPath = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const dpkgHas = (pkg: string) => spawnSync('dpkg', ['-s', pkg], { stdio: 'ignore' }).status === 0;

export const SYSTEM_NEEDS: SystemNeed[] = [
  { pkg: 'chromium', steps: ['e2e', 'catalog'], present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') || onPath('chromium') },
  // The KiCad libraries and demo projects (/usr/share/kicad) are real data for parser, viewer and host tests.
  { pkg: 'kicad-symbols', steps: ['unit', 'e2e'], present: () => existsSync('/usr/share/kicad/symbols') },
  { pkg: 'kicad-footprints', steps: ['unit', 'e2e'], present: () => existsSync('/usr/share/kicad/footprints') },
  { pkg: 'kicad-demos', steps: ['unit', 'e2e'], present: () => existsSync('/usr/share/kicad/demos') },
  // Chinese glyphs in screenshots and layout checks.
  { pkg: 'fonts-noto-cjk', steps: ['e2e', 'catalog'], present: () => dpkgHas('fonts-noto-cjk') },
  // The fault and scale-out tests make their own PostgreSQL clusters with Debian's server binaries.
  { pkg: 'postgresql-15', steps: ['faults', 'scale'], present: () => existsSync('/usr/lib/postgresql/15/bin/initdb') },
  { pkg: 'haproxy', steps: ['scale'], present: () => onPath('haproxy') },
];

/** The packages the wanted steps need and this machine lacks. */
export function missingNeeds(wanted: (step: string) => boolean, needs = SYSTEM_NEEDS): SystemNeed[] {
  return needs.filter((n) => n.steps.some(wanted) && !n.present());
}

export const installCommand = (pkgs: string[]) => `apt-get update && apt-get install -y ${pkgs.join(' ')}`;

/**
 * Installs what is missing where it can (root with apt-get), else returns the message to stop
 * with. Returns null when every need is met.
 */
export function ensureSystemNeeds(wanted: (step: string) => boolean, log: (line: string) => void = console.log): string | null {
  const missing = missingNeeds(wanted);
  if (missing.length === 0) return null;
  const pkgs = missing.map((n) => n.pkg);
  const canInstall = process.getuid?.() === 0 && onPath('apt-get');
  if (!canInstall) {
    return `npm test needs ${pkgs.join(', ')} (steps ${[...new Set(missing.flatMap((n) => n.steps))].join(', ')}). Run as root:\n  ${installCommand(pkgs)}\nor run only other steps, e.g. npm test -- unit`;
  }
  log(`npm test: installing ${pkgs.join(' ')} (needed by ${[...new Set(missing.flatMap((n) => n.steps))].join(', ')})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-q', ...pkgs], { stdio: 'inherit', env }) : update;
  if (install.status !== 0) return `npm test could not install ${pkgs.join(', ')}. Run:\n  ${installCommand(pkgs)}`;
  const still = missingNeeds(wanted);
  return still.length ? `npm test: ${still.map((n) => n.pkg).join(', ')} still missing after apt-get install` : null;
}
