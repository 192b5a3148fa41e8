import { checkFootprint } from './check-footprint.ts';
import { checkModel, type MeshInput } from './check-model.ts';
import { checkPackagePins } from './check-package.ts';
import { checkPinsAgainstPads } from './check-pins.ts';
import { checkSymbol } from './check-symbol.ts';
import { qualityOf, type CheckInput, type CheckResult, type Finding } from './library.ts';

// The cross-asset check (issue #16 item 4): one pure function over a component's symbol,
// footprint and 3D model. Own components and catalogue parts go through it alike. The pieces:
// check-symbol.ts (readable, one symbol, which one), check-footprint.ts (readable, KiCad 6+, pads),
// check-pins.ts (pins against pads, duplicates), check-package.ts (pin count the package name
// states), check-model.ts (a real 3D model, standing on its pads). Each finding's sentence comes
// from check-messages.ts in the reader's language.

/** Bumped when the check changes, so stored results made by an older one are re-run. */
export const CHECK_VERSION = 2;

/**
 * What catalogue parts add: their 3D model is kept as the mesh made at import (VRML read once),
 * so the check reads that instead of the file. Own components pass `model` (the uploaded bytes).
 */
export type CatalogCheckInput = CheckInput & {
  modelMesh?: MeshInput;
  /**
   * Parts sharing a footprint and model (every SOIC-8 op-amp) get the same model findings: a run
   * over the catalogue passes one map for the run and a key naming the footprint and model.
   */
  modelMemo?: { key: string; map: Map<string, Finding[]> };
};

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function checkComponentAssets(input: CatalogCheckInput): CheckResult {
  const started = performance.now();
  const findings: Finding[] = [];
  const sym = checkSymbol(input.symbol);
  findings.push(...sym.findings);
  const fp = checkFootprint(input.footprint);
  findings.push(...fp.findings);
  if (sym.symbol && fp.footprint) findings.push(...checkPinsAgainstPads(sym.symbol, fp.footprint));
  if (fp.footprint) findings.push(...checkPackagePins(input.mpn, fp.footprint));
  const memo = input.modelMemo;
  let modelFindings = memo ? memo.map.get(memo.key) : undefined;
  if (!modelFindings) {
    modelFindings = checkModel(input.model, input.modelMesh, fp.footprint);
    if (memo) memo.map.set(memo.key, modelFindings);
  }
  findings.push(...modelFindings);
  // Worst first, stable within a severity (the order the checks ran in).
  const ordered = findings.map((f, i) => [f, i] as const).sort((a, b) => SEVERITY_ORDER[a[0].severity] - SEVERITY_ORDER[b[0].severity] || a[1] - b[1]).map(([f]) => f);
  return { quality: qualityOf(ordered), findings: ordered, version: CHECK_VERSION, ms: +(performance.now() - started).toFixed(2) };
}
