// Rules for names other people see (nicknames, later design and collection titles): pure, shared
// by the API's schemas and the browser's forms. Refused: control characters, format characters
// that are invisible or reverse the text (U+202E turns "STM32" into "23MTS", U+200B makes a
// blank name), blank-looking fillers, private-use and unassigned code points, and unpaired
// surrogates (issue #9 item 9). A zero-width joiner stays allowed inside emoji sequences (👨‍👩‍👧).

/** Fillers that render as nothing though they are "letters" (Hangul fillers, braille blank). */
const BLANK_LETTERS = /[\u115F\u1160\u3164\uFFA0\u2800]/u;
const CONTROL = /\p{Cc}/u;
const SURROGATE = /\p{Cs}/u;
const UNASSIGNED_OR_PRIVATE = /[\p{Cn}\p{Co}]/u;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;

export type NameProblem = 'control' | 'bidi' | 'invisible' | 'invalid';

export function visibleNameProblem(name: string): NameProblem | null {
  if (SURROGATE.test(name) || UNASSIGNED_OR_PRIVATE.test(name)) return 'invalid';
  if (CONTROL.test(name)) return 'control';
  if (BIDI.test(name)) return 'bidi';
  if (/\p{Cf}/u.test(name.replace(EMOJI_JOINER, '')) || BLANK_LETTERS.test(name)) return 'invisible';
  return null;
}
