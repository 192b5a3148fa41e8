// STM32 (STMicroelectronics) and GD32 (GigaDevice) microcontroller order codes. Synthetic use only.
//
// Scheme from the "Ordering information" section of ST's STM32 datasheets (e.g. "STM32F103x8
// STM32F103xB datasheet") — GigaDevice's GD32 datasheets ("GD32F103xx Datasheet", "Ordering
// information") use the same fields:
//
//   STM32 F 103 C 8 T 6 [TR]
//   │     │ │   │ │ │ │  └ option: TR = tape and reel
//   │     │ │   │ │ │ └ temperature range: 6 = −40…85 °C, 7 = −40…105 °C, 3 = −40…125 °C
//   │     │ │   │ │ └ package: P = TSSOP, U = (V/U)FQFPN, T = LQFP
//   │     │ │   │ └ flash size: 4 = 16 KB, 6 = 32 KB, 8 = 64 KB, B = 128 KB, C = 256 KB,
//   │     │ │   │   D = 384 KB, E = 512 KB, F = 768 KB, G = 1 MB, I = 2 MB
//   │     │ │   └ pin count: F = 20, G = 28, K = 32, T = 36, C = 48, R = 64, V = 100, Z = 144, I = 176
//   │     │ └ sub-family (line)
//   │     └ product type: F = general purpose (mainstream/high performance), L = low power,
//   │       G = mainstream, H = high performance; GD32 'VF' = RISC-V
//   └ family
//
// Each line's core and maximum CPU frequency come from its datasheet's title/features. The
// generator combines a line's pin counts, flash sizes, packages and temperature ranges freely,
// so many generated codes are not sold: they are synthetic records.

import { formatQuantity } from '../units.ts';
import { makeRecord, type Provenance } from './common.ts';
import type { CatalogRecord } from '../import/catalog-record.ts';

export type McuLine = {
  /** 'STM32F103', 'GD32VF103'. */
  readonly name: string;
  readonly brand: 'st' | 'gigadevice';
  readonly core: string;
  readonly cateId: number;
  readonly maxHz: number;
  readonly pins: string;
  readonly flash: string;
  readonly temps: string;
};

const M0 = { core: 'ARM Cortex-M0', cateId: 10001 };
const M0P = { core: 'ARM Cortex-M0+', cateId: 10002 };
const M3 = { core: 'ARM Cortex-M3', cateId: 10003 };
const M4 = { core: 'ARM Cortex-M4', cateId: 10004 };
const M7 = { core: 'ARM Cortex-M7', cateId: 10005 };
const RV = { core: 'RISC-V', cateId: 10015 };
const MHz = 1e6;

const st = (name: string, core: { core: string; cateId: number }, mhz: number, pins: string, flash: string): McuLine => ({ name, brand: 'st', ...core, maxHz: mhz * MHz, pins, flash, temps: '67' });
const gd = (name: string, core: { core: string; cateId: number }, mhz: number, pins: string, flash: string): McuLine => ({ name, brand: 'gigadevice', ...core, maxHz: mhz * MHz, pins, flash, temps: '6' });

export const MCU_LINES: readonly McuLine[] = [
  st('STM32F030', M0, 48, 'FKCR', '468C'),
  st('STM32F042', M0, 48, 'FGKC', '46'),
  st('STM32F072', M0, 48, 'CRV', '8B'),
  st('STM32F103', M3, 72, 'TCRVZ', '468BCDEFG'),
  st('STM32F105', M3, 72, 'RV', '8BC'),
  st('STM32F107', M3, 72, 'RV', 'BC'),
  st('STM32F205', M3, 120, 'RVZ', 'BCEFG'),
  st('STM32F207', M3, 120, 'VZI', 'CEFG'),
  st('STM32F302', M4, 72, 'KCR', '68BC'),
  st('STM32F303', M4, 72, 'KCRVZ', '68BCDE'),
  st('STM32F401', M4, 84, 'CRV', 'BCDE'),
  st('STM32F405', M4, 168, 'RVZ', 'G'),
  st('STM32F407', M4, 168, 'VZI', 'EG'),
  st('STM32F411', M4, 100, 'CRV', 'CE'),
  st('STM32F429', M4, 180, 'VZI', 'EGI'),
  st('STM32F446', M4, 180, 'CRVZ', 'CE'),
  st('STM32F746', M7, 216, 'VZI', 'EG'),
  st('STM32F767', M7, 216, 'VZI', 'GI'),
  st('STM32H743', M7, 480, 'VZI', 'GI'),
  st('STM32L053', M0P, 32, 'CR', '68'),
  st('STM32L152', M3, 32, 'CRV', '68BCDE'),
  st('STM32L476', M4, 80, 'RV', 'CEG'),
  st('STM32G030', M0P, 64, 'FKC', '68'),
  st('STM32G071', M0P, 64, 'GKCR', '68B'),
  st('STM32G474', M4, 170, 'CRV', 'BCE'),
  gd('GD32F103', M3, 108, 'TCRVZ', '468BCDEFG'),
  gd('GD32F303', M4, 120, 'CRVZ', 'BCEG'),
  gd('GD32F407', M4, 168, 'RVZI', 'EG'),
  gd('GD32VF103', RV, 108, 'TCRV', '468B'),
];
const LINE_BY_NAME: ReadonlyMap<string, McuLine> = new Map(MCU_LINES.map((l) => [l.name, l]));

export const MCU_PIN_CODES: Readonly<Record<string, number>> = { F: 20, G: 28, K: 32, T: 36, C: 48, R: 64, V: 100, Z: 144, I: 176 };
export const MCU_FLASH_CODES: Readonly<Record<string, number>> = { '4': 16, '6': 32, '8': 64, B: 128, C: 256, D: 384, E: 512, F: 768, G: 1024, I: 2048 };
/** Packages a pin count comes in: P = TSSOP, U = (V/U)FQFPN, T = LQFP. */
export const MCU_PACKAGES_FOR_PINS: Readonly<Record<string, string>> = { F: 'P', G: 'U', K: 'TU', T: 'U', C: 'TU', R: 'T', V: 'T', Z: 'T', I: 'T' };
export const MCU_TEMPS: Readonly<Record<string, readonly [number, number]>> = { '6': [-40, 85], '7': [-40, 105], '3': [-40, 125] };

export type McuFields = { line: string; pins: string; flash: string; packageCode: string; temp: string; tapeAndReel: boolean };

export function encodeMcu(f: McuFields): string {
  return `${f.line}${f.pins}${f.flash}${f.packageCode}${f.temp}${f.tapeAndReel ? 'TR' : ''}`;
}

const MCU_RE = /^((?:STM32|GD32)[A-Z]{1,2}\d{3})([FGKTCRVZI])([468BCDEFGI])([PUT])([673])(TR)?$/;

export function decodeMcu(mpn: string): McuFields | null {
  const m = MCU_RE.exec(mpn);
  if (!m || !m[1] || !m[2] || !m[3] || !m[4] || !m[5]) return null;
  return { line: m[1], pins: m[2], flash: m[3], packageCode: m[4], temp: m[5], tapeAndReel: m[6] === 'TR' };
}

export function isValidMcu(f: McuFields): boolean {
  const line = LINE_BY_NAME.get(f.line);
  return (
    !!line &&
    line.pins.includes(f.pins) &&
    line.flash.includes(f.flash) &&
    (MCU_PACKAGES_FOR_PINS[f.pins] ?? '').includes(f.packageCode) &&
    line.temps.includes(f.temp)
  );
}

const LQFP_FOOTPRINT: Readonly<Record<number, string>> = {
  32: 'LQFP-32_7x7mm_P0.8mm',
  48: 'LQFP-48_7x7mm_P0.5mm',
  64: 'LQFP-64_10x10mm_P0.5mm',
  100: 'LQFP-100_14x14mm_P0.5mm',
  144: 'LQFP-144_20x20mm_P0.5mm',
  176: 'LQFP-176_24x24mm_P0.5mm',
};

export function mcuPackageName(f: McuFields, brand: McuLine['brand']): string {
  const pins = MCU_PIN_CODES[f.pins] ?? 0;
  if (f.packageCode === 'T') return `LQFP-${pins}`;
  if (f.packageCode === 'P') return `TSSOP-${pins}`;
  if (brand === 'gigadevice') return `QFN-${pins}`;
  return pins === 36 ? `VFQFPN-${pins}` : `UFQFPN-${pins}`;
}

export function mcuRecord(f: McuFields, prov: Provenance): CatalogRecord {
  const line = LINE_BY_NAME.get(f.line);
  if (!line) throw new Error(`unknown MCU line ${f.line}`);
  const pins = MCU_PIN_CODES[f.pins] ?? 0;
  const flashBytes = (MCU_FLASH_CODES[f.flash] ?? 0) * 1024;
  const [tMin, tMax] = MCU_TEMPS[f.temp] ?? [0, 0];
  const pkg = mcuPackageName(f, line.brand);
  const mhz = line.maxHz / MHz;
  const flashText = formatQuantity(flashBytes, 'B');
  const lqfp = f.packageCode === 'T' ? LQFP_FOOTPRINT[pins] : undefined;
  const footprint = lqfp ? { library: 'Package_QFP', name: lqfp } : f.packageCode === 'P' && pins === 20 ? { library: 'Package_SO', name: 'TSSOP-20_4.4x6.5mm_P0.65mm' } : undefined;
  return makeRecord(
    {
      mpn: encodeMcu(f),
      brand: line.brand,
      cateId: line.cateId,
      descriptionZh: `${line.core} 微控制器 ${mhz}MHz ${flashText.replace(' ', '')} Flash ${pkg} ${tMin}~${tMax}°C`,
      descriptionEn: `${line.core} MCU, ${mhz} MHz, ${flashText} flash, ${pkg}, ${tMin} to ${tMax} °C`,
      package: pkg,
      params: [
        { key: 'core', text: line.core },
        { key: 'maxFrequency', value: line.maxHz, unit: 'Hz' },
        { key: 'flashSize', value: flashBytes, unit: 'B' },
        { key: 'pinCount', value: pins },
        { key: 'operatingTempMin', value: tMin, unit: '°C' },
        { key: 'operatingTempMax', value: tMax, unit: '°C' },
      ],
      keywords: `${line.name} MCU 单片机`,
      ...(footprint ? { footprint } : {}),
    },
    prov,
  );
}
