import { describe, expect, it } from 'vitest';
import { readOffers, type OfferLine } from '../../../src/lib/offers/offers-import.ts';
import { serverMessage } from '../../../src/lib/server/messages/server-message.ts';

// The offers file readers (issue #17 item 5): good lines in both formats, and each kind of refusal
// with its line number and a message in zh and en.

const currencies = new Set(['CNY', 'USD', 'EUR', 'JPY']);
const now = new Date('2026-11-24T12:00:00Z');
const good = { mfgMpnCode: 'NE555D_ti', distributor: 'SAMPLE', distributorSku: 'S-1', stock: 10, currency: 'USD', priceBreaks: [{ qty: 1, price: 0.5 }, { qty: 10, price: 0.4 }], dataTime: '2026-11-24T08:00:00Z' };

async function* chunks(text: string, size = 7): AsyncGenerator<string> {
  // Small chunks: lines and fields split across chunk boundaries.
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
async function read(name: string, text: string): Promise<OfferLine[]> {
  const out: OfferLine[] = [];
  for await (const l of readOffers(name, chunks(text), { currencies, now })) out.push(l);
  return out;
}
const refusals = (lines: OfferLine[]) => lines.flatMap((l) => ('refusal' in l ? [[l.line, l.refusal.key] as const] : []));
const ndjson = (...rows: unknown[]) => rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n');

describe('NDJSON offers', () => {
  it('reads good lines with defaults (moq 1, multiple 1) and skips blank lines', async () => {
    const lines = await read('a.ndjson', ndjson(good, '', { ...good, distributorSku: 'S-2', moq: 5, multiple: 5, packaging: 'Reel', url: 'https://example.com/p', currency: 'cny' }) + '\n');
    expect(lines).toHaveLength(2);
    const [a, b] = lines as { line: number; offer: Record<string, unknown> }[];
    expect(a).toMatchObject({ line: 1, offer: { mfgMpnCode: 'NE555D_ti', moq: 1, multiple: 1, packaging: null, url: null, currency: 'USD', stock: 10 } });
    expect((a!.offer.dataTime as Date).toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(b).toMatchObject({ line: 3, offer: { moq: 5, multiple: 5, packaging: 'Reel', url: 'https://example.com/p', currency: 'CNY' } });
  });

  it('refuses each bad kind with its line number', async () => {
    const lines = await read(
      'a.ndjson',
      ndjson(
        { ...good, stock: -1 },
        { ...good, distributorSku: 'x2', stock: 1.5 },
        { ...good, distributorSku: 'x3', currency: 'XYZ' },
        { ...good, distributorSku: 'x4', priceBreaks: [{ qty: 10, price: 1 }, { qty: 5, price: 0.5 }] },
        { ...good, distributorSku: 'x5', priceBreaks: [{ qty: 1, price: -1 }] },
        '{"mfgMpnCode": oops',
        '[1,2]',
        { ...good, distributorSku: 'x8', url: 'javascript:alert(1)' },
        { ...good, distributorSku: 'x9', dataTime: 'yesterday' },
        { ...good, distributorSku: 'x10', dataTime: '2027-01-01T00:00:00Z' },
        { ...good, distributorSku: 'x11', colour: 'red' },
        { ...good, distributorSku: undefined },
        good,
        { ...good, distributorSku: 'x14', moq: 0 },
        { ...good, distributorSku: 'x15', priceBreaks: [] },
        { ...good, distributorSku: 'x16', priceBreaks: '1:0.5' },
        { ...good, distributorSku: 'x17', distributor: 'a\u0007b' },
      ),
    );
    expect(refusals(lines)).toEqual([
      [1, 'offers.refuse.stock'],
      [2, 'offers.refuse.stock'],
      [3, 'offers.refuse.currency'],
      [4, 'offers.refuse.breaks.order'],
      [5, 'offers.refuse.breaks.price'],
      [6, 'offers.refuse.json'],
      [7, 'offers.refuse.notObject'],
      [8, 'offers.refuse.url'],
      [9, 'offers.refuse.dataTime'],
      [10, 'offers.refuse.future'],
      [11, 'offers.refuse.unknownField'],
      [12, 'offers.refuse.required'],
      [14, 'offers.refuse.positive'],
      [15, 'offers.refuse.breaks.empty'],
      [16, 'offers.refuse.breaks.shape'],
      [17, 'offers.refuse.text'],
    ]);
    // Line 13 is good (line 1 with the same key was refused, so it is not a duplicate).
    expect(lines.find((l) => l.line === 13)).toHaveProperty('offer');
  });

  it('refuses a repeated key, naming the first line', async () => {
    const lines = await read('a.ndjson', ndjson(good, { ...good, distributorSku: 'other' }, { ...good, stock: 99 }));
    expect(refusals(lines)).toEqual([[3, 'offers.refuse.duplicate']]);
    const r = lines[2]!;
    expect('refusal' in r && r.refusal.vars).toEqual({ line: 1 });
  });

  it('says what is wrong in both languages', async () => {
    const [negative] = await read('a.ndjson', ndjson({ ...good, stock: -5 }));
    const [currency] = await read('a.ndjson', ndjson({ ...good, currency: 'ABC' }));
    if (!negative || !('refusal' in negative) || !currency || !('refusal' in currency)) throw new Error('expected refusals');
    expect(serverMessage(negative.refusal.key, 'zh', negative.refusal.vars)).toBe('库存 stock 应是非负整数（收到 -5）');
    expect(serverMessage(negative.refusal.key, 'en', negative.refusal.vars)).toBe('stock must be a non-negative integer (got -5)');
    expect(serverMessage(currency.refusal.key, 'en', currency.refusal.vars)).toBe('unknown currency ABC (known: CNY, USD, EUR, JPY)');
    expect(serverMessage(currency.refusal.key, 'zh', currency.refusal.vars)).toContain('未知币种 ABC');
  });

  it('refuses invalid UTF-8 and an overlong line without buffering it', async () => {
    const lines = await read('a.ndjson', ndjson(good, `{"x":"${'a'.repeat(3_100_000)}"}`, { ...good, distributorSku: 'after' }, 'bad \uFFFD'));
    expect(refusals(lines)).toEqual([
      [2, 'offers.refuse.tooLong'],
      [4, 'offers.refuse.utf8'],
    ]);
    expect(lines.filter((l) => 'offer' in l).map((l) => l.line)).toEqual([1, 3]);
  });
});

describe('CSV offers', () => {
  const header = 'mfgMpnCode,distributor,distributorSku,stock,moq,multiple,packaging,currency,priceBreaks,url,dataTime';
  it('reads rows with price breaks as qty:price pairs and quoted fields', async () => {
    const text = [header, 'NE555D_ti,SAMPLE,S-1,1200,1,1,"Cut tape, 8mm",CNY,1:1.2;10:0.98;100:0.75,https://example.com/a,2026-11-20T08:00:00Z', 'LM358_ti,SAMPLE,S-2,0,,,,USD,1:0.32,,2026-11-20T08:00:00+08:00'].join('\r\n');
    const lines = await read('a.csv', text);
    expect(refusals(lines)).toEqual([]);
    expect(lines[0]).toMatchObject({ line: 2, offer: { packaging: 'Cut tape, 8mm', stock: 1200, priceBreaks: [{ qty: 1, price: 1.2 }, { qty: 10, price: 0.98 }, { qty: 100, price: 0.75 }] } });
    expect(lines[1]).toMatchObject({ line: 3, offer: { stock: 0, moq: 1, multiple: 1, packaging: null, url: null } });
  });

  it('refuses bad rows with their line numbers', async () => {
    const text = [
      header,
      'NE555D_ti,SAMPLE,S-1,-3,1,1,,CNY,1:1,,2026-11-20T08:00:00Z',
      'NE555D_ti,SAMPLE,S-2,3,1,1,,XXX,1:1,,2026-11-20T08:00:00Z',
      'NE555D_ti,SAMPLE,S-3,3,1,1,,CNY,10:1;5:0.5,,2026-11-20T08:00:00Z',
      'NE555D_ti,SAMPLE,S-4,3,1,1,,CNY,1:-1,,2026-11-20T08:00:00Z',
      'NE555D_ti,SAMPLE,S-5,3,1,1,,CNY,1:1',
      'NE555D_ti,SAMPLE,S-6,many,1,1,,CNY,1:1,,2026-11-20T08:00:00Z',
      'NE555D_ti,SAMPLE,S-7,3,1,1,,CNY,one:1,,2026-11-20T08:00:00Z',
    ].join('\n');
    expect(refusals(await read('a.csv', text))).toEqual([
      [2, 'offers.refuse.stock'],
      [3, 'offers.refuse.currency'],
      [4, 'offers.refuse.breaks.order'],
      [5, 'offers.refuse.breaks.price'],
      [6, 'offers.refuse.columns'],
      [7, 'offers.refuse.stock'],
      [8, 'offers.refuse.breaks.shape'],
    ]);
  });

  it('refuses a header with unknown or missing columns, and an unterminated quote', async () => {
    expect(refusals(await read('a.csv', 'mfgMpnCode,distributor,colour\nx,y,z'))).toEqual([[1, 'offers.refuse.header']]);
    expect(refusals(await read('a.csv', `${header}\nNE555D_ti,SAMPLE,"S-1,3,1,1,,CNY,1:1,,2026-11-20T08:00:00Z`))).toEqual([[2, 'offers.refuse.csv']]);
  });
});
