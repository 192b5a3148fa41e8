import { parseSymbolLibrary, type KicadSymbol } from '../kicad/symbol-lib.ts';
import { LIBRARY_LIMITS, type Finding } from './library.ts';

// Cross-asset check, symbol part (issue #16 item 4): is the .kicad_sym readable by KiCad, does it
// hold one usable symbol, and which one the component means.

export type SymbolCheck = { symbol: KicadSymbol | null; findings: Finding[] };

/** KiCad 5 symbol libraries (.lib) start with this line; KiCad 6+ reads them only by converting. */
const KICAD5_LIB = /^\uFEFF?\s*EESchema-LIBRARY/;

export function checkSymbol(input: { text: string; name?: string | null } | null | undefined): SymbolCheck {
  if (!input || input.text.trim() === '') return { symbol: null, findings: [{ code: 'symbol.missing', severity: 'error', vars: {} }] };
  if (KICAD5_LIB.test(input.text.slice(0, 200))) return { symbol: null, findings: [{ code: 'symbol.kicad5', severity: 'error', vars: {} }] };
  const lib = parseSymbolLibrary(input.text, 'symbol.kicad_sym');
  const findings: Finding[] = [];
  const fatal = lib.errors[0];
  if (lib.symbols.length === 0) {
    if (fatal) return { symbol: null, findings: [{ code: 'symbol.unreadable', severity: 'error', vars: { line: fatal.line, reason: fatal.reason } }] };
    return { symbol: null, findings: [{ code: 'symbol.none', severity: 'error', vars: {} }] };
  }
  if (lib.symbols.length > LIBRARY_LIMITS.symbolsPerFile) {
    return { symbol: null, findings: [{ code: 'symbol.tooMany', severity: 'error', vars: { count: lib.symbols.length, max: LIBRARY_LIMITS.symbolsPerFile } }] };
  }
  // Symbols KiCad would drop (malformed items) are worth a sentence even when the chosen one is fine.
  if (fatal) findings.push({ code: 'symbol.partlyUnreadable', severity: 'warning', vars: { line: fatal.line, reason: fatal.reason, count: lib.errors.length } });
  const wanted = input.name?.trim();
  let symbol: KicadSymbol | undefined;
  if (wanted) {
    symbol = lib.symbols.find((s) => s.name === wanted);
    if (!symbol) {
      findings.push({ code: 'symbol.notFound', severity: 'error', vars: { name: wanted, names: listOf(lib.symbols.map((s) => s.name)) } });
      return { symbol: null, findings };
    }
  } else if (lib.symbols.length === 1) {
    symbol = lib.symbols[0]!;
  } else {
    // Derived symbols (extends) are alternatives of the same part; a file of several unrelated
    // ones leaves the choice open: the first is checked and the user is told.
    symbol = lib.symbols[0]!;
    findings.push({ code: 'symbol.ambiguous', severity: 'warning', vars: { count: lib.symbols.length, name: symbol.name } });
  }
  return { symbol, findings };
}

/** Up to `max` items joined for a sentence, with the number left off. */
export function listOf(items: readonly string[], max = 12): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} … (+${items.length - max})`;
}
