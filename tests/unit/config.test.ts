import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/server/config.server.ts';

describe('configuration', () => {
  it('has working defaults: PGlite under ./data on port 4321', () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(4321);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toBe('./data');
    expect(c.SSO_URL).toBe('/sso');
  });

  it('names the bad variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ MOBILE_SITE_URL: 'not a url' }, 'MOBILE_SITE_URL'],
      [{ KICAD_DIST_URL: 'ftp://x' }, 'KICAD_DIST_URL'],
      [{ SSO_URL: 'sso' }, 'SSO_URL'],
      [{ APP_ENV: 'staging' }, 'APP_ENV'],
    ];
    for (const [env, name] of cases) {
      expect(() => parseConfig(env), name).toThrow(ConfigError);
      try {
        parseConfig(env);
      } catch (e) {
        expect((e as ConfigError).variable).toBe(name);
        expect((e as Error).message).toContain(name);
      }
    }
  });

  it('empty optional URLs mean unset', () => {
    expect(parseConfig({ MOBILE_SITE_URL: '', DATABASE_URL: ' ' }).MOBILE_SITE_URL).toBeUndefined();
  });

  it('npm start stops with one clear line naming the variable', () => {
    const r = spawnSync(process.execPath, ['scripts/start.ts'], { env: { ...process.env, PORT: 'eighty' }, encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n').filter((l) => !l.includes('ExperimentalWarning') && !l.includes('--trace-warnings'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^chipedia: Invalid environment variable PORT: .*"eighty"/);
  });
});
