import { z } from '@hono/zod-openapi';
import { safeFileBase } from '../library/components.ts';

// What a kicad variant adds per part or component (ADR 0015 §3): the KiCad `Library:Name` ids the
// host places, and absolute API URLs of the asset previews and of the placement payload. Pure: the
// rows come from kicad-variants.server.ts.

/** The placement payload (ADR 0015 §2), POST `{ mfgMpnCode } | { userCompId }` plus `command`. */
export const PLACEMENT_PATH = '/api/chiplet/kicad/placement';

export type KicadRefs = {
  symbolLibId: string | null;
  footprintLibId: string | null;
  symbolUrl: string | null;
  footprintUrl: string | null;
  model3dUrl: string | null;
  placementUrl: string;
};

export const KicadRefsSchema = z
  .object({
    symbolLibId: z.string().nullable().openapi({ description: 'KiCad symbol id Library:Name; null without a symbol', example: 'MCU_ST_STM32F1:STM32F103C8Tx' }),
    footprintLibId: z.string().nullable().openapi({ description: 'KiCad footprint id Library:Name; null without a footprint', example: 'Package_QFP:LQFP-48_7x7mm_P0.5mm' }),
    symbolUrl: z.string().nullable().openapi({ description: 'Absolute URL of the symbol drawn as SVG' }),
    footprintUrl: z.string().nullable().openapi({ description: 'Absolute URL of the footprint drawn as SVG' }),
    model3dUrl: z.string().nullable().openapi({ description: 'Absolute URL of the 3D preview (CPM1 mesh); null without a 3D model' }),
    placementUrl: z.string().openapi({ description: 'Absolute URL of POST kicad/placement, which returns the KiCad files for DL_COMPONENT, DL_SYMBOL, DL_FOOTPRINT, DL_3DMODEL' }),
  })
  .openapi('KicadRefs');

export type LibName = { library: string; name: string };

/** What the ids and URLs of a catalogue part are made of. */
export type PartAssets = { mfgMpnCode: string; symbol: LibName | null; footprint: LibName | null; has3d: boolean };

/** What the ids and URLs of an own component are made of (names as its KiCad zip writes them). */
export type ComponentAssets = { id: number; mpn: string; symbolName: string | null; footprintName: string | null; has3d: boolean };

export const libId = (ref: LibName | null): string | null => (ref ? `${ref.library}:${ref.name}` : null);

/** A catalogue part's refs; `origin` is the site's public origin (no trailing slash). */
export function partKicadRefs(origin: string, part: PartAssets): KicadRefs {
  const q = `mfgMpnCode=${encodeURIComponent(part.mfgMpnCode)}`;
  return {
    symbolLibId: libId(part.symbol),
    footprintLibId: libId(part.footprint),
    symbolUrl: part.symbol ? `${origin}/api/chiplet/products/symbol.svg?${q}` : null,
    footprintUrl: part.footprint ? `${origin}/api/chiplet/products/footprint.svg?${q}` : null,
    model3dUrl: part.footprint && part.has3d ? `${origin}/api/chiplet/products/model3d?${q}` : null,
    placementUrl: `${origin}${PLACEMENT_PATH}`,
  };
}

/**
 * An own component's refs. Its library is named after the MPN, as in its KiCad zip
 * (components.server.ts componentZip: <MPN>.kicad_sym and <MPN>.pretty). The preview URLs need
 * the owner's X-token, like every own-component call.
 */
export function componentKicadRefs(origin: string, comp: ComponentAssets): KicadRefs {
  const library = safeFileBase(comp.mpn);
  const q = `userCompId=${comp.id}`;
  return {
    symbolLibId: comp.symbolName ? `${library}:${comp.symbolName}` : null,
    footprintLibId: comp.footprintName ? `${library}:${comp.footprintName}` : null,
    symbolUrl: comp.symbolName ? `${origin}/api/chiplet/u/comp/symbolSvg?${q}` : null,
    footprintUrl: comp.footprintName ? `${origin}/api/chiplet/u/comp/footprintSvg?${q}` : null,
    model3dUrl: comp.has3d ? `${origin}/api/chiplet/u/comp/model3d?${q}` : null,
    placementUrl: `${origin}${PLACEMENT_PATH}`,
  };
}

/** `/api/chiplet/u/cate/…` → `/api/chiplet/u/kicad/cate/…` etc. (ADR 0015 §1 table, server side). */
export function kicadPathOf(path: string): string {
  const swaps: readonly [RegExp, string][] = [
    [/^\/chiplet\/u\//, '/chiplet/u/kicad/'],
    [/^\/chiplet\/products\//, '/chiplet/products/kicad/'],
    [/^\/file\/operation\//, '/file/operation/kicad/'],
    [/^\/moduleCategory\//, '/kicad/moduleCategory/'],
    [/^\/module\//, '/kicad/module/'],
  ];
  for (const [from, to] of swaps) if (from.test(path)) return path.replace(from, to);
  throw new Error(`No kicad variant for ${path}`);
}
