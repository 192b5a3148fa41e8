import { describe, expect, it } from 'vitest';
import { decodeText, looksLikeText } from '../../../../src/lib/bom/read/text-decode.ts';
import { formatCellNumber, normalizeCellText } from '../../../../src/lib/bom/read/cell-text.ts';

const utf16 = (text: string, bigEndian: boolean, bom: boolean) => {
  const le = Buffer.from(text, 'utf16le');
  const body = bigEndian ? Buffer.from(le).swap16() : le;
  return bom ? Buffer.concat([Buffer.from(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]), body]) : body;
};

describe('decodeText', () => {
  const text = '位号,型号,数量\nR1,RC0603FR-0710KL,1\n';

  it('follows a byte-order mark: UTF-8, UTF-16 LE and BE', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({ text, encoding: 'utf-8', guessed: false });
    expect(decodeText(utf16(text, false, true))).toEqual({ text, encoding: 'utf-16le', guessed: false });
    expect(decodeText(utf16(text, true, true))).toEqual({ text, encoding: 'utf-16be', guessed: false });
  });

  it('takes valid UTF-8 as UTF-8 and recognises UTF-16 without a mark by its zero bytes', () => {
    expect(decodeText(Buffer.from(text))).toEqual({ text, encoding: 'utf-8', guessed: false });
    expect(decodeText(utf16('Ref,Value\nR1,10k\n', false, false))).toMatchObject({ text: 'Ref,Value\nR1,10k\n', encoding: 'utf-16le', guessed: true });
    expect(decodeText(utf16('Ref,Value\nR1,10k\n', true, false))).toMatchObject({ encoding: 'utf-16be' });
  });

  it('reads GBK/GB18030 bytes (Excel on Chinese Windows) and Windows-1252 (Europe)', () => {
    // 电阻,贴片 in GBK, then a four-byte GB18030 character (U+20000 𠀀: 95 32 82 36).
    const gbk = Buffer.from([0xb5, 0xe7, 0xd7, 0xe8, 0x2c, 0xcc, 0xf9, 0xc6, 0xac, 0x2c, 0x95, 0x32, 0x82, 0x36]);
    expect(decodeText(gbk)).toEqual({ text: '电阻,贴片,𠀀', encoding: 'gb18030', guessed: true });
    // 'Widerstand 4,7kΩ ±5% µF' as Windows-1252 has lone high bytes (±, µ): not GBK pairs.
    const latin = Buffer.from([...Buffer.from('R1;'), 0xb1, 0x35, 0x25, 0x3b, 0x31, 0x30, 0xb5, 0x46, 0x0a]);
    expect(decodeText(latin)).toEqual({ text: 'R1;±5%;10µF\n', encoding: 'windows-1252', guessed: true });
  });

  it('tells text from binary', () => {
    expect(looksLikeText('Ref,Value\n')).toBe(true);
    expect(looksLikeText('PNG\u0000\u0000IHDR')).toBe(false);
    expect(looksLikeText('\u0001\u0002\u0003' + 'x'.repeat(100))).toBe(false);
  });
});

describe('cell text', () => {
  it('trims, folds full-width forms with NFKC, keeps Chinese, drops invisible and control characters', () => {
    expect(normalizeCellText('  ＲＣ０６０３ＦＲ－０７１０ＫＬ　')).toBe('RC0603FR-0710KL');
    expect(normalizeCellText('贴片电阻（0603）10KΩ，±1%')).toBe('贴片电阻(0603)10KΩ,±1%');
    expect(normalizeCellText('\ufeffSTM32\u200bF103\u0007')).toBe('STM32F103');
    expect(normalizeCellText('line1\r\nline2\rline3')).toBe('line1\nline2\nline3');
    expect(normalizeCellText('10µF')).toBe('10μF'); // micro sign → Greek mu, one spelling
    expect(normalizeCellText('=1+2')).toBe('=1+2');
  });

  it('formats numbers without float noise', () => {
    expect(formatCellNumber(Number('0.10000000000000001'))).toBe('0.1'); // as Excel writes 0.1 in the XML
    expect(formatCellNumber(Number('1.0000000000000002'))).toBe('1');
    expect(formatCellNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatCellNumber(1000)).toBe('1000');
    expect(formatCellNumber(-3)).toBe('-3');
    expect(formatCellNumber(4.7e-9)).toBe('4.7e-9');
    expect(formatCellNumber(123456789.123)).toBe('123456789.123');
  });
});
