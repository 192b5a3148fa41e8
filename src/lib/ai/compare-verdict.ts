// The answer to "A vs B for <condition>" (issue #33 item 2), pure: which parameters decide the
// condition the question states, each part's figures on them, and a recommendation with its
// reasons, or the data that is missing to give one. Conditions read: a supply voltage (single
// supply: the part's supply range must hold it), and aims named by words (low noise, speed,
// precision, low power, output current, dropout, price, stock). Without a stated condition the
// parts are weighed on every deciding parameter both state. Only catalogue figures are used.

import { ruleOf } from '../replace/replace.ts';

export type CompareAim = 'noise' | 'speed' | 'precision' | 'power' | 'current' | 'dropout' | 'price' | 'stock';

export type CompareCondition = {
  /** The supply voltage the parts must run from (V), when the question states one. */
  supplyVoltage: number | null;
  singleSupply: boolean;
  aims: CompareAim[];
};

const AIM_WORDS: ReadonlyArray<{ aim: CompareAim; re: RegExp }> = [
  { aim: 'noise', re: /噪声|噪音|noise|audio|音频/i },
  { aim: 'speed', re: /高速|速度|带宽|压摆|speed|fast|bandwidth|gbw|slew/i },
  { aim: 'precision', re: /精密|精度|失调|precision|offset|accura/i },
  { aim: 'power', re: /低功耗|功耗|电池|low[- ]power|battery|quiescent/i },
  { aim: 'current', re: /电流|大电流|current/i },
  { aim: 'dropout', re: /压差|dropout/i },
  { aim: 'price', re: /便宜|价格|成本|价钱|cheap|price|cost/i },
  { aim: 'stock', re: /库存|货源|stock|availab/i },
];

/** Reads the condition from the question's text and its voltage quantities. */
export function readCondition(text: string, voltages: readonly number[]): CompareCondition {
  const singleSupply = /单电源|单供电|单路电源|single[- ]?(?:rail|supply)|single 5 ?v/i.test(text);
  const supplyWord = singleSupply || /供电|电源|supply|powered|rail|电池|battery/i.test(text);
  const supplyVoltage = voltages.length > 0 && (supplyWord || voltages.length === 1) ? voltages[0]! : null;
  const aims = AIM_WORDS.filter((a) => a.re.test(text.replace(/电源电流|supply current/gi, ''))).map((a) => a.aim);
  return { supplyVoltage, singleSupply, aims: supplyVoltage !== null ? aims.filter((a) => a !== 'current' || !/电源|supply/i.test(text)) : aims };
}

export type CompareFacts = {
  mpn: string;
  nums: ReadonlyMap<string, number>;
  texts: ReadonlyMap<string, string>;
  /** Unit price at quantity 1 in the offers snapshot, CNY (null: no offer with a price). */
  price: number | null;
  stock: number | null;
};

/** The parameters that decide each aim, with which way is better. */
const AIM_KEYS: Readonly<Record<CompareAim, ReadonlyArray<{ key: string; better: 'higher' | 'lower' }>>> = {
  noise: [{ key: 'noiseDensity', better: 'lower' }],
  speed: [
    { key: 'gainBandwidth', better: 'higher' },
    { key: 'slewRate', better: 'higher' },
    { key: 'bandwidth', better: 'higher' },
  ],
  precision: [
    { key: 'inputOffsetVoltage', better: 'lower' },
    { key: 'inputBiasCurrent', better: 'lower' },
  ],
  power: [
    { key: 'quiescentCurrent', better: 'lower' },
    { key: 'supplyCurrent', better: 'lower' },
  ],
  current: [{ key: 'outputCurrent', better: 'higher' }],
  dropout: [{ key: 'dropoutVoltage', better: 'lower' }],
  price: [{ key: '@price', better: 'lower' }],
  stock: [{ key: '@stock', better: 'higher' }],
};

/** Weighed when no aim is stated: the figures datasheets headline. */
const GENERAL_KEYS = ['gainBandwidth', 'slewRate', 'inputOffsetVoltage', 'noiseDensity', 'quiescentCurrent', 'outputCurrent', 'dropoutVoltage', 'onResistance', 'drainCurrent', 'flashSize', 'ramSize', 'maxFrequency'];

export type SupplyFit = 'yes' | 'no' | 'unknown';

export type CompareReason =
  | { kind: 'supplyIn' | 'supplyOut'; part: number; min: number | null; max: number | null; voltage: number }
  | { kind: 'better'; part: number; other: number; key: string; value: number; otherValue: number }
  | { kind: 'railToRail'; part: number; text: string };

export type CompareVerdict = {
  condition: CompareCondition;
  /** Per part: does its supply range hold the supply voltage (only with a supply voltage). */
  fits: SupplyFit[];
  /** The part recommended (index), null when the data cannot decide. */
  recommended: number | null;
  reasons: CompareReason[];
  /** Per part, the deciding keys it does not state. */
  missing: Array<{ part: number; keys: string[] }>;
  /** The keys that decided or were looked at, in order (for the table's first rows). */
  keys: string[];
};

function valueOf(f: CompareFacts, key: string): number | undefined {
  if (key === '@price') return f.price ?? undefined;
  if (key === '@stock') return f.stock ?? undefined;
  return f.nums.get(key);
}

function supplyFit(f: CompareFacts, v: number): { fit: SupplyFit; min: number | null; max: number | null } {
  const min = f.nums.get('supplyVoltageMin') ?? null;
  const max = f.nums.get('supplyVoltageMax') ?? null;
  if (min === null && max === null) return { fit: 'unknown', min, max };
  const eps = 1e-9;
  if ((min !== null && v < min - eps) || (max !== null && v > max + eps)) return { fit: 'no', min, max };
  return { fit: min !== null && max !== null ? 'yes' : 'unknown', min, max };
}

/** Weighs the parts on the condition: supply fit first, then the aims' keys (or the general ones). */
export function compareVerdict(parts: readonly CompareFacts[], condition: CompareCondition): CompareVerdict {
  const reasons: CompareReason[] = [];
  const missing: Array<{ part: number; keys: string[] }> = parts.map((_, part) => ({ part, keys: [] }));
  const keys: string[] = [];
  let fits: SupplyFit[] = [];
  let pool = parts.map((_, i) => i);
  if (condition.supplyVoltage !== null) {
    const v = condition.supplyVoltage;
    keys.push('supplyVoltageMin', 'supplyVoltageMax');
    const read = parts.map((f) => supplyFit(f, v));
    fits = read.map((r) => r.fit);
    read.forEach((r, part) => {
      if (r.fit === 'unknown') missing[part]!.keys.push('supplyVoltage');
      else reasons.push({ kind: r.fit === 'yes' ? 'supplyIn' : 'supplyOut', part, min: r.min, max: r.max, voltage: v });
    });
    const yes = pool.filter((i) => fits[i] === 'yes');
    if (yes.length > 0) pool = yes;
    else if (fits.some((f) => f === 'unknown')) pool = pool.filter((i) => fits[i] === 'unknown');
    else pool = [];
    if (condition.singleSupply)
      for (const i of pool) {
        const rr = parts[i]!.texts.get('railToRail');
        if (rr) reasons.push({ kind: 'railToRail', part: i, text: rr });
      }
  }
  const weighed = condition.aims.length ? condition.aims.flatMap((a) => AIM_KEYS[a].map((k) => ({ ...k, aim: a as CompareAim | null }))) : GENERAL_KEYS.map((key) => ({ key, better: ruleOf(key) === 'lower' || /offset|noise|quiescent|dropout|onResistance/i.test(key) ? ('lower' as const) : ('higher' as const), aim: null as CompareAim | null }));
  const score = new Map<number, number>(pool.map((i) => [i, 0]));
  // An aim whose keys no two parts state is named as missing data (its first key per part).
  const comparedAims = new Set<CompareAim>();
  for (const { key, aim } of weighed) if (aim && parts.filter((f) => valueOf(f, key) !== undefined).length >= 2) comparedAims.add(aim);
  for (const aim of condition.aims)
    if (!comparedAims.has(aim)) {
      const key = AIM_KEYS[aim][0]!.key;
      parts.forEach((f, part) => valueOf(f, key) === undefined && missing[part]!.keys.push(key));
    }
  for (const { key, better } of weighed) {
    const stated = parts.map((f) => valueOf(f, key));
    const inPool = pool.filter((i) => stated[i] !== undefined);
    if (inPool.length < 2 && condition.aims.length === 0) continue;
    keys.push(key);
    if (inPool.length < 2) continue;
    const best = inPool.reduce((a, b) => ((better === 'lower' ? stated[b]! < stated[a]! : stated[b]! > stated[a]!) ? b : a));
    const others = inPool.filter((i) => i !== best && stated[i] !== stated[best]);
    if (others.length === 0) continue;
    score.set(best, (score.get(best) ?? 0) + 1);
    reasons.push({ kind: 'better', part: best, other: others[0]!, key, value: stated[best]!, otherValue: stated[others[0]!]! });
  }
  let recommended: number | null = null;
  if (pool.length === 1 && (condition.supplyVoltage === null || fits[pool[0]!] !== 'unknown')) recommended = pool[0]!;
  else if (pool.length > 1) {
    const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
    if (ranked[0] && ranked[0][1] > 0 && (ranked[1]?.[1] ?? -1) < ranked[0][1] && (condition.supplyVoltage === null || fits[ranked[0][0]] === 'yes')) recommended = ranked[0][0];
  }
  return { condition, fits, recommended, reasons, missing: missing.filter((m) => m.keys.length > 0), keys: [...new Set(keys)] };
}
