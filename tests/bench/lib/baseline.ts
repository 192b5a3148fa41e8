import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from './server.ts';

// A/B benchmarks against an earlier commit: that commit checked out in its own `git worktree`
// under /tmp with its own `npm install` (so its own Node from the `node` devDependency, its own
// dist/), served by its own `scripts/start.ts`. The worktree is kept between runs (keyed by the
// commit) so a second run skips the install and the build; `git worktree remove <dir>` drops it.

const git = (args: string[], cwd = process.cwd()): string => {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
};

/**
 * The commit to compare with: `ref` when given, else the parent of the first commit whose subject
 * starts with `subjectPrefix` (e.g. the last Preact commit: the one before "Islands on React 19").
 */
export function resolveBaseline(ref: string | undefined, subjectPrefix: string): { sha: string; subject: string } {
  let sha: string;
  if (ref) sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  else {
    const line = git(['log', '--format=%H%x09%s']).split('\n').find((l) => l.split('\t')[1]?.startsWith(subjectPrefix));
    if (!line) throw new Error(`no commit whose subject starts with "${subjectPrefix}"`);
    sha = git(['rev-parse', `${line.split('\t')[0]}^`]);
  }
  return { sha, subject: git(['log', '-1', '--format=%s', sha]) };
}

/** A worktree of `sha` under /tmp with its dependencies installed; returns its directory. */
export function prepareWorktree(sha: string, log: (line: string) => void): string {
  const dir = `/tmp/chipedia-ab-${sha.slice(0, 12)}`;
  if (!existsSync(join(dir, '.git'))) {
    log(`baseline: git worktree add ${dir} ${sha.slice(0, 12)}`);
    git(['worktree', 'add', '--detach', dir, sha]);
  }
  const installed = join(dir, 'node_modules/.chipedia-ab-installed');
  if (!existsSync(installed) || !existsSync(join(dir, 'node_modules/.bin/node'))) {
    // `npm install`, not `npm ci`: older lock files may lack other platforms' optional packages.
    log(`baseline: npm install in ${dir} (about a minute with a warm npm cache)`);
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', process.stderr, process.stderr], env: process.env });
    if (r.status !== 0) throw new Error(`npm install failed in ${dir}`);
    writeFileSync(installed, sha);
  }
  return dir;
}

/** `scripts/start.ts` of the checkout in `cwd`, run by that checkout's own Node. */
export function startServerIn(cwd: string, env: Record<string, string>, args: string[] = []): Promise<RunningServer> {
  return startServer(env, args, cwd);
}
