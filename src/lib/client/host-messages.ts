import * as z from 'zod/mini';

// Messages an embedding host sends us, as a zod union of their types (issue #9 item 1). Anything
// that is not exactly one of these (no extra keys) is dropped. zod/mini keeps this small for the page shell.

const TOKEN_PATTERN = /^[\w-]{16,200}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Optional text of at most `max` characters without control characters; numbers become text. */
const text = (max: number) =>
  z.pipe(
    z.optional(z.nullable(z.union([z.string().check(z.maxLength(max), z.refine((v) => !CONTROL.test(v))), z.number().check(z.refine(Number.isFinite))]))),
    z.transform((v) => (v === undefined || v === null ? '' : String(v))),
  );

/** Seconds since the epoch; a digit string is accepted and milliseconds are converted. */
const epochSeconds = z.pipe(
  z.union([z.number().check(z.refine(Number.isFinite), z.nonnegative()), z.string().check(z.regex(/^\d{1,16}$/))]),
  z.transform((v) => {
    const n = Number(v);
    return n > 1e12 ? Math.floor(n / 1000) : n;
  }),
);

/** SPEC §3 host auth callback payload: userId, username, token, phone, nickname, lastLoginTime. */
export const HostAuthPayload = z.object({
  token: z.string().check(z.regex(TOKEN_PATTERN)),
  userId: z.pipe(text(32), z.string().check(z.regex(/^(\d{1,20})?$/))),
  username: text(64),
  phone: z.pipe(text(20), z.string().check(z.regex(/^(\+?\d{5,15})?$/))),
  nickname: text(64),
  lastLoginTime: epochSeconds,
});
export type HostAuth = z.infer<typeof HostAuthPayload>;

const HostAuthState = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** The parent frame's messages: `auth` (SPEC §4 callback states) and `version` (the host's version). */
export const HostMessage = z.discriminatedUnion('type', [
  z.strictObject({
    source: z.literal('kicad-host'),
    type: z.literal('auth'),
    state: z.pipe(z.union([z.number(), z.string().check(z.regex(/^\d$/))]), z.transform(Number)).check(z.refine((s) => HostAuthState.safeParse(s).success)),
    payload: z.optional(z.unknown()),
  }),
  z.strictObject({
    source: z.literal('kicad-host'),
    type: z.literal('version'),
    version: z.string().check(z.regex(/^\d+(\.\d+){0,3}$/)),
  }),
]);
export type HostMessage = z.infer<typeof HostMessage>;

/** A payload may arrive as an object or as its JSON text (some hosts pass strings). */
export function parseHostAuthPayload(payload: unknown): HostAuth | null {
  let p = payload;
  if (typeof p === 'string') {
    if (p.length > 4096) return null;
    try {
      p = JSON.parse(p) as unknown;
    } catch {
      return null;
    }
  }
  const result = HostAuthPayload.safeParse(p);
  return result.success ? result.data : null;
}

export function parseHostMessage(data: unknown): HostMessage | null {
  const result = HostMessage.safeParse(data);
  return result.success ? result.data : null;
}
