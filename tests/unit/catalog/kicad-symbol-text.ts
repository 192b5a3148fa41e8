import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// A reader independent of src/lib/kicad, so the catalogue tests do not lean on the parser they
// feed: top-level '(symbol "NAME"' blocks of KiCad 6 libraries and the properties they state.

export const KICAD_SYMBOLS = '/usr/share/kicad/symbols';

export type KicadSymbolText = { lib: string; name: string; description: string; keywords: string; datasheet: string };

export function readKicadSymbols(dir: string): KicadSymbolText[] {
  const out: KicadSymbolText[] = [];
  const str = String.raw`"((?:[^"\\]|\\.)*)"`;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.kicad_sym')).sort()) {
    const lib = file.slice(0, -'.kicad_sym'.length);
    for (const part of readFileSync(join(dir, file), 'utf8').split(/\n {2}\(symbol /).slice(1)) {
      const prop = (k: string): string => (new RegExp(String.raw`\(property "${k}" ${str}`).exec(part)?.[1] ?? '').replace(/\\"/g, '"');
      out.push({ lib, name: new RegExp(`^${str}`).exec(part)?.[1] ?? '', description: prop('ki_description'), keywords: prop('ki_keywords'), datasheet: prop('Datasheet') });
    }
  }
  return out;
}
