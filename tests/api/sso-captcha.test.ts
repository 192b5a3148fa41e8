import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevWechatProvider } from '../../src/lib/sso/providers/wechat-dev.server.ts';
import { humanTrack } from '../../src/lib/sso/sso.ts';
import { makeSso } from '../../src/lib/sso/testing.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// The slider is a picture puzzle (src/lib/sso/README.md "Slider captcha"): the challenge's answer
// exists only on the server and in the pixels. A script that reads the challenge's JSON, however
// thoroughly, does no better than blind guessing; a person (here: an image analysis that looks for
// the darkened, piece-shaped hole at the piece's height) finds the gap where the server expects it.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock = { now: 1_950_000_000 };
let sso: ReturnType<typeof makeSso>;
let ipCounter = 0;
/** Every challenge from a fresh address: no lock or rate limit gets in the way of the attack. */
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  database = await createTestDatabase();
  sso = makeSso(database.db, clock);
});
afterAll(async () => {
  await database?.close();
});

type Numbered = { path: string; value: number };

/** Every number in a JSON value, recursively, with its path (numeric strings count too). */
function numbersIn(value: unknown, path = 'data'): Numbered[] {
  if (typeof value === 'number' && Number.isFinite(value)) return [{ path, value }];
  if (typeof value === 'string' && value.length < 40 && value.trim() !== '' && Number.isFinite(Number(value))) return [{ path, value: Number(value) }];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbersIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbersIn(v, `${path}.${k}`));
  return [];
}

type Challenge = { challengeId: string; trackWidth: number; height: number; pieceWidth: number; background: string; piece: string; expiresIn: number };

const issue = async (ip = freshIp()) => {
  const res = await sso.call('/captcha/challenge', {}, ip);
  expect(res.body.error_code).toBe(0);
  return { ip, data: res.body.data as unknown as Challenge };
};

/** The attacker's candidates: every number of the challenge, plus the usual guesses. */
function candidates(data: Record<string, unknown>): Numbered[] {
  const numbers = numbersIn(data);
  const width = typeof data['trackWidth'] === 'number' ? data['trackWidth'] : 300;
  const piece = typeof data['pieceWidth'] === 'number' ? data['pieceWidth'] : 44;
  return [
    ...numbers,
    { path: 'guess: trackWidth / 2', value: width / 2 },
    { path: 'guess: (trackWidth - pieceWidth) / 2', value: (width - piece) / 2 },
    { path: 'guess: trackWidth - pieceWidth', value: width - piece },
    { path: 'guess: 2/3 of trackWidth', value: (width * 2) / 3 },
  ];
}

const decode = async (dataUrl: string) => {
  const match = /^data:image\/(png|webp);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  expect(match, 'a base64 PNG or WebP data URL').not.toBeNull();
  const bytes = Buffer.from(match![2]!, 'base64');
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { bytes, px: data, width: info.width, height: info.height };
};

describe(`Slider pictures (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a script reading every number of the challenge (and guessing) does no better than chance with perfect human-like tracks', async () => {
    // Each candidate (every number, every guess) is tried as the target on 20 fresh challenges with
    // a perfect human-like track. A blind guess lands within ±5 px of a target drawn from about 167
    // positions 11 / 167 ≈ 6.6 % of the time (1.3 of 20); a leaked answer would win 20 of 20.
    const sources = candidates((await issue()).data).map((c) => c.path);
    const wins = new Map<string, number>();
    for (const source of sources) {
      for (let round = 0; round < 20; round++) {
        const { ip, data } = await issue();
        const candidate = candidates(data).find((c) => c.path === source);
        if (!candidate) continue;
        const x = Math.min(Math.max(candidate.value, 0), data.trackWidth ?? 300);
        const verify = await sso.call('/captcha/verify', sso.json({ challengeId: data.challengeId, track: humanTrack(x) }), ip);
        if (verify.body.error_code === 0) wins.set(source, (wins.get(source) ?? 0) + 1);
        else expect(verify.body.error_code).toBe(40100);
      }
    }
    const tooLucky = [...wins].filter(([, n]) => n > 7);
    expect(tooLucky, `sources that beat chance: ${JSON.stringify(tooLucky)}`).toEqual([]);
    const total = [...wins.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(Math.ceil(sources.length * 20 * 0.2));

    // Which numbers are there, and does any of them change from one challenge to the next? Only
    // the id and the pictures differ between challenges: no number follows the answer.
    const seen = new Map<string, Set<number>>();
    for (let i = 0; i < 10; i++) {
      const { data } = await issue();
      for (const n of numbersIn(data)) seen.set(n.path, (seen.get(n.path) ?? new Set()).add(n.value));
    }
    expect([...seen].filter(([, values]) => values.size > 1).map(([path]) => path)).toEqual([]);
  }, 120_000);

  it('sends two small WebP pictures of the declared sizes and no answer', async () => {
    const { data } = await issue();
    expect(Object.keys(data).sort()).toEqual(['background', 'challengeId', 'expiresIn', 'height', 'piece', 'pieceWidth', 'trackWidth']);
    expect(data).toMatchObject({ trackWidth: 300, height: 150, pieceWidth: 60, expiresIn: 120 });
    const background = await decode(data.background);
    const piece = await decode(data.piece);
    expect([background.width, background.height]).toEqual([300, 150]);
    expect([piece.width, piece.height]).toEqual([60, 150]);
    expect(background.bytes.length).toBeLessThan(25_000);
    expect(piece.bytes.length).toBeLessThan(25_000);
    // The piece strip is transparent but for the piece.
    let opaque = 0;
    for (let i = 3; i < piece.px.length; i += 4) if (piece.px[i]! > 128) opaque++;
    expect(opaque).toBeGreaterThan(500);
    expect(opaque).toBeLessThan(60 * 70);
  });

  it('draws the darkened, piece-shaped gap exactly where the stored answer says, at the piece height', async () => {
    for (let round = 0; round < 8; round++) {
      const { ip, data } = await issue();
      const targetX = await sso.answerOf(data.challengeId);
      const background = await decode(data.background);
      const piece = await decode(data.piece);
      // The piece's outline from its alpha: a band just inside it and a band just outside it (2-3 px
      // from the edge, clear of the anti-aliased rim).
      const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < piece.width && y < piece.height && piece.px[(y * piece.width + x) * 4 + 3]! >= 128;
      const near = (x: number, y: number, r: number, want: boolean) => {
        for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (inside(x + dx, y + dy) === want) return true;
        return false;
      };
      const innerBand: [number, number][] = [];
      const outerBand: [number, number][] = [];
      for (let y = 0; y < piece.height; y++) {
        for (let x = 0; x < piece.width; x++) {
          const self = inside(x, y);
          if (near(x, y, 3, !self) && !near(x, y, 1, !self)) (self ? innerBand : outerBand).push([x, y]);
        }
      }
      expect(innerBand.length).toBeGreaterThan(100);
      const lum = (x: number, y: number) => {
        const i = (y * background.width + x) * 4;
        return 0.299 * background.px[i]! + 0.587 * background.px[i + 1]! + 0.114 * background.px[i + 2]!;
      };
      const mean = (points: [number, number][], shift: number) => {
        let sum = 0;
        let n = 0;
        for (const [x, y] of points) {
          if (x + shift < 0 || x + shift >= background.width) continue;
          sum += lum(x + shift, y);
          n++;
        }
        return sum / Math.max(1, n);
      };
      // With the strip's left edge at x, how much brighter is the picture just outside the piece's
      // outline than just inside it? The gap is a darkened hole: the step is largest where it is.
      const step = (shift: number) => mean(outerBand, shift) - mean(innerBand, shift);
      let best = 0;
      for (let shift = 0; shift <= background.width - piece.width; shift++) if (step(shift) > step(best)) best = shift;
      expect(Math.abs(best - targetX), `gap found at ${best}, answer ${targetX}`).toBeLessThanOrEqual(1);
      expect(step(targetX)).toBeGreaterThan(25);
      // A person dragging there passes.
      const verify = await sso.call('/captcha/verify', sso.json({ challengeId: data.challengeId, track: humanTrack(best) }), ip);
      expect(verify.body.error_code).toBe(0);
    }
  });

  it('gives every challenge its own piece shape, and draws fast', async () => {
    const shapes = new Set<string>();
    const started = performance.now();
    for (let i = 0; i < 8; i++) {
      const { data } = await issue();
      const piece = await decode(data.piece);
      let [x0, y0, x1, y1] = [piece.width, piece.height, 0, 0];
      for (let y = 0; y < piece.height; y++) {
        for (let x = 0; x < piece.width; x++) {
          if (piece.px[(y * piece.width + x) * 4 + 3]! < 128) continue;
          x0 = Math.min(x0, x);
          y0 = Math.min(y0, y);
          x1 = Math.max(x1, x);
          y1 = Math.max(y1, y);
        }
      }
      // The shape alone, wherever it sits.
      let mask = `${x1 - x0}x${y1 - y0}:`;
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask += piece.px[(y * piece.width + x) * 4 + 3]! >= 128 ? '1' : '0';
      shapes.add(mask);
    }
    expect(shapes.size).toBe(8);
    // About 15 ms each on a 2-core machine; the bound only catches a gross slowdown.
    expect((performance.now() - started) / 8).toBeLessThan(250);
  });

  it('GET /dev/captcha/answer gives the stored answer to development tools, only with the dev SMS provider', async () => {
    const { ip, data } = await issue();
    const targetX = await sso.answerOf(data.challengeId);
    const answer = await sso.dev(`/dev/captcha/answer?challengeId=${data.challengeId}`);
    expect(answer.body).toMatchObject({ error_code: 0, data: { targetX } });
    const verify = await sso.call('/captcha/verify', sso.json({ challengeId: data.challengeId, track: humanTrack(targetX) }), ip);
    expect(verify.body.error_code).toBe(0);
    expect((await sso.dev('/dev/captcha/answer?challengeId=nope')).body.error_code).toBe(40000);
    expect((await sso.dev(`/dev/captcha/answer?challengeId=${'A'.repeat(22)}`)).body.error_code).toBe(40400);

    const real = makeSso(database.db, clock, { sms: { kind: 'aliyun', send: async () => {} }, wechat: createDevWechatProvider() });
    expect((await real.dev(`/dev/captcha/answer?challengeId=${data.challengeId}`)).res.status).toBe(404);
  });
});
