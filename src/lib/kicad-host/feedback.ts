// kicad/feedback (ADR 0015 §3): a logged-in user reports a wrong symbol, footprint or 3D model of
// a catalogue part or of one of their own components; operators resolve or reject it with a reply.
// Shared by the server and the islands (no server imports).

export const FEEDBACK_KINDS = ['symbol', 'footprint', 'model3d', 'other'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const FEEDBACK_STATES = ['open', 'resolved', 'rejected'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
export const FEEDBACK_RESOLUTIONS = ['resolved', 'rejected'] as const;

export const FEEDBACK_LIMITS = {
  /** A report's and a reply's length in characters (code points). */
  messageMaxChars: 1000,
  /** Reports per user per window (a person reporting what they see needs far fewer). */
  perUserMax: 10,
  perUserWindowMs: 10 * 60_000,
  pageSizeMax: 50,
} as const;

// Line breaks and tabs are text; other control, format (invisible, bidi) and separator characters are refused.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cf}\u2028\u2029]/u;

export type MessageProblem = 'empty' | 'tooLong' | 'control';

/** Why a report or reply (already trimmed) is refused, or null. */
export function messageProblem(text: string): MessageProblem | null {
  if (text === '') return 'empty';
  if ([...text].length > FEEDBACK_LIMITS.messageMaxChars) return 'tooLong';
  if (CONTROL.test(text)) return 'control';
  return null;
}
