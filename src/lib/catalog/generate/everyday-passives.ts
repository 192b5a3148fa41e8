// The demo catalogue's everyday passives: real part numbers built from the makers' published
// ordering schemes (see each module's header for the scheme and the rule that keeps the line-up
// to combinations the maker offers). No synthetic records here.

import type { CatalogRecord } from '../import/catalog-record.ts';
import { everydayMurataGrm, grmRecord, MURATA_GRM_PROVENANCE } from './murata-grm.ts';
import { clRecord, everydaySamsungCl, SAMSUNG_CL_PROVENANCE } from './samsung-cl.ts';
import { everydayYageoRc, rcRecord, YAGEO_RC_PROVENANCE } from './yageo-rc.ts';

/** Yageo RC_L resistors, Samsung CL and Murata GRM capacitors, 0402–1206. Deterministic order. */
export function buildEverydayPassives(): CatalogRecord[] {
  return [
    ...everydayYageoRc().map((f) => rcRecord(f, YAGEO_RC_PROVENANCE)),
    ...everydaySamsungCl().map((f) => clRecord(f, SAMSUNG_CL_PROVENANCE)),
    ...everydayMurataGrm().map((f) => grmRecord(f, MURATA_GRM_PROVENANCE)),
  ];
}
