import { buildEverydayPassives } from '../generate/everyday-passives.ts';
import type { CatalogRecord } from '../import/catalog-record.ts';

// The everyday passives linked to KiCad's own generic symbols (Device:R, Device:C) and the
// standard chip footprints of their size, so a BOM line like "10k 0603" matches a part with a
// symbol and footprint to place.

const METRIC: Record<string, string> = { '0402': '1005', '0603': '1608', '0805': '2012', '1206': '3216' };

export function linkPassive(record: CatalogRecord): CatalogRecord {
  const isResistor = record.params.some((p) => p.key === 'resistance');
  const isCapacitor = record.params.some((p) => p.key === 'capacitance');
  const size = record.package && METRIC[record.package] ? record.package : undefined;
  if (!size || (!isResistor && !isCapacitor)) return record;
  const [prefix, library] = isResistor ? ['R', 'Resistor_SMD'] : ['C', 'Capacitor_SMD'];
  return {
    ...record,
    symbol: record.symbol ?? { library: 'Device', name: prefix! },
    footprint: record.footprint ?? { library: library!, name: `${prefix}_${size}_${METRIC[size]}Metric` },
  };
}

export function everydayPassiveRecords(): CatalogRecord[] {
  return buildEverydayPassives().map(linkPassive);
}
