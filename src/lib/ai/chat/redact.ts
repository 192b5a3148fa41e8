// Questions are logged (issue #15 item 7) without what could identify or unlock someone: phone
// numbers, e-mail addresses, verification codes and passwords (only where a keyword says so, since
// bare numbers are parameter values and part numbers here: 10000 µF, LM358, 74HC595), and
// secrets (API keys, bearer tokens, JWTs, long hex or base64 strings). Pure, for the log line only.

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // A keyword, then the secret: '验证码 123456', 'code: 4821', 'password=hunter2', '密码是 abc123'.
  [/(验证码|校验码|动态码|密码|口令|verification code|auth code|otp|passcode|password|passwd|pin|code)(\s*(?:是|为|:|：|=|is)?\s*)([A-Za-z0-9!@#$%^&*._-]{4,32})/giu, '$1$2[code]'],
  // Bearer tokens and session headers.
  [/\b(bearer|x-token|token|api[_-]?key|secret)(\s*(?::|：|=|is)?\s*)([A-Za-z0-9._~+/=-]{8,})/giu, '$1$2[token]'],
  // JWTs (three base64url segments).
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g, '[token]'],
  // Provider keys ('sk-…', 'sk_live_…').
  [/\b(?:sk|pk|rk)[-_][A-Za-z0-9_-]{12,}/g, '[token]'],
  // E-mail addresses.
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // Mainland mobile numbers, with or without +86 / 0086 and separators: 138 1234 5678, 138-1234-5678.
  [/(?<![A-Za-z0-9])(?:\+?86[\s-]?|0086[\s-]?)?1[3-9]\d(?:[\s-]?\d{4}){2}(?!\d)/g, '[phone]'],
  // Other international numbers written with a leading +.
  [/(?<![A-Za-z0-9])\+\d[\d\s-]{7,16}\d(?!\d)/g, '[phone]'],
  // Long opaque strings: 32+ hex digits, or 32+ base64url characters mixing letters and digits.
  [/\b[0-9a-f]{32,}\b/gi, '[token]'],
  [/(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g, '[token]'],
];

/** The text with phone numbers, e-mail addresses, codes, passwords and tokens replaced by markers. */
export function redact(text: string): string {
  let out = text;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out;
}

/** A question as it is logged: redacted and cut to `max` characters. */
export function loggableQuestion(text: string, max = 500): string {
  const clean = redact(text);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
