import type { NetSummary, PartSummary, SheetSummary } from '../../lib/kicad-viewer/protocol.ts';

// The viewer's search box: parts by reference or value, nets by name, sheets by name.

export type SearchResult = { kind: 'part' | 'net' | 'sheet'; key: string; text: string; sub: string };

/** Exact reference first, then references starting with the text, then values containing it; then nets; then sheets (key = instance path). */
export function searchDesign(parts: readonly PartSummary[], nets: readonly NetSummary[], query: string, maxParts = 20, maxNets = 10, root: SheetSummary | null = null): SearchResult[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const rank = (p: PartSummary): number => {
    const ref = p.ref.toLowerCase();
    return ref === q ? 0 : ref.startsWith(q) ? 1 : p.value.toLowerCase().includes(q) ? 2 : 3;
  };
  const found = parts
    .map((p) => ({ p, r: rank(p) }))
    .filter((x) => x.r < 3)
    .sort((a, b) => a.r - b.r)
    .slice(0, maxParts)
    .map(({ p }): SearchResult => ({ kind: 'part', key: p.ref, text: p.ref, sub: p.value }));
  const netHits = nets
    .filter((n) => n.name.toLowerCase().includes(q))
    .slice(0, maxNets)
    .map((n): SearchResult => ({ kind: 'net', key: n.name, text: n.name, sub: '' }));
  const sheets: SearchResult[] = [];
  const walk = (n: SheetSummary) => {
    if (n.name.toLowerCase().includes(q) && !n.missing && sheets.length < 10) sheets.push({ kind: 'sheet', key: n.path, text: n.name, sub: n.namePath });
    n.children.forEach(walk);
  };
  if (root) walk(root);
  return [...found, ...netHits, ...sheets];
}
