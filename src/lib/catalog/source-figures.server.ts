import type { Db } from '../server/db/client.server.ts';
import { createMemo } from '../server/memo.server.ts';
import { readRunnerOf } from '../server/db/read-replica.server.ts';
import { sourceKindOf, type PartSourceKind } from './part-sources.ts';

// The about page's figures (issue #29 item 7): parts per source (a merged row counts for each of
// its sources), dated offers, KiCad assets matched to parts of other sources. Computed, cached 10 min (a grouped count over the catalogue takes seconds at 600k parts).

export type SourceFigures = {
  parts: number;
  bySource: Record<PartSourceKind, number>;
  merged: number;
  assets: { specific: number; generic: number };
  snapshotOffers: { count: number; dataTime: string | null };
  brands: number;
  domesticBrands: number;
};

const cache = createMemo<'figures', SourceFigures>({ ttlMs: 600_000 });

export function sourceFigures(db: Db): Promise<SourceFigures> {
  return cache.get(db, 'figures', async () => {
    const r = readRunnerOf(db);
    const [bySource, assets, offers, brands] = await Promise.all([
      r.rows<{ source: string; n: number }>('SELECT source, count(*)::int AS n FROM products GROUP BY source'),
      r.rows<{ a: string; n: number }>('SELECT asset_match AS a, count(*)::int AS n FROM products WHERE asset_match IS NOT NULL GROUP BY asset_match'),
      r.rows<{ n: number; t: string | null }>(`SELECT count(*)::int AS n, max(data_time)::text AS t FROM supply_offers WHERE source LIKE 'snapshot:%'`),
      r.rows<{ n: number; cn: number }>(`SELECT count(*)::int AS n, count(*) FILTER (WHERE country = 'CN')::int AS cn FROM brands WHERE EXISTS (SELECT 1 FROM products p WHERE p.brand_id = brands.id)`),
    ]);
    const figures: SourceFigures = {
      parts: 0,
      bySource: { jlcparts: 0, kicad: 0, makerCodes: 0, userSubmission: 0, synthetic: 0, other: 0 },
      merged: 0,
      assets: { specific: 0, generic: 0 },
      snapshotOffers: { count: offers[0]?.n ?? 0, dataTime: offers[0]?.t ?? null },
      brands: brands[0]?.n ?? 0,
      domesticBrands: brands[0]?.cn ?? 0,
    };
    for (const row of bySource) {
      figures.parts += row.n;
      const kinds = new Set(row.source.split('; ').map(sourceKindOf));
      if (kinds.size > 1) figures.merged += row.n;
      for (const k of kinds) figures.bySource[k] += row.n;
    }
    for (const a of assets) if (a.a === 'specific' || a.a === 'generic') figures.assets[a.a] = a.n;
    return figures;
  });
}
