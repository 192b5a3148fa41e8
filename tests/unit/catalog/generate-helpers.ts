import { brandKeyOf } from '../../../src/lib/catalog/import/catalog-record.ts';
import type { CatalogRecord } from '../../../src/lib/catalog/import/catalog-record.ts';
import { decodeGrm, GRM_DIELECTRIC, GRM_SIZE, GRM_TOLERANCE, GRM_VOLTAGE } from '../../../src/lib/catalog/generate/murata-grm.ts';
import { CL_DIELECTRIC, CL_SIZE, CL_TOLERANCE, CL_VOLTAGE, decodeCl } from '../../../src/lib/catalog/generate/samsung-cl.ts';
import { decodeMcu, MCU_FLASH_CODES, MCU_PIN_CODES, MCU_TEMPS } from '../../../src/lib/catalog/generate/stm32.ts';
import { decodeRc, RC_SIZES } from '../../../src/lib/catalog/generate/yageo-rc.ts';

function param(rec: CatalogRecord, key: string): { value?: number; text?: string } | undefined {
  return rec.params.find((p) => p.key === key);
}

const close = (a: number | undefined, b: number): boolean => a !== undefined && Math.abs(a - b) <= Math.abs(b) * 1e-9;

/**
 * Decodes a record's MPN with its maker's scheme and checks that the record's parameters and
 * package say what the fields say. Returns a list of problems (empty when consistent).
 */
export function checkRecordAgainstScheme(rec: CatalogRecord): string[] {
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${rec.mpn}: ${what}`);
  };
  const brand = brandKeyOf(rec.brand);
  if (brand === 'yageo') {
    const f = decodeRc(rec.mpn);
    if (!f) return [`${rec.mpn}: does not decode as Yageo RC`];
    expect(close(param(rec, 'resistance')?.value, f.ohms), 'resistance');
    expect(rec.package === f.size, 'package');
    if (f.ohms !== 0) {
      expect(param(rec, 'tolerance')?.value === (f.tolerance === 'F' ? 1 : 5), 'tolerance');
      expect(close(param(rec, 'power')?.value, RC_SIZES[f.size].powerW), 'power');
      expect(param(rec, 'maxWorkingVoltage')?.value === RC_SIZES[f.size].maxWorkingV, 'max working voltage');
    }
  } else if (brand === 'samsung-em') {
    const f = decodeCl(rec.mpn);
    if (!f) return [`${rec.mpn}: does not decode as Samsung CL`];
    expect(close(param(rec, 'capacitance')?.value, f.farads), 'capacitance');
    expect(param(rec, 'ratedVoltage')?.value === CL_VOLTAGE[f.voltage], 'voltage');
    expect(param(rec, 'dielectric')?.text === CL_DIELECTRIC[f.dielectric].name, 'dielectric');
    expect((param(rec, 'tolerance')?.value ?? null) === CL_TOLERANCE[f.tolerance].percent, 'tolerance');
    expect(rec.package === CL_SIZE[f.size].imperial, 'package');
  } else if (brand === 'murata') {
    const f = decodeGrm(rec.mpn);
    if (!f) return [`${rec.mpn}: does not decode as Murata GRM`];
    expect(close(param(rec, 'capacitance')?.value, f.farads), 'capacitance');
    expect(param(rec, 'ratedVoltage')?.value === GRM_VOLTAGE[f.voltage], 'voltage');
    expect(param(rec, 'dielectric')?.text === GRM_DIELECTRIC[f.dielectric].name, 'dielectric');
    expect(param(rec, 'tolerance')?.value === GRM_TOLERANCE[f.tolerance], 'tolerance');
    expect(rec.package === GRM_SIZE[f.size].imperial, 'package');
  } else if (brand === 'st' || brand === 'gigadevice') {
    const f = decodeMcu(rec.mpn);
    if (!f) return [`${rec.mpn}: does not decode as an STM32/GD32 order code`];
    expect(param(rec, 'pinCount')?.value === MCU_PIN_CODES[f.pins], 'pin count');
    expect(param(rec, 'flashSize')?.value === (MCU_FLASH_CODES[f.flash] ?? -1) * 1024, 'flash size');
    expect(param(rec, 'operatingTempMin')?.value === MCU_TEMPS[f.temp]?.[0], 'min temperature');
    expect(param(rec, 'operatingTempMax')?.value === MCU_TEMPS[f.temp]?.[1], 'max temperature');
    expect(rec.mpn.startsWith(brand === 'st' ? 'STM32' : 'GD32'), 'brand matches the prefix');
  } else {
    problems.push(`${rec.mpn}: unexpected brand ${brand}`);
  }
  return problems;
}
