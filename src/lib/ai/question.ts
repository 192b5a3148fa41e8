// Reading a question for the retrieval assistant (issue #15 item 3): what is asked (selection,
// replacement, comparison of named parts, a datasheet fact, a BOM line, the open design), the part
// numbers it names, and its parameter constraints with their direction ('at least 1 A', '≤ 50 mΩ').
// The words are tokenised by the search engine's own parser (search.ts), so categories, brands,
// packages and quantities mean here what they mean in the search box. Pure: no database.

import { normalizeMpn } from '../catalog/mpn.ts';
import type { Unit } from '../catalog/units.ts';
import { cleanKeyword, hasCjk, parseQuery, type Dictionary, type ParsedQuery, type QueryToken } from '../search/search.ts';

export type QuestionIntent = 'selection' | 'replacement' | 'comparison' | 'datasheet' | 'bomLine' | 'design';

/** How a quantity binds: at least, at most, equal, or inside a part's min–max pair. */
export type Bound = 'min' | 'max' | 'equals' | 'within';

/** A quantity of the question with its direction; the parameter key is chosen later, per category. */
export type QuantityAsk = {
  text: string;
  value: number;
  unit: Unit | null;
  bound: Bound | null;
  /** 'input' / 'output' when the words say which side ('输入12V', '12V to 3.3V', 'Vout 5V'). */
  side: 'input' | 'output' | null;
  /** The parameter key the words name ('64KB flash' → flashSize), when they do. */
  key?: string;
  /** Where the quantity is in the question's text. */
  at: number;
  /** The text just before and after the quantity (where direction and naming words are). */
  before: string;
  after: string;
};

/** Parameter names the parser would read as a category ('导通电阻' holds '电阻', resistors): replaced before parsing. */
const PARAM_PHRASES = /导通电阻|on-?resistance|r\s?ds\s?\(?on\)?/gi;

/** Words that name a parameter of a quantity rather than a category. */
const PARAM_WORDS: Array<{ re: RegExp; unit: Unit; key: string }> = [
  {
    re: /导通电阻|on-?resistance|r\s?ds\s?\(?on\)?/i,
    unit: 'Ω',
    key: 'onResistance',
  },
  { re: /\bflash\b|闪存/i, unit: 'B', key: 'flashSize' },
  { re: /\b(?:s?ram)\b|内存/i, unit: 'B', key: 'ramSize' },
  { re: /\beeprom\b/i, unit: 'B', key: 'eepromSize' },
  // An engineer's limit names its parameter: '压差不超过300mV' is the dropout, not the output voltage.
  // Not the names of the part itself: 低压差稳压器, low-dropout regulator.
  { re: /(?<!低)压差(?!稳压|线性)|(?<!low[- ])\bdropout\b(?![- ]regulator)/i, unit: 'V', key: 'dropoutVoltage' },
  { re: /静态电流|\bquiescent\b|\bIq\b/i, unit: 'A', key: 'quiescentCurrent' },
  { re: /增益带宽积?|\bGBW\b|\bGBP\b|gain[- ]bandwidth/i, unit: 'Hz', key: 'gainBandwidth' },
];

export type DesignAsk = 'count' | 'missing' | 'cost' | 'summary';

export type Question = {
  text: string;
  intent: QuestionIntent;
  /** Part numbers as typed ('AMS1117', 'TL072'), in order. */
  mpns: string[];
  /** Dictionary terms that narrow a search: categories, brands (the search keyword, without quantities or packages). */
  keyword: string;
  /** Packages asked ('SOT-223', '0603'). */
  packages: string[];
  /** The dictionary terms of the keyword with the categories each names. */
  terms: Array<{ text: string; cates: number[] }>;
  /** Category ids the words name (strongest sense first), for choosing parameter keys. */
  cateIds: number[];
  quantities: QuantityAsk[];
  /** 国产 / domestic / Chinese brand asked. */
  domestic: boolean;
  /** For intent 'design': what about the design. */
  design: DesignAsk | null;
  /** For intent 'design' with 'count': the category words ('电阻', 'resistors'). */
  designWords: string[];
  parsed: ParsedQuery;
};

const REPLACE_RE = /替代|代替|替换|平替|代换|代用|replace|alternative|substitut|equivalent|drop-?in|pin[- ]?compatible|second source/i;
const COMPARE_RE = /对比|比较|区别|差异|差别|不同|\bvs\.?\b|versus|compare|comparison|differen|\bor\b|还是|哪个|哪一个|哪款|哪颗|\bwhich\b|\bbetter\b/i;
const FACT_RE =
  /最大|最小|多少|是多少|几[个脚]|数据手册|规格书|手册|第\s*\d+\s*页|哪一?页|引脚|管脚|\bpage\b|datasheet|what is|what's|how (?:much|many|high|low)|maximum|minimum|\bmax\b|\bmin\b|pin ?out|pinout|absolute/i;
const BOM_RE = /\bBOM\b|物料清单|物料行|BOM\s*行|match (?:this|the|a) (?:line|bom)/i;
const DOMESTIC_RE = /国产|国内品牌|国货|domestic|\bchinese\b|made in china|china-made/i;
const DESIGN_COUNT_RE = /多少|几个|几种|数量|how many|count|number of/i;
const DESIGN_MISSING_RE = /不在(?:目录|库|数据库)|没(?:有)?匹配|未匹配|找不到|缺少|not in (?:the )?catalog|unmatched|not matched|missing|without a match/i;
const DESIGN_COST_RE = /成本|费用|价格|贵|cost|price|expensive|driver/i;
const DESIGN_RE = /设计|原理图|这块板|板子|本板|当前|this (?:design|board|schematic)|the design|my design|the board|\bBOM\b/i;

/** Question words that never name a category, brand or package (English by word, Chinese by phrase). */
const FILLER_EN =
  /(?<![\w-])(?:i|we|need|needs|want|looking|for|a|an|the|with|please|find|me|recommend|suggest|which|what|whats|is|are|of|in|that|has|have|at|least|most|you|show|list|give|any|some|than|package|packaged|part|parts|should|would|there|options?|like|about|around|rated|rating|or|and|from|by|more|less)(?![\w-])/gi;
const FILLER_ZH = /我们?|需要|想要|帮我|帮忙|请问|请|推荐|有没有|有哪些|哪些|哪个|什么|一个|一款|一颗|几款|吗|呢|至少|最少|最多|不低于|不超过|不小于|不大于|以上|以下|以内|左右|封装的?|型号/g;

// Words that set a direction for the quantity right after (or before) them.
const MIN_BEFORE = /(?:at least|min(?:imum)?\.?|no less than|(?<!no |not )more than|(?<!no |not )greater than|above|over|>=?|≥|至少|最少|不低于|不小于|(?<!不)大于|(?<!不)高于|(?<!不)超过|起码)\s*$/i;
const MAX_BEFORE = /(?:at most|max(?:imum)?\.?|no more than|(?<!no |not )less than|below|under|up to|<=?|≤|最多|至多|不超过|不高于|不大于|小于|低于)\s*$/i;
/**
 * Gives each parameter word ('Flash', 'RAM', '导通电阻') to its quantity: in English a word right
 * after a quantity labels it ('128KB flash'), otherwise a word labels the next quantity
 * ('Flash至少128KB', 'flash of 64KB'), else the one just before it. A lone word of a unit
 * names every quantity of that unit left unlabelled.
 */
function bindParamWords(text: string, quantities: QuantityAsk[], words: typeof PARAM_WORDS): void {
  const latin = !hasCjk(text);
  for (const w of words) {
    for (const m of text.matchAll(new RegExp(w.re.source, 'gi'))) {
      const start = m.index;
      const end = start + m[0].length;
      const same = quantities.filter((q) => q.unit === w.unit && !q.key);
      const before = same.filter((q) => q.at + q.text.length <= start).pop();
      const after = same.find((q) => q.at >= end);
      const gapBefore = before ? start - (before.at + before.text.length) : Infinity;
      const gapAfter = after ? after.at - end : Infinity;
      const pick = latin && gapBefore <= 2 ? before : gapAfter <= (latin ? 18 : 10) ? after : gapBefore <= 10 ? before : undefined;
      if (pick) pick.key = w.key;
    }
  }
  // Not for volts, amps and hertz: '3.3V LDO 压差不超过300mV' has one dropout and one output voltage.
  const units = new Set(words.map((w) => w.unit).filter((u) => u !== 'V' && u !== 'A' && u !== 'Hz'));
  for (const unit of units) {
    const named = words.filter((w) => w.unit === unit);
    if (named.length === 1) for (const q of quantities) if (q.unit === unit && !q.key) q.key = named[0]!.key;
  }
}

// Which side a quantity is on. Chinese puts the label first ('输入12V输出3.3V'); English either
// after ('24V input, 5V output') or first ('Vin 24V'), where a label right after another quantity
// belongs to that one.
const ZH_SIDE_BEFORE = /(输入|输出)(?:电压|电流)?\s*[:：=]?\s*$/;
const EN_SIDE_AFTER = /^\s*(input|output|in|out|vin|vout|iout)\b/i;
const EN_SIDE_BEFORE = /\b(input|output|vin|vout|iout)(?: voltage| current)?\s*[:：=]?\s*$/i;
const LABEL_OF_PREVIOUS = /\d[\w.]*\s*(?:input|output|in|out)\s*$/i;

function sideOf(before: string, after: string): 'input' | 'output' | null {
  const word = ZH_SIDE_BEFORE.exec(before)?.[1] ?? EN_SIDE_AFTER.exec(after)?.[1] ?? (LABEL_OF_PREVIOUS.test(before) ? undefined : EN_SIDE_BEFORE.exec(before)?.[1]);
  if (!word) return null;
  return /^(?:输入|input|in|vin)$/i.test(word) ? 'input' : 'output';
}
const MIN_AFTER = /^\s*(?:以上|及以上|或以上|或更高|or more|or higher|or above|\+|min\b|minimum)/i;
const MAX_AFTER = /^\s*(?:以下|及以下|或以下|以内|或更低|or less|or lower|or below|max\b|maximum)/i;

/** Reads a question with the search dictionary (index.dict); `hasDesign` allows the design intent. */
export function readQuestion(raw: string, dict: Dictionary, hasDesign = false): Question {
  // Sentence punctuation separates words here ('1A，SOT-223'); the search box would keep '1A,SOT-223' whole.
  const text = cleanKeyword(
    cleanKeyword(raw)
      .replace(/[;!?。、；！？]+|,(?!\d{3}(?!\d))/g, ' ')
      // 'N-MOSFET' / 'PMOSFET' are one word to the parser but two dictionary terms.
      .replace(/\b([NP])[- ]?MOSFETs?\b/gi, '$1-channel MOSFET'),
  );
  // Question words would use up the parser's token budget (MAX_TOKENS) before the constraints; the
  // directions ('at least') are read from the whole text below.
  const parsed = parseQuery(text.replace(PARAM_PHRASES, ' Rdson ').replace(FILLER_EN, ' ').replace(FILLER_ZH, ' '), dict);
  const mpns = partNumbers(parsed.tokens);
  const quantities = quantitiesOf(text, parsed.tokens);
  // A word that names a parameter beside its quantity ('64KB flash') is that parameter, not a category.
  const keyWords = PARAM_WORDS.filter((w) => w.re.test(text) && quantities.some((q) => q.unit === w.unit));
  bindParamWords(text, quantities, keyWords);
  const tokens = parsed.tokens.filter((t) => !(t.kind === 'dict' && keyWords.some((w) => w.re.test(t.text))));
  const cateIds = categoriesOf(tokens);
  const keyword = keywordOf(tokens);
  const packages = tokens.filter((t) => t.kind === 'package').map((t) => t.text);
  const terms = tokens.flatMap((t) => (t.kind === 'dict' ? [{ text: t.text, cates: [...t.sense.cates.keys()] }] : []));
  const domestic = DOMESTIC_RE.test(text);

  let design: DesignAsk | null = null;
  if (hasDesign && mpns.length === 0 && (DESIGN_RE.test(text) || DESIGN_MISSING_RE.test(text) || (DESIGN_COUNT_RE.test(text) && cateIds.length > 0) || /cost driver|成本/i.test(text))) {
    design = DESIGN_MISSING_RE.test(text) ? 'missing' : DESIGN_COST_RE.test(text) ? 'cost' : DESIGN_COUNT_RE.test(text) ? 'count' : 'summary';
  }
  const designWords = tokens.filter((t) => t.kind === 'dict').map((t) => t.text);

  let intent: QuestionIntent = 'selection';
  if (design) intent = 'design';
  else if (BOM_RE.test(text)) intent = 'bomLine';
  else if (mpns.length >= 2 && COMPARE_RE.test(text)) intent = 'comparison';
  else if (mpns.length >= 1 && REPLACE_RE.test(text)) intent = 'replacement';
  else if (mpns.length === 1 && FACT_RE.test(text) && quantities.length === 0) intent = 'datasheet';
  else if (mpns.length >= 2 && mpns.length <= 4 && cateIds.length === 0 && quantities.length === 0) intent = 'comparison';
  return {
    text,
    intent,
    mpns,
    keyword,
    packages,
    terms,
    cateIds,
    quantities,
    domestic,
    design,
    designWords,
    parsed,
  };
}

/** Part numbers: MPN-like Latin words ('AMS1117', 'STM32F103C8T6'); not quantities or packages. */
function partNumbers(tokens: readonly QueryToken[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const t of tokens) {
    // A one-word dictionary term that looks like a part number ('STM32', 'RS485') is a family, not a part.
    if (t.kind !== 'term' || !t.mpnLike) continue;
    const key = normalizeMpn(t.text);
    if (key.length < 3 || seen.has(key)) continue;
    seen.add(key);
    out.push(t.text);
  }
  return out;
}

/** Category ids of the dictionary terms, the heaviest sense first. */
function categoriesOf(tokens: readonly QueryToken[]): number[] {
  const weights = new Map<number, number>();
  for (const t of tokens) if (t.kind === 'dict') for (const [id, w] of t.sense.cates) weights.set(id, Math.max(weights.get(id) ?? 0, w));
  return [...weights.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

/** The search keyword of a selection: dictionary terms (quantities and packages become filters; question words are dropped). */
function keywordOf(tokens: readonly QueryToken[]): string {
  return tokens
    .filter((t) => t.kind === 'dict')
    .map((t) => t.text)
    .join(' ');
}

/** Quantities with the direction their neighbouring words give ('至少1A', '1A以上', '>= 20 V'). */
function quantitiesOf(text: string, tokens: readonly QueryToken[]): QuantityAsk[] {
  const out: QuantityAsk[] = [];
  let from = 0;
  for (const t of tokens) {
    if (t.kind !== 'quantity') continue;
    const at = text.indexOf(t.text, from);
    const before = at >= 0 ? text.slice(Math.max(0, at - 16), at) : '';
    const after = at >= 0 ? text.slice(at + t.text.length, at + t.text.length + 12) : '';
    if (at >= 0) from = at + t.text.length;
    const bound: Bound | null = MIN_BEFORE.test(before) || MIN_AFTER.test(after) ? 'min' : MAX_BEFORE.test(before) || MAX_AFTER.test(after) ? 'max' : null;
    const side = sideOf(before, after);
    out.push({
      text: t.text,
      value: t.value,
      unit: t.unit,
      bound,
      side,
      at,
      before,
      after,
    });
  }
  // '12V to 3.3V', '12V转5V', '24V→5V': the first is the input, the second the output.
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i]!;
    const b = out[i + 1]!;
    if (a.unit !== b.unit || a.side || b.side) continue;
    const between = text.slice(text.indexOf(a.text) + a.text.length, text.indexOf(b.text, text.indexOf(a.text) + a.text.length));
    if (/^\s*(?:to|->|→|转|到|降到|降压到|升到|升压到|-)\s*$/i.test(between)) {
      out[i] = { ...a, side: 'input' };
      out[i + 1] = { ...b, side: 'output' };
    }
  }
  return out;
}

// ── Parameter keys ───────────────────────────────────────────────────────────

/** Keys whose natural reading without a direction word is 'at least' (ratings, capacities, speeds). */
const AT_LEAST = new Set([
  'outputCurrent',
  'drainCurrent',
  'forwardCurrent',
  'ratedCurrent',
  'collectorCurrent',
  'drainSourceVoltage',
  'ratedVoltage',
  'maxWorkingVoltage',
  'reverseVoltage',
  'collectorEmitterVoltage',
  'power',
  'flashSize',
  'ramSize',
  'eepromSize',
  'memorySize',
  'maxFrequency',
  'bandwidth',
  'gbw',
  'gainBandwidth',
  'slewRate',
]);
/** Keys read as 'at most' (losses, errors). */
const AT_MOST = new Set(['onResistance', 'dropoutVoltage', 'tolerance', 'quiescentCurrent', 'offsetVoltage', 'inputOffsetVoltage', 'noise', 'noiseDensity', 'forwardVoltage']);

/** The default direction of a quantity on a key, when the question gives none. */
export function defaultBound(key: string): Bound {
  if (AT_LEAST.has(key)) return 'min';
  if (AT_MOST.has(key)) return 'max';
  return 'equals';
}

/** A key's min/max pair ('supplyVoltage' for supplyVoltageMin/Max), when the keys hold one. */
export function rangePair(key: string, keys: ReadonlySet<string>): { min: string; max: string } | null {
  const m = /^(.*)(Min|Max)$/.exec(key);
  if (!m) return null;
  const min = `${m[1]}Min`;
  const max = `${m[1]}Max`;
  return keys.has(min) && keys.has(max) ? { min, max } : null;
}

/** Keys preferred for a unit when a category does not decide ('64KB' is a flash size before a RAM size). */
export const UNIT_PREFERENCE: Readonly<Record<string, readonly string[]>> = {
  B: ['flashSize', 'ramSize', 'eepromSize', 'memorySize'],
  V: ['outputVoltage', 'drainSourceVoltage', 'ratedVoltage', 'supplyVoltageMax', 'inputVoltageMax', 'maxWorkingVoltage'],
  Hz: ['maxFrequency', 'frequency', 'switchingFrequency'],
  F: ['capacitance'],
  Ω: ['resistance', 'onResistance'],
  H: ['inductance'],
  A: ['outputCurrent', 'drainCurrent', 'forwardCurrent', 'ratedCurrent'],
  W: ['power'],
  '%': ['tolerance'],
};

/** A parameter filter of the search (SI base units). */
export type ParamAsk = { key: string; min?: number; max?: number };

/** Relative slack of an 'equals' filter (stored values are rounded decimals). */
const EQUAL_SLACK = 1e-6;

/**
 * Turns a quantity into filters on a chosen key: 'equals' is a narrow range, 'within' (a value on a
 * min/max pair, e.g. 3.3 V on supplyVoltageMin/Max) puts the value inside the part's range.
 */
export function filtersFor(ask: QuantityAsk, key: string, keys: ReadonlySet<string>): ParamAsk[] {
  const pair = rangePair(key, keys);
  const bound = ask.bound ?? (pair ? 'within' : defaultBound(key));
  const v = ask.value;
  if (bound === 'within' && pair)
    return [
      { key: pair.min, max: v },
      { key: pair.max, min: v },
    ];
  if (bound === 'min') return [{ key, min: v }];
  if (bound === 'max') return [{ key, max: v }];
  const slack = Math.abs(v) * EQUAL_SLACK;
  return [{ key, min: v - slack, max: v + slack }];
}

/** Does a numeric value satisfy a filter (with the same slack the search uses)? */
export function satisfies(value: number, filter: ParamAsk): boolean {
  const eps = (x: number) => Math.abs(x) * 1e-9 + 1e-15;
  return (filter.min === undefined || value >= filter.min - eps(filter.min)) && (filter.max === undefined || value <= filter.max + eps(filter.max));
}
