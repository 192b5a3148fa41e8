// Turning the bytes of a CSV/TSV into text. Excel and the EDA tools write UTF-8 (with or without
// a BOM), UTF-16 with a BOM ("Unicode text"), or the ANSI code page of the PC: GBK/GB18030 on
// Chinese Windows, Windows-1252 in Europe. A BOM decides; otherwise strict UTF-8 is tried, then the
// high bytes are checked for GBK's two-byte shape. Node's TextDecoder (full ICU) does the decoding.

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030' | 'windows-1252';

export type DecodedText = {
  readonly text: string;
  readonly encoding: TextEncodingName;
  /** True when no BOM or strict UTF-8 proved the encoding (a guess worth telling the user). */
  readonly guessed: boolean;
};

export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decoded(bytes.subarray(3), 'utf-8', false);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decoded(bytes.subarray(2), 'utf-16le', false);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decoded(bytes.subarray(2), 'utf-16be', false);
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return decoded(bytes, utf16, true);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', guessed: false };
  } catch {
    return decoded(bytes, looksLikeGbk(bytes) ? 'gb18030' : 'windows-1252', true);
  }
}

function decoded(bytes: Uint8Array, encoding: TextEncodingName, guessed: boolean): DecodedText {
  return { text: new TextDecoder(encoding).decode(bytes), encoding, guessed };
}

/** ASCII text in UTF-16 has a zero in every other byte: on the odd bytes for LE, the even for BE. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * Share of high bytes that sit in a GB18030 sequence — two bytes (lead 81–FE, trail 40–FE but 7F)
 * or four (81–FE, 30–39, 81–FE, 30–39): near 1 for Chinese text, low for Windows-1252.
 */
function looksLikeGbk(bytes: Uint8Array): boolean {
  let high = 0;
  let inSequence = 0;
  const n = Math.min(bytes.length, 65_536);
  const isLead = (b: number) => b >= 0x81 && b <= 0xfe;
  const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    const b1 = bytes[i + 1] ?? 0;
    let length = 0;
    if (isLead(b) && isDigit(b1) && isLead(bytes[i + 2] ?? 0) && isDigit(bytes[i + 3] ?? 0)) length = 4;
    else if (isLead(b) && b1 >= 0x40 && b1 <= 0xfe && b1 !== 0x7f) length = 2;
    let highHere = 0;
    for (let k = 0; k < Math.max(1, length); k++) if ((bytes[i + k] ?? 0) >= 0x80) highHere++;
    high += highHere;
    if (length > 0) {
      inSequence += highHere;
      i += length - 1;
    }
  }
  return high > 0 && inSequence / high >= 0.9;
}

/** Whether decoded text is plausibly a table and not a binary file: no NULs, almost no controls. */
export function looksLikeText(text: string): boolean {
  const sample = text.slice(0, 8192);
  if (sample.length === 0) return true;
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return false;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffd) controls++;
  }
  return controls / sample.length < 0.01;
}
