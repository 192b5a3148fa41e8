import type { AiDesignContext } from './ai-tools.ts';

// The open design as the viewer hands it to the assistant beside it (issue #15 item 5): a design
// read in the browser is never uploaded, so its summary travels with each chat turn. Pure and
// shared: the viewer bounds what it announces with `boundDesign`, the chat server refuses anything
// past the same limits (chat.schema.ts), so a bounded summary is always accepted.

export const DESIGN_LIMITS = {
  title: 200,
  lines: 2000,
  refsPerLine: 500,
  ref: 32,
  value: 200,
  footprint: 200,
  mpn: 100,
  manufacturer: 100,
  mfgMpnCode: 150,
  quantity: 100_000,
  stats: 32,
  statKey: 40,
  /** The whole summary as JSON, in UTF-8 bytes: the chat body also carries a guest's history (1 MiB in all). */
  bytes: 256 * 1024,
} as const;

/** Control characters (newlines included): one BOM value must not open a new line in a prompt. */
export const CONTROL_RE = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_ALL = /[\p{Cc}\u2028\u2029]+/gu;
export const STAT_KEY_RE = /^[A-Za-z][A-Za-z0-9_]*$/;

/** One line of text, control characters as spaces, cut to `max` code points. */
export function cutText(text: unknown, max: number): string {
  const flat = String(text ?? '')
    .replace(CONTROL_ALL, ' ')
    .trim();
  const points = [...flat];
  return points.length > max ? points.slice(0, max).join('').trimEnd() : flat;
}

const optionalText = (text: unknown, max: number): string | null => {
  const t = text == null ? '' : cutText(text, max);
  return t === '' ? null : t;
};

export const designBytes = (design: AiDesignContext): number => new TextEncoder().encode(JSON.stringify(design)).length;

/** What a line of the viewer's BOM may carry into the summary (BomLineSummary plus the catalogue match). */
export type DesignLineInput = {
  refs: readonly string[];
  value: string;
  footprint: string;
  quantity: number;
  mpn?: string | null;
  manufacturer?: string | null;
  mfgMpnCode?: string | null;
};

/**
 * A summary within DESIGN_LIMITS: strings cut, lists capped, stats kept when they are finite
 * non-negative numbers under a plain key; lines past the byte budget are left out (`omitted`
 * says how many), never half-sent.
 */
export function boundDesign(input: { title: string; stats: Record<string, unknown>; bom: readonly DesignLineInput[] }): { design: AiDesignContext; omitted: number } {
  const L = DESIGN_LIMITS;
  const stats: Record<string, number> = {};
  for (const [k, v] of Object.entries(input.stats)) {
    if (Object.keys(stats).length >= L.stats) break;
    if (STAT_KEY_RE.test(k) && k.length <= L.statKey && typeof v === 'number' && Number.isFinite(v) && v >= 0) stats[k] = v;
  }
  const lines: AiDesignContext['bom'] = input.bom.slice(0, L.lines).map((l) => ({
    refs: l.refs
      .slice(0, L.refsPerLine)
      .map((r) => cutText(r, L.ref))
      .filter((r) => r !== ''),
    value: cutText(l.value, L.value),
    footprint: cutText(l.footprint, L.footprint),
    mpn: optionalText(l.mpn, L.mpn),
    manufacturer: optionalText(l.manufacturer, L.manufacturer),
    quantity: Math.min(L.quantity, Math.max(0, Math.floor(Number.isFinite(l.quantity) ? l.quantity : 0))),
    mfgMpnCode: optionalText(l.mfgMpnCode, L.mfgMpnCode),
  }));
  const design: AiDesignContext = { title: cutText(input.title, L.title) || 'design', stats, bom: [] };
  // Lines are added while the JSON stays within the byte budget (each line's size plus its comma).
  let bytes = designBytes(design);
  const enc = new TextEncoder();
  for (const line of lines) {
    const size = enc.encode(JSON.stringify(line)).length + 1;
    if (bytes + size > L.bytes) break;
    design.bom.push(line);
    bytes += size;
  }
  return { design, omitted: input.bom.length - design.bom.length };
}
