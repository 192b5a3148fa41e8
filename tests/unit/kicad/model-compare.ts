// Normalised views of the models for round-trip comparisons.
import type { Footprint } from '../../../src/lib/kicad/footprint.ts';
import type { KicadSymbol } from '../../../src/lib/kicad/symbol-lib.ts';

/** Fields that must survive a round trip (line numbers and `extends` do not: output is flattened). */
export function comparableSymbol(s: KicadSymbol): Omit<KicadSymbol, 'line' | 'extends' | 'node'> {
  const { line: _line, extends: _extends, node: _node, ...rest } = s;
  return rest;
}

/** Footprint without header/version fields and source line numbers. */
export function comparableFootprint(f: Footprint): unknown {
  const { version: _v, generator: _g, generatorVersion: _gv, format: _f, node: _n, ...rest } = f;
  return { ...rest, pads: rest.pads.map(({ line: _line, ...p }) => p) };
}
