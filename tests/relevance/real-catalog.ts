// Relevance on the real catalogue (issue #29 item 9): the cases an engineer checks first, against a
// database holding the shipped JLCPCB/LCSC snapshot, answered by searchProducts in this process and
// judged with facts read from the same database (offers for "orderable", brands.country for 国产).
//   node tests/relevance/real-catalog.ts <pglite data dir | postgres://…>   prints JSON, exits 1 on a failed case
// The same cases run through HTTP in the full-catalogue browser step (tests/e2e-catalog/fresh-start.spec.ts).
import type { Db } from '../../src/lib/server/db/client.server.ts';
import type { SearchItem } from '../../src/lib/search/search.schema.ts';
import { searchProducts } from '../../src/lib/search/search.server.ts';
import { runnerOf } from '../../src/lib/search/search-db.server.ts';

export type CaseResult = { q: string; ok: boolean; why: string; top: string[] };

type Facts = {
  /** Largest snapshot stock of the part's offers (0 when it has none). */
  stock(code: string): Promise<number>;
  country(brandId: number | null): Promise<string | null>;
  /** The part an LCSC code names. */
  lcsc(code: string): Promise<string | null>;
};

const is10k0603 = (i: SearchItem) => i.package === '0603' && i.params.some((p) => p.key === 'resistance' && p.value === 10_000);
const show = (items: readonly SearchItem[]) => items.slice(0, 10).map((i) => `${i.mpn} (${i.brandName}, ${i.package ?? '-'}, ${i.cateName})`);

/** Each case: the query, the page size it reads, and its verdict on the answer. */
const CASES: { q: string; size: number; judge: (list: SearchItem[], f: Facts) => Promise<string | null> }[] = [
  {
    q: 'STM32F103C8T6',
    size: 5,
    judge: async (list, f) => {
      const first = list[0];
      if (first?.mpn !== 'STM32F103C8T6') return `first is ${first?.mpn ?? 'nothing'}`;
      const stock = await f.stock(first.mfgMpnCode);
      return stock > 0 ? null : 'the first STM32F103C8T6 has no offer in stock (not the orderable part)';
    },
  },
  {
    q: 'C8734',
    size: 5,
    judge: async (list, f) => {
      const code = await f.lcsc('C8734');
      if (!code) return 'no part has the LCSC code C8734';
      return list[0]?.mfgMpnCode === code ? null : `first is ${list[0]?.mfgMpnCode ?? 'nothing'}, C8734 is ${code}`;
    },
  },
  {
    q: '0603 10k',
    size: 50,
    judge: async (list, f) => {
      const top = list.slice(0, 20);
      const off = top.find((i) => !is10k0603(i) || !/电阻/.test(i.cateName));
      if (off) return `${off.mpn} in the first 20 is not a 10 kΩ 0603 resistor`;
      const makers = new Set(list.filter(is10k0603).map((i) => i.brandName)).size;
      if (makers < 5) return `${makers} makers in the first 50 (< 5)`;
      // Sorted sensibly: what an engineer can order comes first (the snapshot's stock breaks ties).
      for (const i of list.slice(0, 10)) if ((await f.stock(i.mfgMpnCode)) <= 0) return `${i.mpn} in the first 10 has no stock`;
      return null;
    },
  },
  {
    q: 'NE555DR',
    size: 5,
    judge: async (list) => (list.slice(0, 3).some((i) => i.mpn === 'NE555DR' || i.mpn === 'NE555D') ? null : 'neither NE555DR nor NE555D in the first 3'),
  },
  {
    q: '贴片电阻 10k 0603',
    size: 20,
    judge: async (list) => {
      if (list.length < 10) return `${list.length} answers`;
      const off = list.slice(0, 10).find((i) => !is10k0603(i) || i.cateName !== '贴片电阻');
      return off ? `${off.mpn} (${off.cateName}, ${off.package}) in the first 10` : null;
    },
  },
  {
    q: '肖特基二极管 SOD-123',
    size: 20,
    judge: async (list) => {
      if (list.length < 10) return `${list.length} answers`;
      const off = list.slice(0, 10).find((i) => i.cateName !== '肖特基二极管' || !/^SOD-123/.test(i.package ?? ''));
      return off ? `${off.mpn} (${off.cateName}, ${off.package}) in the first 10` : null;
    },
  },
  {
    q: '国产 MCU',
    size: 20,
    judge: async (list, f) => {
      if (list.length < 10) return `${list.length} answers`;
      for (const i of list.slice(0, 10)) {
        if (!/单片机|微控制器|MCU/.test(i.cateName)) return `${i.mpn} (${i.cateName}) is not an MCU`;
        if ((await f.country(i.brandId)) !== 'CN') return `${i.mpn} (${i.brandName}) is not from a domestic maker`;
      }
      return null;
    },
  },
];

export async function checkRealCatalogue(db: Db): Promise<CaseResult[]> {
  const r = runnerOf(db);
  const facts: Facts = {
    stock: async (code) =>
      Number((await r.rows<{ s: number | null }>('SELECT max(o.stock) AS s FROM supply_offers o JOIN products p ON p.id = o.product_id WHERE p.mfg_mpn_code = $1', [code]))[0]?.s ?? 0),
    country: async (brandId) => (brandId === null ? null : ((await r.rows<{ c: string | null }>('SELECT country AS c FROM brands WHERE id = $1', [brandId]))[0]?.c ?? null)),
    lcsc: async (code) =>
      (await r.rows<{ m: string }>(`SELECT p.mfg_mpn_code AS m FROM product_supplier_codes s JOIN products p ON p.id = s.product_id WHERE s.supplier = 'lcsc' AND s.code = $1`, [code]))[0]?.m ?? null,
  };
  const out: CaseResult[] = [];
  for (const c of CASES) {
    const res = await searchProducts(db, { keyword: c.q, pageNum: 1, pageSize: c.size, locale: 'zh' });
    const why = await c.judge(res.list, facts);
    out.push({ q: c.q, ok: why === null, why: why ?? 'ok', top: show(res.list) });
  }
  return out;
}

if (import.meta.main) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node tests/relevance/real-catalog.ts <pglite data dir | postgres://…>');
    process.exit(2);
  }
  const { openDatabase } = await import('../../src/lib/server/db/client.server.ts');
  const database = await openDatabase(target.startsWith('postgres') ? { kind: 'postgres', url: target } : { kind: 'pglite', dataDir: target });
  const results = await checkRealCatalogue(database.db);
  console.log(JSON.stringify(results, null, 2));
  await database.close();
  process.exit(results.every((x) => x.ok) ? 0 : 1);
}
