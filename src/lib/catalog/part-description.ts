// A part's one-line description generated from its own catalogue facts: the category and the
// parameters that carry a value (PARAM_DEFS keys), never a translated guess. Used where a source
// gives no description in a language (the KiCad importer's Chinese text) and by
// scripts/rewrite-demo-descriptions.ts. Pure, browser-safe.
//
//   zh  'ARM Cortex-M3 单片机，Flash 64KB，RAM 20KB，最高主频 72MHz，37 个 I/O，工作电压 2V~3.6V，LQFP-48 封装'
//   en  'ARM Cortex-M3 MCU, 64 KB flash, 20 KB RAM, up to 72 MHz, 37 I/Os, supply 2 V to 3.6 V, LQFP-48 package'
//
// Rules: a parameter without a usable value is left out (no empty slots); a Min/Max pair is one
// range; a fact the category already states (the MCU core, a regulator's fixed/adjustable
// output) is not repeated; at most MAX_FACTS facts after the category, the package last.

import { CATEGORY_BY_ID, type CategoryDef } from './kicad-library-map.ts';
import { PARAM_DEF_BY_KEY } from './param-extract.ts';
import { formatQuantity, isUnit, type Unit } from './units.ts';

export type PartDescriptionParam = { readonly key: string; readonly value?: number | null; readonly unit?: string | null; readonly text?: string | null };
export type PartDescriptionInput = { readonly cateId: number; readonly params: readonly PartDescriptionParam[]; readonly package?: string | null };
export type DescriptionLocale = 'zh' | 'en';

/** Facts after the category name, the package included. */
export const MAX_FACTS = 8;

const SEPARATOR: Readonly<Record<DescriptionLocale, string>> = { zh: '，', en: ', ' };

/**
 * Chinese for the English words the text parameters carry (PARAM_DEFS text keys: outputVoltageType,
 * interface; N/P-channel as distributors write a MOSFET's type). Protocol and core names (I2C,
 * SPI, ARM Cortex-M3) have no Chinese form and stay as they are.
 */
export const TEXT_ZH: Readonly<Record<string, string>> = {
  fixed: '固定',
  adjustable: '可调',
  ethernet: '以太网',
  'n-channel': 'N沟道',
  'p-channel': 'P沟道',
  'dual n-channel': '双N沟道',
  'dual p-channel': '双P沟道',
  'n and p-channel': 'N+P沟道',
  'n+p-channel': 'N+P沟道',
  npn: 'NPN',
  pnp: 'PNP',
};

export function textZh(text: string): string {
  return TEXT_ZH[text.trim().toLowerCase()] ?? text.trim();
}

// ── Category head ────────────────────────────────────────────────────────────

const MCU_PARENT = 100;

/** Level-3 names that are adjectives of their parent ('可调输出' under LDO), made into nouns. */
const HEAD_OVERRIDES: Readonly<Record<number, { zh: string; en: string }>> = {
  // Not 'LDO': the 78xx family in these categories is not low-dropout.
  15001: { zh: '正压固定输出线性稳压器', en: 'Positive fixed-output linear regulator' },
  15002: { zh: '可调输出线性稳压器', en: 'Adjustable-output linear regulator' },
  15003: { zh: '负压输出线性稳压器', en: 'Negative-output linear regulator' },
  15004: { zh: '多路输出线性稳压器', en: 'Multiple-output linear regulator' },
  15101: { zh: '降压 (Buck) DC-DC', en: 'Buck regulator' },
  15102: { zh: '升压 (Boost) DC-DC', en: 'Boost regulator' },
  15103: { zh: '升降压 (Buck-Boost) DC-DC', en: 'Buck-boost regulator' },
  15104: { zh: '反相 DC-DC', en: 'Inverting regulator' },
  60001: { zh: '单排连接器', en: 'Single-row connector' },
  60002: { zh: '双排连接器', en: 'Double-row connector' },
};

/** Words kept as written when an English category name is put in sentence case. */
// prettier-ignore
const PROPER_WORDS = new Set(['ARM', 'Cortex', 'Hall', 'Schottky', 'Zener', 'Darlington', 'Peltier', 'Ethernet', 'Bluetooth', 'Wi-Fi', 'ZigBee', 'Microwire', 'Type-C', 'PowerPC', 'Class-D', 'Class-AB', 'D-Sub']);
const NOT_PLURAL = /(?:ss|us|is|Series|Logic|Gas)$/;

function singular(word: string): string {
  if (word.length < 3 || NOT_PLURAL.test(word) || !/[a-z]s$|[A-Z]s$/.test(word)) return word;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

function sentenceWord(word: string, first: boolean): string {
  if (PROPER_WORDS.has(word.replace(/^\(|[),]$/g, ''))) return word;
  // 'N-Channel' → 'N-channel', 'Analog-to-Digital' → 'analog-to-digital' ('Analog-to-digital'
  // first), '(Pre-Biased)' → '(pre-biased)'; acronyms and proper names ('Hall') stay.
  return word
    .split(/(?<=[-/])|(?=[-/])/)
    .map((part, i) => {
      const m = /^(\(?)([A-Z][a-z]+)(\)?)$/.exec(part);
      if (!m || (first && i === 0) || PROPER_WORDS.has(m[2] ?? '')) return part;
      return `${m[1]}${(m[2] ?? '').toLowerCase()}${m[3]}`;
    })
    .join('');
}

/** 'Dual Op Amps' → 'Dual op amp'; 'Analog Switches & Multiplexers' → 'Analog switch & multiplexer'. */
export function englishHead(name: string): string {
  const words = name.split(' ');
  const head = words
    .map((w, i) => {
      const next = words[i + 1];
      // A noun ends its phrase before '&', ',', '/', '(' or the end.
      const endsPhrase = next === undefined || next === '&' || next === '/' || next.startsWith('(') || w.endsWith(',');
      const bare = w.replace(/,$/, '');
      const noun = endsPhrase && !w.startsWith('(') ? singular(bare) : bare;
      return sentenceWord(noun, i === 0) + (w.endsWith(',') ? ',' : '');
    })
    .join(' ');
  // 'Buffer, driver & transceiver' would read as three facts in a comma-separated description.
  return head.includes(',') ? head.replace(/,? & |, /g, '/') : head;
}

/** A space between CJK and Latin text, none between two CJK characters ('PIC 8 位' + '单片机'). */
function joinZh(a: string, b: string): string {
  return /[\u3400-\u9fff]$/.test(a) && /^[\u3400-\u9fff]/.test(b) ? `${a}${b}` : `${a} ${b}`;
}

type Head = { zh: string; en: string; coreStated: string | null };

function categoryHead(cate: CategoryDef | undefined, core: string | null): Head {
  if (!cate) return { zh: '', en: '', coreStated: null };
  const override = HEAD_OVERRIDES[cate.cateId];
  if (override) return { ...override, coreStated: null };
  if (cate.parentId === MCU_PARENT) {
    if (cate.cateNameEn.startsWith('Other ')) return { zh: '单片机', en: 'Microcontroller', coreStated: null };
    let familyZh = cate.cateName.replace(/\s*内核$/, '');
    let familyEn = cate.cateNameEn.replace(/\s+Core$/, '');
    // A finer core than the category's ('ARM Cortex-M4F' in 'ARM Cortex-M4') names the part.
    if (core && core.startsWith(familyEn)) {
      familyZh = core;
      familyEn = core;
    }
    return { zh: joinZh(familyZh, '单片机'), en: `${familyEn} MCU`, coreStated: familyEn };
  }
  return { zh: cate.cateName, en: englishHead(cate.cateNameEn), coreStated: null };
}

// ── Values ───────────────────────────────────────────────────────────────────

type Value = { readonly num: number | null; readonly unit: Unit | null; readonly text: string | null };

function readValue(p: PartDescriptionParam): Value | null {
  const def = PARAM_DEF_BY_KEY.get(p.key);
  if (!def) return null;
  if (def.kind === 'text') {
    const text = typeof p.text === 'string' ? p.text.trim() : '';
    return text === '' ? null : { num: null, unit: null, text };
  }
  if (typeof p.value !== 'number' || !Number.isFinite(p.value)) return null;
  // Stored values are in the definition's base unit; a row without its unit still has it.
  const unit = typeof p.unit === 'string' && isUnit(p.unit) ? p.unit : def.unit;
  return { num: p.value, unit, text: null };
}

function qty(v: Value, locale: DescriptionLocale): string {
  const s = formatQuantity(v.num ?? 0, v.unit);
  // Chinese catalogues write '64KB', '72MHz', '3.3V'.
  return locale === 'zh' ? s.replace(/(\d) (?=\S)/, '$1') : s;
}

function count(n: number): string {
  return formatQuantity(n, null);
}

function plural(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

function range(lo: Value | undefined, hi: Value | undefined, locale: DescriptionLocale): string | null {
  if (lo && hi) {
    if (lo.num === hi.num) return qty(lo, locale);
    return locale === 'zh' ? `${qty(lo, locale)}~${qty(hi, locale)}` : `${qty(lo, locale)} to ${qty(hi, locale)}`;
  }
  if (lo) return locale === 'zh' ? `≥${qty(lo, locale)}` : `from ${qty(lo, locale)}`;
  if (hi) return locale === 'zh' ? `≤${qty(hi, locale)}` : `up to ${qty(hi, locale)}`;
  return null;
}

/** A range fact: 'supply 2 V to 3.6 V'; the English 'up to' form reads better without 'supply …'. */
function rangeFact(labelZh: string, labelEn: string, lo: Value | undefined, hi: Value | undefined, locale: DescriptionLocale): string | null {
  const r = range(lo, hi, locale);
  if (r === null) return null;
  return locale === 'zh' ? `${labelZh} ${r}` : `${labelEn} ${r}`;
}

// ── Facts ────────────────────────────────────────────────────────────────────

type Ctx = { readonly values: ReadonlyMap<string, Value>; readonly locale: DescriptionLocale; readonly head: Head; readonly cateId: number };

type FactRule = { readonly keys: readonly string[]; readonly render: (c: Ctx) => string | null };

const v = (c: Ctx, key: string) => c.values.get(key);

/** 'label value' from a key's value, the simple case. */
function simple(key: string, zh: string, en: (q: string) => string, zhValue?: (q: string) => string): FactRule {
  return {
    keys: [key],
    render: (c) => {
      const x = v(c, key);
      if (!x) return null;
      const q = x.text ?? qty(x, c.locale);
      return c.locale === 'zh' ? (zhValue ? zhValue(q) : `${zh} ${q}`) : en(q);
    },
  };
}

function interfaceList(text: string, locale: DescriptionLocale): string {
  const names = text
    .split(/\s*,\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
  return locale === 'zh' ? names.map(textZh).join('、') : names.join('/');
}

/** In description order; the package is added last by describePart. */
const FACT_RULES: readonly FactRule[] = [
  {
    keys: ['core'],
    render: (c) => {
      const core = v(c, 'core')?.text;
      if (!core || (c.head.coreStated !== null && c.head.coreStated.startsWith(core))) return null;
      return c.locale === 'zh' ? `${core} 内核` : `${core} core`;
    },
  },
  simple('flashSize', 'Flash', (q) => `${q} flash`),
  {
    keys: ['programMemoryWords'],
    render: (c) => {
      const x = v(c, 'programMemoryWords');
      if (!x || x.num === null) return null;
      return c.locale === 'zh' ? `程序存储器 ${count(x.num)} 字` : `${count(x.num)}-word program memory`;
    },
  },
  simple('framSize', 'FRAM', (q) => `${q} FRAM`),
  simple('ramSize', 'RAM', (q) => `${q} RAM`),
  simple('eepromSize', 'EEPROM', (q) => `${q} EEPROM`),
  simple('memorySize', '容量', (q) => `${q} memory`),
  simple('maxFrequency', '最高主频', (q) => `up to ${q}`),
  {
    keys: ['gpioCount'],
    render: (c) => {
      const x = v(c, 'gpioCount');
      if (!x || x.num === null) return null;
      return c.locale === 'zh' ? `${count(x.num)} 个 I/O` : plural(x.num, 'I/O', 'I/Os');
    },
  },
  {
    keys: ['supplyVoltageMin', 'supplyVoltageMax'],
    render: (c) => rangeFact('工作电压', 'supply', v(c, 'supplyVoltageMin'), v(c, 'supplyVoltageMax'), c.locale),
  },
  { keys: ['inputVoltageMin', 'inputVoltageMax'], render: (c) => rangeFact('输入电压', 'input', v(c, 'inputVoltageMin'), v(c, 'inputVoltageMax'), c.locale) },
  {
    // Output voltage and its type are one fact: '固定输出 3.3V', 'adjustable output'.
    keys: ['outputVoltage', 'outputVoltageType'],
    render: (c) => {
      const volts = v(c, 'outputVoltage');
      const type = v(c, 'outputVoltageType')?.text ?? null;
      const typeWord = type === null ? null : c.locale === 'zh' ? textZh(type) : /^(?:fixed|adjustable)$/i.test(type) ? type.toLowerCase() : type;
      // '正压固定输出线性稳压器' / 'Adjustable-output linear regulator' already say it.
      const headText = c.locale === 'zh' ? c.head.zh : c.head.en.toLowerCase();
      const shownType = typeWord !== null && !headText.includes(typeWord.toLowerCase()) ? typeWord : null;
      if (volts) {
        const q = qty(volts, c.locale);
        if (c.locale === 'zh') return shownType ? `${joinZh(shownType, '输出')} ${q}` : `输出电压 ${q}`;
        return shownType ? `${shownType} ${q} output` : `${q} output`;
      }
      if (!shownType) return null;
      return c.locale === 'zh' ? joinZh(shownType, '输出') : `${shownType} output`;
    },
  },
  simple('outputCurrent', '输出电流', (q) => `${q} output current`),
  simple('dropoutVoltage', '压差', (q) => `${q} dropout`),
  simple('switchingFrequency', '开关频率', (q) => `${q} switching`),
  simple('power', '功率', (q) => `${q} power`),
  simple('isolationVoltage', '隔离电压', (q) => `${q} isolation`),
  {
    keys: ['channels'],
    render: (c) => {
      const x = v(c, 'channels');
      if (!x || x.num === null) return null;
      return c.locale === 'zh' ? `${count(x.num)} 通道` : plural(x.num, 'channel', 'channels');
    },
  },
  {
    keys: ['resolution'],
    render: (c) => {
      const x = v(c, 'resolution');
      if (!x || x.num === null) return null;
      return c.locale === 'zh' ? `${count(x.num)} 位` : `${count(x.num)}-bit`;
    },
  },
  simple('sampleRate', '采样率', (q) => `${q}`),
  simple('dataRate', '数据速率', (q) => `${q}`),
  {
    keys: ['interface'],
    render: (c) => {
      const x = v(c, 'interface')?.text;
      if (!x) return null;
      const list = interfaceList(x, c.locale);
      if (list === '') return null;
      return c.locale === 'zh' ? `${list} 接口` : `${list} interface`;
    },
  },
  {
    keys: ['operatingTempMin', 'operatingTempMax'],
    render: (c) => rangeFact('工作温度', 'operating', v(c, 'operatingTempMin'), v(c, 'operatingTempMax'), c.locale),
  },
  simple(
    'tolerance',
    '精度',
    (q) => `±${q} tolerance`,
    (q) => `精度 ±${q}`,
  ),
  simple(
    'tempCoefficient',
    '温度系数',
    (q) => `${q}/°C`,
    (q) => `温度系数 ${q}/°C`,
  ),
  simple('drainSourceVoltage', '漏源电压', (q) => `Vds ${q}`),
  simple('drainCurrent', '漏极电流', (q) => `Id ${q}`),
  simple('onResistance', '导通电阻', (q) => `Rds(on) ${q}`),
  simple('collectorEmitterVoltage', '集射极电压', (q) => `Vce ${q}`),
  simple('collectorCurrent', '集电极电流', (q) => `Ic ${q}`),
  simple('forwardCurrent', '正向电流', (q) => `If ${q}`),
  simple('reverseStandoffVoltage', '反向关断电压', (q) => `Vrwm ${q}`),
  simple(
    'rmsInputVoltage',
    '最大输入电压',
    (q) => `max input ${q} RMS`,
    (q) => `最大输入电压 ${q} (有效值)`,
  ),
  simple('offStateVoltage', '断态电压', (q) => `Vdrm ${q}`),
  simple(
    'onStateCurrentRms',
    '通态电流',
    (q) => `on-state ${q} RMS`,
    (q) => `通态电流 ${q} (有效值)`,
  ),
  simple('currentTransferRatio', '电流传输比', (q) => `CTR ${q}`),
  simple('wavelength', '波长', (q) => `${q} wavelength`),
  {
    keys: ['gain'],
    render: (c) => {
      const x = v(c, 'gain');
      if (!x || x.num === null) return null;
      return c.locale === 'zh' ? `增益 ${count(x.num)} V/V` : `gain ${count(x.num)} V/V`;
    },
  },
  simple('bandwidth', '带宽', (q) => `${q} bandwidth`),
  simple('thresholdVoltage', '阈值电压', (q) => `threshold ${q}`),
  simple('coilVoltage', '线圈电压', (q) => `${q} coil`),
  {
    keys: ['logicElements'],
    render: (c) => {
      const x = v(c, 'logicElements');
      if (!x || x.num === null) return null;
      return c.locale === 'zh' ? `${count(x.num)} 个逻辑单元` : plural(x.num, 'logic element', 'logic elements');
    },
  },
  {
    keys: ['macrocells'],
    render: (c) => {
      const x = v(c, 'macrocells');
      if (!x || x.num === null) return null;
      return c.locale === 'zh' ? `${count(x.num)} 个宏单元` : plural(x.num, 'macrocell', 'macrocells');
    },
  },
  {
    keys: ['steps'],
    render: (c) => {
      const x = v(c, 'steps');
      if (!x || x.num === null) return null;
      return c.locale === 'zh' ? `${count(x.num)} 个抽头位置` : plural(x.num, 'wiper position', 'wiper positions');
    },
  },
  {
    keys: ['displayResolution'],
    render: (c) => {
      const x = v(c, 'displayResolution')?.text;
      if (!x) return null;
      const dims = x.replace(/\s*[xX×]\s*/, '×');
      // A character display's '16x2' counts characters, not pixels.
      if (c.cateId === 50202) return c.locale === 'zh' ? `${dims} 字符` : `${dims} characters`;
      return c.locale === 'zh' ? `分辨率 ${dims}` : `${dims} resolution`;
    },
  },
  simple(
    'humidityAccuracy',
    '湿度精度',
    (q) => `humidity ±${q}RH`,
    (q) => `湿度精度 ±${q}RH`,
  ),
  simple(
    'temperatureAccuracy',
    '温度精度',
    (q) => `temperature ±${q}`,
    (q) => `温度精度 ±${q}`,
  ),
];

// ── Any other PARAM_DEFS key: 'label value' with the definition's names ───────

/** Keys whose value is what the part is (a resistor's resistance): said first. */
const LEAD_KEYS = ['resistance', 'capacitance', 'inductance', 'frequency'];
const RULE_KEYS = new Set(FACT_RULES.flatMap((r) => r.keys));
/** Units a unit-less definition names in its label: '发光强度 (cd)', 'Colour Temperature (K)', 'Gain (V/V)'. */
const LABEL_UNITS = new Set(['V/V', 'K', 'J', 'V/s', 'C', 'V/√Hz', 'cd', '°', '字']);

function bareLabel(name: string): { label: string; unit: string | null } {
  const m = /^(.*?)\s*\(([^()]*(?:\([^()]*\))?[^()]*)\)$/.exec(name);
  if (!m) return { label: name, unit: null };
  const last = (m[2] ?? '').split(/,\s*/).at(-1) ?? '';
  return { label: m[1] ?? name, unit: LABEL_UNITS.has(last) ? last : null };
}

function englishLabel(name: string): string {
  return name
    .split(' ')
    .map((w) => sentenceWord(w, false))
    .join(' ');
}

/** 'Supply Voltage (Min)' and its Max as one stem: 'junctionTempMin' → 'junctionTemp'. */
const pairStem = (key: string) => /^(.+?)(?:Min|Max)$/.exec(key)?.[1] ?? null;

function genericFact(key: string, c: Ctx): string | null {
  const def = PARAM_DEF_BY_KEY.get(key);
  const x = c.values.get(key);
  if (!def || !x) return null;
  const names = c.locale === 'zh' ? bareLabel(def.nameZh) : bareLabel(def.nameEn);
  const label = c.locale === 'zh' ? names.label : englishLabel(names.label);
  const value =
    x.text !== null
      ? c.locale === 'zh'
        ? textZh(x.text)
        : x.text
      : `${x.unit === null ? count(x.num ?? 0) : qty(x, c.locale)}${names.unit ? (c.locale === 'zh' || names.unit === '°' ? names.unit : ` ${names.unit}`) : ''}`;
  return `${label} ${value}`;
}

function genericPair(stem: string, c: Ctx): string | null {
  const lo = c.values.get(`${stem}Min`);
  const hi = c.values.get(`${stem}Max`);
  const def = PARAM_DEF_BY_KEY.get(`${stem}Min`) ?? PARAM_DEF_BY_KEY.get(`${stem}Max`);
  if (!def || (!lo && !hi)) return null;
  const strip = (n: string) => n.replace(/\s*\((?:最小|最大|最低|最高|最少|最多|Min|Max)\)$/, '');
  const label = c.locale === 'zh' ? strip(def.nameZh) : englishLabel(strip(def.nameEn));
  return rangeFact(label, label, lo, hi, c.locale);
}

/** The facts in the order they are said, each produced once. */
function* factsInOrder(c: Ctx): Generator<string | null> {
  for (const k of LEAD_KEYS) if (!RULE_KEYS.has(k) && c.values.has(k)) yield genericFact(k, c);
  for (const rule of FACT_RULES) if (rule.keys.some((k) => c.values.has(k))) yield rule.render(c);
  const pairs = new Set<string>();
  for (const key of PARAM_DEF_BY_KEY.keys()) {
    if (!c.values.has(key) || RULE_KEYS.has(key) || LEAD_KEYS.includes(key)) continue;
    const stem = pairStem(key);
    if (stem && PARAM_DEF_BY_KEY.has(`${stem}Min`) && PARAM_DEF_BY_KEY.has(`${stem}Max`)) {
      if (!pairs.has(stem)) {
        pairs.add(stem);
        yield genericPair(stem, c);
      }
      continue;
    }
    yield genericFact(key, c);
  }
}

function packageFact(pkg: string, locale: DescriptionLocale): string {
  return locale === 'zh' ? `${pkg} 封装` : `${pkg} package`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * The part's description in Chinese or English, built only from the facts it has: the category
 * name, then up to MAX_FACTS parameter facts, the package last. Returns the category name alone
 * when there are no usable parameters, and '' when the category is unknown as well.
 */
export function describePart(input: PartDescriptionInput, locale: DescriptionLocale): string {
  const values = new Map<string, Value>();
  let pkgParam: string | null = null;
  for (const p of Array.isArray(input.params) ? input.params : []) {
    if (!p || typeof p.key !== 'string' || values.has(p.key)) continue;
    if (p.key === 'package') {
      if (pkgParam === null && typeof p.text === 'string' && p.text.trim() !== '') pkgParam = p.text.trim();
      continue;
    }
    const value = readValue(p);
    if (value) values.set(p.key, value);
  }
  const head = categoryHead(CATEGORY_BY_ID.get(input.cateId), values.get('core')?.text ?? null);
  const ctx: Ctx = { values, locale, head, cateId: input.cateId };

  const pkg = (typeof input.package === 'string' && input.package.trim() !== '' ? input.package.trim() : null) ?? pkgParam;
  const budget = MAX_FACTS - (pkg ? 1 : 0);
  const facts: string[] = [];
  for (const f of factsInOrder(ctx)) {
    if (facts.length >= budget) break;
    const fact = f?.trim();
    if (fact && !facts.includes(fact)) facts.push(fact);
  }
  if (pkg) facts.push(packageFact(pkg, locale));

  const headText = locale === 'zh' ? head.zh : head.en;
  const parts = [headText, ...facts].filter((s) => s !== '');
  const text = parts.join(SEPARATOR[locale]);
  return locale === 'en' ? capitalise(text) : text;
}
