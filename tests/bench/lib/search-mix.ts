// The search issue's query mix (issue 4): MPN prefixes, MPNs with a typo, Chinese keywords and
// category filters with three parameter constraints, drawn deterministically from a sample of the
// catalogue. Shared by bench:search and bench:designs (search while a design is analysed).

// ── Deterministic randomness (the synthetic catalogue's PRNG) ──────────────────
import { mulberry32 as rng } from '../../../src/lib/catalog/generate/permutation.ts';
export const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

export type Kind = 'prefix' | 'typo' | 'keyword' | 'filter';
export type Q = { kind: Kind; body: Record<string, unknown> };

export const CHINESE = [
  '单片机',
  '运放',
  '电容',
  '贴片电阻',
  '晶振',
  '二极管',
  '三极管',
  'MOS管',
  '稳压',
  'LDO 3.3V',
  '单片机 64KB',
  '电容 100nF',
  '贴片电阻 10k 0603',
  '意法 单片机',
  '光耦',
  '传感器',
  '连接器',
  '运算放大器',
  '模数转换器',
  '温度传感器',
  'USB转串口',
  '继电器',
  '肖特基二极管',
  '稳压二极管',
  '德州仪器 运放',
  '村田 电容',
  '贴片电容 0805',
  '电容 10uF 0603',
  '场效应管',
  '霍尔传感器',
  '以太网',
  '比较器',
];

export type Sample = { mpns: string[]; resistances: number[]; caps: number[] };

export async function sample(query: (sql: string) => Promise<Record<string, unknown>[]>, modulo: number): Promise<Sample> {
  const mpns = (await query(`SELECT mpn FROM products WHERE id % ${modulo} = 3 ORDER BY id LIMIT 3000`)).map((r) => String(r.mpn));
  const resistances = (await query(`SELECT DISTINCT value_num AS v FROM product_params WHERE key = 'resistance' AND value_num > 0 ORDER BY 1 LIMIT 400`)).map((r) => Number(r.v));
  const caps = (await query(`SELECT DISTINCT value_num AS v FROM product_params WHERE key = 'capacitance' ORDER BY 1 LIMIT 400`)).map((r) => Number(r.v));
  return { mpns, resistances, caps };
}

export function typo(r: () => number, mpn: string): string {
  const alnum = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  const p = 2 + Math.floor(r() * Math.max(1, mpn.length - 3));
  const kind = Math.floor(r() * 4);
  if (kind === 0) return mpn.slice(0, p) + pick(r, [...alnum]) + mpn.slice(p + 1);
  if (kind === 1) return mpn.slice(0, p) + mpn.slice(p + 1);
  if (kind === 2 && p + 1 < mpn.length) return mpn.slice(0, p) + mpn.charAt(p + 1) + mpn.charAt(p) + mpn.slice(p + 2);
  return mpn.slice(0, p) + pick(r, [...alnum]) + mpn.slice(p);
}

export function searchMix(s: Sample, seed: number, count: number): Q[] {
  const r = rng(seed);
  const out: Q[] = [];
  const page = () => (r() < 0.85 ? 1 : 2 + Math.floor(r() * 3));
  const longMpns = s.mpns.filter((m) => m.replace(/[^A-Za-z0-9]/g, '').length >= 6);
  for (let i = 0; i < count; i++) {
    const kind = (['prefix', 'typo', 'keyword', 'filter'] as const)[i % 4]!;
    if (kind === 'prefix') {
      const m = pick(r, s.mpns);
      const len = Math.min(m.length, 4 + Math.floor(r() * Math.max(1, m.length - 3)));
      const kw = m.slice(0, len);
      out.push({
        kind,
        body: {
          keyword: r() < 0.5 ? kw.toLowerCase() : kw,
          pageNum: 1,
          pageSize: 20,
        },
      });
    } else if (kind === 'typo') {
      out.push({
        kind,
        body: { keyword: typo(r, pick(r, longMpns)), pageNum: 1, pageSize: 20 },
      });
    } else if (kind === 'keyword') {
      out.push({
        kind,
        body: { keyword: pick(r, CHINESE), pageNum: page(), pageSize: 20 },
      });
    } else {
      const t = Math.floor(r() * 3);
      let body: Record<string, unknown>;
      if (t === 0 && s.caps.length) {
        const third =
          r() < 0.5
            ? { key: 'dielectric', values: [pick(r, ['X7R', 'X5R', 'C0G'])] }
            : {
                key: 'package',
                values: [pick(r, ['0402', '0603', '0805', '1206'])],
              };
        const cap = pick(r, s.caps);
        body = {
          cateId: 551,
          params: [{ key: 'capacitance', min: cap, max: cap }, { key: 'ratedVoltage', min: pick(r, [6.3, 10, 16, 25, 50]) }, third],
        };
      } else if (t === 1 && s.resistances.length) {
        const ohms = pick(r, s.resistances);
        body = {
          cateId: 550,
          params: [
            { key: 'resistance', min: ohms, max: ohms },
            { key: 'tolerance', max: pick(r, [1, 5]) },
            { key: 'power', min: pick(r, [0.05, 0.0625, 0.1]) },
          ],
        };
      } else {
        body = {
          cateId: 100,
          params: [
            { key: 'flashSize', min: pick(r, [16, 32, 64, 128, 256]) * 1024 },
            { key: 'ramSize', min: pick(r, [2, 4, 8, 16]) * 1024 },
            { key: 'maxFrequency', min: pick(r, [16, 48, 72, 100]) * 1e6 },
          ],
        };
      }
      out.push({
        kind,
        body: {
          ...body,
          pageNum: page(),
          pageSize: 20,
          sort: pick(r, ['relevance', 'relevance', 'mpn']),
        },
      });
    }
  }
  return out;
}

export function suggestMix(s: Sample, seed: number, count: number): string[] {
  const r = rng(seed);
  const words = ['单', '单片', '运', '运放', '电容', '电阻', '意法', '晶', '稳压', 'op', 'regul', 'mosf', 'sens', '德州', 'ti', 'usb'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 3 === 2) out.push(pick(r, words));
    else {
      const m = pick(r, s.mpns);
      out.push(m.slice(0, Math.min(m.length, 2 + Math.floor(r() * 7))));
    }
  }
  return out;
}

