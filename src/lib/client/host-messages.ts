import './zod-no-eval.ts';
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

// ---- The host's answer to `requestData` (ADR 0015 §1) -------------------------------------------

export const HOST_DATA_KINDS = ['assets', 'selection', 'project'] as const;
export type HostDataKind = (typeof HOST_DATA_KINDS)[number];

/** ADR 0015 §1: at most 20 files and 20 MB decoded in all per answer. */
export const HOST_DATA_LIMITS = { files: 20, totalBytes: 20 * 1024 * 1024, nameChars: 255 } as const;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes a base64 text decodes to (its length is a multiple of 4 once checked). */
export function base64DecodedLength(b64: string): number {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return (b64.length / 4) * 3 - pad;
}

/**
 * A file name as the host sends it: a relative path with '/' separators (a project keeps its
 * sub-sheets' folders), no '..' or empty segment, no drive or leading slash, no control characters.
 */
const fileName = z.string().check(
  z.minLength(1),
  z.maxLength(HOST_DATA_LIMITS.nameChars),
  z.refine((v) => !CONTROL.test(v) && !v.includes('\\') && !/^[a-z]:/i.test(v) && v.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..')),
);

const base64Text = z.string().check(z.refine((v) => v.length % 4 === 0 && v.length <= Math.ceil(HOST_DATA_LIMITS.totalBytes / 3) * 4 && BASE64.test(v)));

export const HostDataMessage = z
  .strictObject({
    source: z.literal('kicad-host'),
    type: z.literal('data'),
    what: z.enum(HOST_DATA_KINDS),
    files: z.array(z.strictObject({ name: fileName, data: base64Text })).check(z.maxLength(HOST_DATA_LIMITS.files)),
  })
  .check(z.refine((m) => m.files.reduce((sum, f) => sum + base64DecodedLength(f.data), 0) <= HOST_DATA_LIMITS.totalBytes));
export type HostDataMessage = z.infer<typeof HostDataMessage>;

/** A `data` message within the limits, or null (anything else is dropped). */
export function parseHostDataMessage(data: unknown): HostDataMessage | null {
  const result = HostDataMessage.safeParse(data);
  return result.success ? result.data : null;
}
