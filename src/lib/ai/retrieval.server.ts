// The retrieval assistant (issue #15 item 3): the answer without a language model. The question
// is read with the search engine's parser (question.ts), the tools run, and the answer is composed
// from their results (compose.ts): a ranked parts table with the parameters that matched, a
// comparison, replacements, datasheet passages with pages, or the open design's BOM figures.
//
// The statement that no model answered is written first, before any tool runs, so a caller that
// streams (`onText`) has its first chunk at once; the rest follows as each section is ready.

import { categoryName } from '../catalog/catalog.ts';
import { formatQuantity } from '../catalog/units.ts';
import type { Unit } from '../catalog/units.ts';
import { getSearchIndex, type SearchIndex } from '../search/search-index.server.ts';
import { serverMessage, type ServerMessageKey } from '../server/messages/server-message.ts';
import type { AiCitation, AiPart } from './ai.ts';
import { AI_LIMITS } from './ai.ts';
import type { AiTool, AiToolContext, AiToolName, AiToolResult } from './ai-tools.ts';
import {
  bomLineTable,
  cell,
  citationList,
  comparisonTable,
  designLinesTable,
  listText,
  noticeLine,
  partsTable,
  partsTableHeader,
  partsTableRow,
  replacementsTable,
  say,
  type RetrievalReason,
} from './compose.ts';
import { filtersFor, rangePair, readQuestion, UNIT_PREFERENCE, type ParamAsk, type QuantityAsk, type Question } from './question.ts';
import { readCondition, type CompareReason, type CompareVerdict } from './compare-verdict.ts';
import { mergeResults, relaxationSteps, relaxedText, type RelaxWords } from './relax.ts';
import type { CompareData } from './tools/compare-parts.server.ts';
import type { BomLineData } from './tools/match-bom-line.server.ts';
import type { ReplacementsData } from './tools/find-replacements.server.ts';
import type { SearchPartsResult } from './tools/search-parts.server.ts';
import { formatParamValue, paramNames } from '../catalog/filters.ts';
import { normalizeMpn } from '../catalog/mpn.ts';

export type RetrievalAnswer = {
  markdown: string;
  parts: AiPart[];
  citations: AiCitation[];
};

export type RetrievalOptions = {
  /** Why no model answered (changes the opening statement); 'no-model' by default. */
  reason?: RetrievalReason;
  /** Called with each piece of Markdown as it is ready (the first is the opening statement). */
  onText?: (chunk: string) => void;
  /**
   * Whether the Markdown opens with the statement that no model answered (default true). The chat
   * stream says it once, as its notice part, so it asks for the answer without it.
   */
  statement?: boolean;
};

/** The reading of a selection: the filters per quantity and the words shown as 'constraints read'. */
export type SelectionPlan = {
  filters: ParamAsk[];
  /** The filters with a capacity stated without a direction read as that exact value ('64KB flash'), searched first; null when none. */
  exactFirst: ParamAsk[] | null;
  understood: string[];
  unplaced: QuantityAsk[];
};

/** Capacities an engineer names exactly ('64KB flash', '32Mbit'): that size first, then larger ones. */
const EXACT_FIRST_KEYS = new Set(['flashSize', 'ramSize', 'eepromSize', 'memorySize']);

function relaxWords(index: SearchIndex, locale: 'zh' | 'en'): RelaxWords {
  return {
    describe: (f) => describeFilter(f, index, locale),
    format: (key, v) => formatParamValue(v, null, index.params.get(key)?.unit ?? null),
    say: (key, vars = {}) => say(key, locale, vars),
  };
}

export async function answerByRetrieval(ctx: AiToolContext, question: string, tools: AiTool[], options: RetrievalOptions = {}): Promise<RetrievalAnswer> {
  const pieces: string[] = [];
  const write = (chunk: string) => {
    if (chunk === '') return;
    pieces.push(chunk);
    options.onText?.(chunk);
  };
  if (options.statement !== false) write(noticeLine(options.reason ?? 'no-model', ctx.locale));
  const index = await getSearchIndex(ctx.db);
  const q = readQuestion(question.slice(0, AI_LIMITS.questionChars), index.dict, ctx.design !== null);
  const run = runner(ctx, tools);
  let shown: { parts: AiPart[]; citations: AiCitation[] } = {
    parts: [],
    citations: [],
  };
  if (q.text === '' || q.parsed.unusable) write(`${say('ai.ask', ctx.locale)}\n`);
  else if (q.intent === 'design') shown = await answerDesign(ctx, q, write);
  else if (q.intent === 'comparison') shown = await answerComparison(ctx, index, q, run, write);
  else if (q.intent === 'replacement') shown = await answerReplacement(ctx, q, run, write);
  else if (q.intent === 'datasheet') shown = await answerDatasheet(ctx, q, run, write);
  else if (q.intent === 'bomLine') shown = await answerBomLine(ctx, q, run, write);
  else shown = await answerSelection(ctx, index, q, run, write);
  return {
    markdown: pieces.join(''),
    parts: shown.parts.slice(0, AI_LIMITS.parts),
    citations: shown.citations,
  };
}

type Write = (chunk: string) => void;
type Run = (name: AiToolName, input: unknown) => Promise<AiToolResult | null>;

/** Runs a tool of the list by name with validated input; null when the list lacks it or the input does not fit. */
function runner(ctx: AiToolContext, tools: readonly AiTool[]): Run {
  return async (name, input) => {
    const tool = tools.find((t) => t.name === name);
    if (!tool) return null;
    const parsed = tool.input.safeParse(input);
    if (!parsed.success) return null;
    ctx.signal?.throwIfAborted();
    return tool.run(ctx, parsed.data);
  };
}

// ── Selection ────────────────────────────────────────────────────────────────

async function answerSelection(ctx: AiToolContext, index: SearchIndex, q: Question, run: Run, write: Write): Promise<{ parts: AiPart[]; citations: AiCitation[] }> {
  const { locale } = ctx;
  const plan = planSelection(index, q, locale);
  const keyword = [...q.mpns, keywordOf(index, q)].filter(Boolean).join(' ') || (plan.filters.length || q.packages.length ? '' : q.text);
  const pkg = q.packages[0];
  if (keyword === '' && plan.filters.length === 0 && !pkg) {
    write(`${say('ai.ask', locale)}\n`);
    return { parts: [], citations: [] };
  }
  if (plan.understood.length) write(`${say('ai.understood', locale, { list: plan.understood.map((u) => cell(u, 80)).join(locale === 'en' ? '; ' : '；') })}\n\n`);
  if (plan.unplaced.length) write(`${say('ai.unplaced', locale, { list: plan.unplaced.map((u) => cell(u.text, 30)).join(', ') })}\n\n`);

  const search = async (filters: ParamAsk[], domestic: boolean) =>
    (await run('searchParts', {
      keyword: keyword.slice(0, 200),
      ...(pkg ? { package: pkg } : {}),
      params: filters,
      domestic,
      limit: AI_LIMITS.parts,
    })) as SearchPartsResult | null;
  // The stated value before the rest of 'at least' ('64KB flash' lists 64 KB parts before 256 KB ones).
  const exactFirst = plan.exactFirst;
  const searchAll = async (domestic: boolean) => {
    const first = exactFirst ? await search(exactFirst, domestic) : null;
    if (first && first.parts.length >= AI_LIMITS.parts) return first;
    const rest = await search(plan.filters, domestic);
    return first && rest ? mergeResults(first, rest) : (rest ?? first);
  };
  let result = await searchAll(q.domestic);
  if (q.domestic) {
    if (result && result.data.parts.length > 0) write(`${say('ai.domestic.only', locale)}\n\n`);
    else {
      write(`${say('ai.domestic.none', locale)}\n\n`);
      result = await searchAll(false);
    }
  }
  // Nothing meets every filter: relax as an engineer would, and say so with the nearest values
  // shown (relax.ts): the limits' tolerance first, then one constraint dropped (the last first).
  let relaxed: string[] = [];
  if (result && result.data.parts.length === 0 && plan.filters.length > 0) {
    for (const step of relaxationSteps(plan.filters)) {
      const again = await search(step.filters, false);
      if (again && again.data.parts.length > 0) {
        result = again;
        relaxed = step.changed.map((c) => relaxedText(c, again.data, relaxWords(index, locale)));
        break;
      }
    }
  }
  const parts = samePart(q, result?.parts ?? []);
  const data = result?.data;
  if (data?.didYouMean && q.mpns.length === 1 && parts.length > 0 && !parts.some((p) => p.mpn.toUpperCase().startsWith(q.mpns[0]!.toUpperCase())))
    write(`${say('ai.didYouMean', locale, { typed: cell(q.mpns[0]!, 60), mpn: cell(data.didYouMean, 60) })}\n\n`);
  if (parts.length === 0) {
    write(`${q.mpns.length ? say('ai.notFound', locale, { typed: cell(q.mpns.join(' '), 80) }) : say('ai.selection.none', locale)}\n`);
    return { parts: [], citations: [] };
  }
  const widened = data?.packages?.family.length ? data.packages : null;
  if (widened)
    write(
      `${say(widened.exact.length ? 'ai.selection.packageAdded' : 'ai.selection.packageWidened', locale, {
        asked: cell(widened.asked, 30),
        list: widened.family.map((f) => cell(f, 30)).join(locale === 'en' ? ', ' : '、'),
      })}\n\n`,
    );
  // One statement of what the list meets: all constraints, or all but the relaxed ones (never both).
  if (relaxed.length) write(`${say('ai.selection.relaxed', locale, { list: relaxed.join(locale === 'en' ? '; ' : '；') })}\n\n`);
  write(`${say(relaxed.length ? 'ai.selection.headingRelaxed' : 'ai.selection.heading', locale, { total: data?.total ?? parts.length, shown: parts.length })}\n\n`);
  write(partsTableHeader(locale));
  parts.forEach((p, i) => write(partsTableRow(p, i + 1)));
  return { parts, citations: [] };
}

/**
 * The keyword's terms, without a term whose categories hold another term's ('MOSFET' beside
 * 'N-channel' would widen the list to every MOSFET kind).
 */
function keywordOf(index: SearchIndex, q: Question): string {
  const within = (inner: readonly number[], outer: readonly number[]) => inner.length > 0 && inner.every((c) => outer.some((o) => o !== c && index.subtree(o).includes(c)));
  return q.terms
    .filter((t) => !q.terms.some((other) => other !== t && t.cates.length > 0 && within(other.cates, t.cates)))
    .map((t) => t.text)
    .join(' ');
}

/**
 * A question that is just a part number (typed right or with a typo) means that part: the list
 * keeps the parts that begin with the typed number or with the best match, not its neighbours.
 */
function samePart(q: Question, parts: AiPart[]): AiPart[] {
  if (q.mpns.length !== 1 || q.quantities.length > 0 || q.packages.length > 0 || parts.length === 0) return parts;
  const typed = normalizeMpn(q.mpns[0]!);
  const best = normalizeMpn(parts[0]!.mpn);
  const kept = parts.filter((p) => {
    const key = normalizeMpn(p.mpn);
    return key.startsWith(typed) || key.startsWith(best);
  });
  return kept.length ? kept : parts;
}

/** The filters of a selection: each quantity on the parameter key its category states most. */
export function planSelection(index: SearchIndex, q: Question, locale: 'zh' | 'en'): SelectionPlan {
  const filters: ParamAsk[] = [];
  const exact: ParamAsk[] = [];
  const understood: string[] = [];
  const unplaced: QuantityAsk[] = [];
  const cates = q.cateIds.slice(0, 6);
  for (const t of q.parsed.tokens) {
    if (t.kind === 'dict' && !q.keyword.includes(t.text)) continue;
    if (t.kind === 'dict') understood.push(t.sense.cates.size ? cateLabel(index, t.sense, locale) : t.text);
    if (t.kind === 'package' && q.packages.includes(t.text)) understood.push(`${say('ai.col.package', locale)} ${t.text}`);
  }
  const used = new Set<string>();
  for (const ask of q.quantities) {
    const unit = ask.unit ?? bareUnit(index, cates, ask);
    const key = ask.key && index.params.has(ask.key) ? ask.key : unit ? chooseKey(index, cates, unit, ask.side, used) : null;
    if (!key) {
      unplaced.push(ask);
      continue;
    }
    used.add(key);
    const keys = new Set(index.params.keys());
    const made = filtersFor(ask, key, keys);
    for (const f of made) used.add(f.key);
    filters.push(...made);
    const only = made.length === 1 ? made[0]! : null;
    exact.push(
      ...(ask.bound === null && EXACT_FIRST_KEYS.has(key) && only && only.min !== undefined && only.max === undefined
        ? [{ key, min: only.min * (1 - 1e-6), max: only.min * (1 + 1e-6) }]
        : made),
    );
    understood.push(made.map((f) => describeFilter(f, index, locale)).join(locale === 'en' ? ', ' : '，'));
  }
  if (q.domestic) understood.push(locale === 'en' ? 'Chinese brand' : '国产品牌');
  const exactFirst = exact.some((f, i) => f !== filters[i]) ? exact : null;
  return { filters, exactFirst, understood, unplaced };
}

function cateLabel(index: SearchIndex, sense: { cates: ReadonlyMap<number, number>; display: string }, locale: 'zh' | 'en'): string {
  const best = [...sense.cates.entries()].sort((a, b) => b[1] - a[1])[0];
  const node = best ? index.categories.get(best[0]) : undefined;
  return node ? categoryName(node, locale) : sense.display;
}

/** '输出电流 ≥ 1 A', 'Output voltage = 3.3 V'. */
export function describeFilter(f: ParamAsk, index: SearchIndex, locale: 'zh' | 'en'): string {
  const names = paramNames(f.key);
  const name = locale === 'en' ? names.nameEn : names.nameZh;
  const unit = (index.params.get(f.key)?.unit ?? null) as Unit | null;
  const show = (v: number) => formatQuantity(v, unit);
  if (f.min !== undefined && f.max !== undefined) {
    const mid = (f.min + f.max) / 2;
    return Math.abs(f.max - f.min) <= Math.abs(mid) * 1e-5 ? `${name} = ${show(mid)}` : `${show(f.min)} ≤ ${name} ≤ ${show(f.max)}`;
  }
  if (f.min !== undefined) return `${name} ≥ ${show(f.min)}`;
  return `${name} ≤ ${show(f.max!)}`;
}

/** A bare value ('10k', '100n', '4u7') is a resistance, capacitance or inductance: the category decides, else its prefix. */
function bareUnit(index: SearchIndex, cates: readonly number[], ask: QuantityAsk): Unit | null {
  const options: Unit[] = ['Ω', 'F', 'H'];
  if (cates.length) {
    let best: Unit | null = null;
    let bestCount = 0;
    for (const u of options) {
      const count = Math.max(0, ...keyCounts(index, cates, u).values());
      if (count > bestCount) [best, bestCount] = [u, count];
    }
    if (best) return best;
  }
  return /[pnuµ]/.test(ask.text) ? 'F' : 'Ω';
}

const countCache = new WeakMap<SearchIndex, Map<string, Map<string, number>>>();

/** Per parameter key of a unit: how many parts of the categories (subtrees) state it; cached per index. */
function keyCounts(index: SearchIndex, cates: readonly number[], unit: string): Map<string, number> {
  let byIndex = countCache.get(index);
  if (!byIndex) countCache.set(index, (byIndex = new Map()));
  const cacheKey = `${cates.join(',')}|${unit}`;
  const cached = byIndex.get(cacheKey);
  if (cached) return cached;
  const inCates = new Set<number>();
  for (const id of cates) for (const c of index.subtree(id)) inCates.add(c);
  const counts = new Map<string, number>();
  for (const key of index.keysByUnit.get(unit) ?? []) {
    const col = index.params.get(key);
    if (!col) continue;
    let n = 0;
    for (const rows of col.numRows) for (let i = 0; i < rows.length; i++) if (inCates.size === 0 || inCates.has(index.cate[rows[i]!]!)) n++;
    if (n > 0) counts.set(key, n);
  }
  if (byIndex.size > 500) byIndex.clear();
  byIndex.set(cacheKey, counts);
  return counts;
}

/** The key a quantity of this unit means in these categories: the side's keys first, the most stated, the usual one on ties. */
function chooseKey(index: SearchIndex, cates: readonly number[], unit: string, side: 'input' | 'output' | null, used: ReadonlySet<string>): string | null {
  let counts = cates.length ? keyCounts(index, cates, unit) : new Map<string, number>();
  // A category with no parts here (the KiCad 'N-Channel MOSFETs' beside the snapshot's 'MOSFETs'): its parent's keys.
  if (cates.length && counts.size === 0) {
    const parents = cates.map((c) => index.categories.get(c)?.parentId).filter((p): p is number => typeof p === 'number');
    if (parents.length) counts = keyCounts(index, parents, unit);
  }
  const preference = UNIT_PREFERENCE[unit] ?? [];
  let candidates = [...counts.keys()].filter((k) => !used.has(k));
  if (candidates.length === 0) {
    // No category (or it states no such key): the usual key for the unit.
    const present = new Set(index.keysByUnit.get(unit) ?? []);
    candidates = preference.filter((k) => present.has(k) && !used.has(k));
    if (!cates.length || candidates.length === 0) return candidates[0] ?? [...present].find((k) => !used.has(k)) ?? null;
  }
  if (side) {
    const re = side === 'input' ? /input|supply/i : /output/i;
    const sided = candidates.filter((k) => re.test(k));
    if (sided.length) candidates = sided;
  }
  const pairKey = (k: string) => rangePair(k, new Set(index.params.keys()))?.max ?? k;
  const prefRank = (k: string) => {
    const at = preference.indexOf(k);
    return at < 0 ? preference.length : at;
  };
  candidates.sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || prefRank(a) - prefRank(b) || a.localeCompare(b));
  // Without a side word the usual key wins when the category states it often enough: '3.3V LDO'
  // is the output voltage even where more LDO records state their input range (issue #33).
  const most = counts.get(candidates[0] ?? '') ?? 0;
  if (!side) {
    const usual = candidates.filter((k) => prefRank(k) < preference.length && (counts.get(k) ?? 0) * 4 >= most).sort((a, b) => prefRank(a) - prefRank(b))[0];
    if (usual) return pairKey(usual);
  }
  // A min/max pair is one key for this purpose (supplyVoltageMin/Max): keep the Max name.
  return candidates[0] ? pairKey(candidates[0]) : null;
}

// ── Comparison, replacement, datasheet, BOM line ─────────────────────────────

async function answerComparison(ctx: AiToolContext, index: SearchIndex, q: Question, run: Run, write: Write) {
  const { locale } = ctx;
  const condition = readCondition(
    q.text,
    q.quantities.filter((x) => x.unit === 'V').map((x) => x.value),
  );
  const result = (await run('compareParts', {
    parts: q.mpns.slice(0, 4),
    ...(condition.supplyVoltage !== null ? { supplyVoltage: condition.supplyVoltage } : {}),
    ...(condition.singleSupply ? { singleSupply: true } : {}),
    ...(condition.aims.length ? { aims: condition.aims } : {}),
  })) as (AiToolResult & { data: CompareData }) | null;
  const parts = result?.parts ?? [];
  if (!result || parts.length < 2) {
    const missing = result?.data.missing.length ? result.data.missing : q.mpns;
    write(`${say('ai.compare.missing', locale, { list: missing.map((m) => cell(m, 60)).join(', ') })}\n\n`);
    if (parts.length) write(partsTable(parts, locale));
    return { parts, citations: [] };
  }
  if (result.data.missing.length) write(`${say('ai.compare.missing', locale, { list: result.data.missing.map((m) => cell(m, 60)).join(', ') })}\n\n`);
  write(
    `${say('ai.compare.heading', locale, {
      parts: listText(
        parts.map((p) => cell(p.mpn, 60)),
        locale,
      ),
    })}\n\n`,
  );
  if (result.data.verdict) write(`${verdictText(result.data.verdict, parts, index, locale)}\n\n`);
  write(comparisonTable({ parts, rows: result.data.rows }, locale));
  return { parts, citations: [] };
}

/** The recommendation sentence: the part chosen and why, with figures; or what data is missing. */
export function verdictText(v: CompareVerdict, parts: readonly AiPart[], index: SearchIndex, locale: 'zh' | 'en'): string {
  const mpn = (i: number) => cell(parts[i]?.mpn ?? '?', 60);
  const name = (key: string) => (locale === 'en' ? paramNames(key).nameEn : paramNames(key).nameZh);
  const fmt = (key: string, value: number) =>
    key === '@price' || key === '@stock' ? String(value) : formatParamValue(value, null, index.params.get(key)?.unit ?? null);
  const keyName = (key: string) => (key === '@price' ? say('ai.compare.price', locale) : key === '@stock' ? say('ai.compare.stock', locale) : name(key));
  const range = (min: number | null, max: number | null) => `${min !== null ? formatQuantity(min, 'V') : '?'}–${max !== null ? formatQuantity(max, 'V') : '?'}`;
  const reason = (r: CompareReason): string => {
    switch (r.kind) {
      case 'supplyIn':
      case 'supplyOut':
        return say(r.kind === 'supplyIn' ? 'ai.compare.reason.supplyIn' : 'ai.compare.reason.supplyOut', locale, { mpn: mpn(r.part), range: range(r.min, r.max), v: formatQuantity(r.voltage, 'V') });
      case 'railToRail':
        return say('ai.compare.reason.railToRail', locale, { mpn: mpn(r.part), text: cell(r.text, 60) });
      case 'better':
        return say('ai.compare.reason.better', locale, { mpn: mpn(r.part), name: keyName(r.key), value: fmt(r.key, r.value), other: mpn(r.other), otherValue: fmt(r.key, r.otherValue) });
    }
  };
  const sep = locale === 'en' ? '; ' : '；';
  const reasons = v.reasons.map(reason).join(sep);
  const missing = v.missing.map((m) => say('ai.compare.reason.missing', locale, { mpn: mpn(m.part), list: m.keys.map((k) => (k === 'supplyVoltage' ? say('ai.compare.supplyRange', locale) : keyName(k))).join(locale === 'en' ? ', ' : '、') })).join(sep);
  const condition = v.condition.supplyVoltage !== null ? say(v.condition.singleSupply ? 'ai.compare.cond.single' : 'ai.compare.cond.supply', locale, { v: formatQuantity(v.condition.supplyVoltage, 'V') }) : '';
  const tail = [reasons, missing].filter(Boolean).join(sep);
  if (v.recommended !== null)
    return say(condition ? 'ai.compare.verdict.for' : v.condition.aims.length ? 'ai.compare.verdict.aims' : 'ai.compare.verdict.general', locale, { mpn: mpn(v.recommended), condition, reasons: tail || '—' });
  if (v.condition.supplyVoltage !== null && v.fits.length && v.fits.every((f) => f === 'no')) return say('ai.compare.verdict.none', locale, { condition, reasons: tail || '—' });
  return say('ai.compare.verdict.undecided', locale, { condition: condition || say('ai.compare.cond.general', locale), reasons: tail || '—' });
}

async function answerReplacement(ctx: AiToolContext, q: Question, run: Run, write: Write) {
  const { locale } = ctx;
  const typed = q.mpns[0]!;
  const result = (await run('findReplacements', {
    part: typed,
    ...(q.domestic ? { domesticOnly: true } : {}),
  })) as (AiToolResult & { data: ReplacementsData }) | null;
  if (!result || !result.data.original.mfgMpnCode) {
    write(`${say('ai.notFound', locale, { typed: cell(typed, 60) })}\n`);
    return { parts: [], citations: [] };
  }
  const [original, ...candidates] = result.parts ?? [];
  const mpn = cell(result.data.original.mpn ?? typed, 60);
  if (candidates.length === 0) {
    write(`${say('ai.replace.none', locale, { mpn })}\n`);
    return { parts: original ? [original] : [], citations: [] };
  }
  if (q.domestic) write(`${say('ai.domestic.only', locale)}\n\n`);
  write(`${say('ai.replace.heading', locale, { mpn, total: result.data.total })}\n\n`);
  const byCode = new Map(result.data.list.map((c) => [c.mfgMpnCode, c]));
  write(
    replacementsTable(
      candidates.map((part) => {
        const c = byCode.get(part.mfgMpnCode);
        const grade = c ? serverMessage(`replace.grade.${c.grade}` as ServerMessageKey, locale) : '';
        // The pin tables' sources, so a grade is read with what it rests on.
        const tables = c ? say('ai.replace.pinTables', locale, { original: c.pinTables.original ?? '—', candidate: c.pinTables.candidate ?? '—' }) : '';
        return { part, grade, reason: [c?.reason ?? '', tables].filter(Boolean).join(locale === 'en' ? '. ' : '。') };
      }),
      locale,
    ),
  );
  return { parts: candidates, citations: [] };
}

/** The datasheet tool's input (searchDatasheets: the question, the part's code ranking its datasheets first). */
function datasheetInput(question: string, part: AiPart | null): unknown {
  return { question: question.slice(0, AI_LIMITS.questionChars), ...(part ? { mfgMpnCodes: [part.mfgMpnCode] } : {}), limit: 3 };
}

async function answerDatasheet(ctx: AiToolContext, q: Question, run: Run, write: Write) {
  const { locale } = ctx;
  const typed = q.mpns[0]!;
  const details = await run('partDetails', { mpn: typed });
  const part = details?.parts?.[0] ?? null;
  const found = await run('searchDatasheets', datasheetInput(q.text, part));
  const citations: AiCitation[] = (found?.citations ?? []).slice(0, 5);
  const mpn = cell(part?.mpn ?? typed, 60);
  // A typed number the catalogue lacks ('TPS5430') is answered for its nearest part, said so first.
  if (part && (details?.data as { exact?: boolean } | undefined)?.exact === false) write(`${say('ai.didYouMean', locale, { typed: cell(typed, 60), mpn })}\n\n`);
  if (citations.length) {
    write(`${say('ai.datasheet.heading', locale, { mpn })}\n\n`);
    write(citationList(citations, locale));
  } else if (part) write(`${say('ai.datasheet.none', locale, { mpn })}\n\n`);
  if (!part) {
    write(`${say('ai.notFound', locale, { typed: cell(typed, 60) })}\n`);
    return { parts: [], citations };
  }
  write(`\n${say('ai.details.heading', locale, { mpn })}\n\n`);
  write(
    comparisonTable(
      {
        parts: [part],
        rows: [
          {
            name: say('ai.col.package', locale),
            values: [part.package ?? '—'],
          },
          ...part.params.map((p) => ({ name: p.name, values: [p.value] })),
        ],
      },
      locale,
    ),
  );
  return { parts: [part], citations };
}

const BOM_WORDS = /\bBOM\b\s*(?:line|行)?\s*[:：]?|物料清单\s*[:：]?|物料行\s*[:：]?|match (?:this|the|a) (?:line|bom line)\s*[:：]?|匹配/gi;

async function answerBomLine(ctx: AiToolContext, q: Question, run: Run, write: Write) {
  const { locale } = ctx;
  const rest = q.text.replace(BOM_WORDS, ' ').replace(/\s+/g, ' ').trim();
  const input = {
    ...(q.mpns[0] ? { mpn: q.mpns[0] } : {}),
    ...(rest ? { description: rest.slice(0, 200) } : {}),
  };
  const result = (await run('matchBomLine', input)) as (AiToolResult & { data: BomLineData }) | null;
  const parts = result?.parts ?? [];
  if (!result || parts.length === 0) {
    write(`${say('ai.bom.none', locale)}\n`);
    return { parts: [], citations: [] };
  }
  write(`${say('ai.bom.heading', locale, { status: serverMessage(`bom.status.${result.data.status}` as ServerMessageKey, locale) })}\n\n`);
  const byCode = new Map(result.data.candidates.map((c) => [c.mfgMpnCode, c]));
  write(
    bomLineTable(
      parts.map((part) => ({
        part,
        confidence: byCode.get(part.mfgMpnCode)?.confidence ?? 0,
        reason: byCode.get(part.mfgMpnCode)?.reason ?? '',
      })),
      locale,
    ),
  );
  return { parts, citations: [] };
}

// ── The open design ──────────────────────────────────────────────────────────

/** Reference prefixes of the usual part kinds, by the words that name them. */
const REF_KINDS: Array<{ re: RegExp; prefixes: RegExp }> = [
  { re: /电阻|resistor/i, prefixes: /^(?:R|RN)\d/i },
  { re: /电容|capacitor/i, prefixes: /^C\d/i },
  { re: /电感|磁珠|inductor|ferrite/i, prefixes: /^(?:L|FB)\d/i },
  { re: /LED|发光/i, prefixes: /^(?:LED|D)\d/i },
  { re: /二极管|diode/i, prefixes: /^D\d/i },
  { re: /三极管|晶体管|MOS|transistor/i, prefixes: /^Q\d/i },
  { re: /芯片|集成电路|\bICs?\b|chip/i, prefixes: /^(?:U|IC)\d/i },
  { re: /连接器|接插件|插座|connector|header/i, prefixes: /^(?:J|P|CN|X)\d/i },
  { re: /晶振|crystal|oscillator/i, prefixes: /^(?:Y|X)\d/i },
  { re: /保险丝|fuse/i, prefixes: /^F\d/i },
  { re: /开关|按键|switch|button/i, prefixes: /^(?:SW|S|K)\d/i },
];

async function answerDesign(ctx: AiToolContext, q: Question, write: Write) {
  const { locale } = ctx;
  const design = ctx.design;
  if (!design) {
    write(`${say('ai.design.none', locale)}\n`);
    return { parts: [], citations: [] };
  }
  const title = cell(design.title, 80);
  const lines = design.bom;
  if (q.design === 'missing') {
    const missing = lines.filter((l) => !l.mfgMpnCode);
    if (missing.length === 0) write(`${say('ai.design.allMatched', locale, { title })}\n`);
    else {
      write(`${say('ai.design.missing', locale, { title, n: missing.length })}\n\n`);
      write(designLinesTable(missing, locale));
    }
    return { parts: [], citations: [] };
  }
  if (q.design === 'cost') {
    write(`${say('ai.design.cost', locale)}\n\n`);
    write(
      designLinesTable(
        [...lines].sort((a, b) => b.quantity - a.quantity),
        locale,
        10,
      ),
    );
    return { parts: [], citations: [] };
  }
  const kind = REF_KINDS.find((k) => k.re.test(q.text));
  if (q.design === 'count' && kind) {
    const hits = lines.filter((l) => l.refs.some((r) => kind.prefixes.test(r)));
    const n = hits.reduce((sum, l) => sum + l.refs.filter((r) => kind.prefixes.test(r)).length, 0);
    const what = q.designWords[0] ?? q.text.match(kind.re)?.[0] ?? '';
    write(`${say('ai.design.count', locale, { title, n, what: cell(what, 30), lines: hits.length })}\n\n`);
    if (hits.length) write(designLinesTable(hits, locale));
    return { parts: [], citations: [] };
  }
  const parts = lines.reduce((sum, l) => sum + (l.refs.length || l.quantity), 0);
  write(`${say('ai.design.summary', locale, { title, lines: lines.length, parts, matched: lines.filter((l) => l.mfgMpnCode).length })}\n`);
  const stats = Object.entries(design.stats);
  if (stats.length) write(`\n${stats.map(([k, v]) => `- ${cell(k, 40)}: ${v}`).join('\n')}\n`);
  return { parts: [], citations: [] };
}
