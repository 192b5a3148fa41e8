import '../zod-no-eval.ts';
import * as z from 'zod/mini';

// The KiCad WebView's envelope (ADR 0015 §1, ../shared/notes/kicad-host.md): one JSON object per
// message, KiCad → page through `window.kiclient.postMessage`, page → KiCad through one of three
// transports. zod/mini keeps the check small enough for the /symbolSelector island.

export const KICAD_COMMANDS = [
  'NEW_SESSION',
  'GET_KICAD_VERSION',
  'LIST_SUPPORTED_VERSIONS',
  'CAPABILITIES',
  'PING',
  'PONG',
  'LOGOUT',
  'DL_FOOTPRINT',
  'DL_SYMBOL',
  'DL_SPICE',
  'DL_3DMODEL',
  'DL_COMPONENT',
  'REMOTE_LOGIN',
] as const;
export type KicadCommand = (typeof KICAD_COMMANDS)[number];
export type KicadStatus = 'OK' | 'ERROR' | 'PENDING';

/** Incoming text larger than this is dropped unread: KiCad's answers are small. */
export const MAX_ENVELOPE_CHARS = 1_000_000;

const Id = z.union([z.number().check(z.int(), z.nonnegative()), z.string().check(z.maxLength(200))]);
const Text = z.string().check(z.maxLength(10_000));

export const KicadEnvelopeSchema = z.object({
  version: z.literal(1),
  session_id: Id,
  message_id: z.number().check(z.int(), z.nonnegative()),
  response_to: z.optional(z.nullable(z.number().check(z.int(), z.nonnegative()))),
  command: z.enum(KICAD_COMMANDS),
  status: z.optional(z.nullable(z.enum(['OK', 'ERROR', 'PENDING']))),
  error_code: z.optional(z.nullable(z.union([Text, z.number()]))),
  error_message: z.optional(z.nullable(Text)),
  parameters: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  data: z.optional(z.nullable(z.string())),
});

export type KicadEnvelope = {
  version: 1;
  session_id: number | string;
  message_id: number;
  response_to?: number | null;
  command: KicadCommand;
  status?: KicadStatus | null;
  error_code?: string | number | null;
  error_message?: string | null;
  parameters?: Record<string, unknown> | null;
  data?: string | null;
};

export type EnvelopeProblem = { kind: 'tooLarge' | 'notJson' | 'malformed'; detail: string };

/** KiCad hands a string or an already-parsed object; anything not an envelope is a problem, never a throw. */
export function parseEnvelope(raw: unknown): { ok: true; envelope: KicadEnvelope } | { ok: false; problem: EnvelopeProblem } {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_ENVELOPE_CHARS) return { ok: false, problem: { kind: 'tooLarge', detail: `${raw.length} characters` } };
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, problem: { kind: 'notJson', detail: raw.slice(0, 80) } };
    }
  }
  const parsed = KicadEnvelopeSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problem: { kind: 'malformed', detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ').slice(0, 200) } };
  return { ok: true, envelope: parsed.data as KicadEnvelope };
}

/** KiCad answered ERROR. */
export class KicadHostError extends Error {
  readonly code: string;
  readonly hostMessage: string;
  constructor(code: string, hostMessage: string) {
    super(`KiCad: ${hostMessage || code}`);
    this.name = 'KicadHostError';
    this.code = code;
    this.hostMessage = hostMessage;
  }
}

/** KiCad did not answer in time. */
export class KicadTimeoutError extends Error {
  readonly command: KicadCommand;
  constructor(command: KicadCommand) {
    super(`KiCad did not answer ${command}`);
    this.name = 'KicadTimeoutError';
    this.command = command;
  }
}

/** A session replaced the one a request was sent in, or none exists. */
export class KicadSessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KicadSessionError';
  }
}
