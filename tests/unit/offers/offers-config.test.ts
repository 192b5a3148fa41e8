import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/lib/server/config.server.ts';

// OFFERS_STALE_AFTER_HOURS (issue #17 item 5): 72 by default, whole hours from 1 to 8760.
describe('OFFERS_STALE_AFTER_HOURS', () => {
  it('defaults to 72 and reads a valid value', () => {
    expect(parseConfig({}).OFFERS_STALE_AFTER_HOURS).toBe(72);
    expect(parseConfig({ OFFERS_STALE_AFTER_HOURS: '24' }).OFFERS_STALE_AFTER_HOURS).toBe(24);
  });
  it('refuses a value that is not a whole number of hours in range', () => {
    for (const bad of ['0', '-5', '1.5', 'soon', '9000']) expect(() => parseConfig({ OFFERS_STALE_AFTER_HOURS: bad }), bad).toThrow(ConfigError);
  });
});
