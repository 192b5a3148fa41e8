import { describe, expect, it } from 'vitest';
import { CATEGORY_BY_ID } from '../../../src/lib/catalog/kicad-library-map.ts';
import { PARAM_DEFS } from '../../../src/lib/catalog/param-extract.ts';
import { describePart, englishHead, MAX_FACTS, textZh, type PartDescriptionParam } from '../../../src/lib/catalog/part-description.ts';
import { footprintPackage, productRecord } from '../../../src/lib/catalog/kicad-import/kicad-records.ts';
import type { KicadSymbol } from '../../../src/lib/kicad/symbol-lib.ts';

// Parameters as the KiCad importer stores them for STM32F103C8Tx ("ARM Cortex-M3 MCU, 64KB flash,
// 20KB RAM, 72MHz, 2-3.6V, 37 GPIO, LQFP-48", KiCad 6.0.10 MCU_ST_STM32F1).
const STM32F103C8: PartDescriptionParam[] = [
  { key: 'core', text: 'ARM Cortex-M3' },
  { key: 'flashSize', value: 65536, unit: 'B' },
  { key: 'ramSize', value: 20480, unit: 'B' },
  { key: 'maxFrequency', value: 72000000, unit: 'Hz' },
  { key: 'gpioCount', value: 37 },
  { key: 'supplyVoltageMin', value: 2, unit: 'V' },
  { key: 'supplyVoltageMax', value: 3.6, unit: 'V' },
  { key: 'package', text: 'LQFP-48' },
];

/** Defects the old generator had: empty slots, doubled or dangling separators. */
function expectClean(text: string): void {
  expect(text).not.toMatch(/，，|, ,|、、/);
  expect(text).not.toMatch(/ ，| ,/);
  expect(text).not.toMatch(/[，,、]\s*$/);
  expect(text).not.toMatch(/^\s*[，,、]/);
  expect(text).not.toMatch(/\b(?:undefined|null|NaN)\b/);
}

describe('describePart', () => {
  it('an MCU: core in the category, sizes without spaces in Chinese, counts as counts, one supply range', () => {
    const input = { cateId: 10003, params: STM32F103C8, package: 'LQFP-48' };
    expect(describePart(input, 'zh')).toBe('ARM Cortex-M3 单片机，Flash 64KB，RAM 20KB，最高主频 72MHz，37 个 I/O，工作电压 2V~3.6V，LQFP-48 封装');
    expect(describePart(input, 'en')).toBe('ARM Cortex-M3 MCU, 64 KB flash, 20 KB RAM, up to 72 MHz, 37 I/Os, supply 2 V to 3.6 V, LQFP-48 package');
  });

  it('a dual op amp: unit-less channel count, package last', () => {
    const input = {
      cateId: 20002,
      params: [
        { key: 'channels', value: 2 },
        { key: 'package', text: 'DIP-8' },
      ],
    };
    expect(describePart(input, 'zh')).toBe('双路运放，2 通道，DIP-8 封装');
    expect(describePart(input, 'en')).toBe('Dual op amp, 2 channels, DIP-8 package');
    expect(describePart({ cateId: 20001, params: [{ key: 'channels', value: 1 }] }, 'en')).toBe('Single op amp, 1 channel');
  });

  it('leaves out parameters with missing or unusable values instead of printing empty slots', () => {
    const params: PartDescriptionParam[] = [
      { key: 'gpioCount' },
      { key: 'channels', value: null },
      { key: 'flashSize', value: Number.NaN, unit: 'B' },
      { key: 'interface', text: '' },
      { key: 'core', text: '   ' },
      { key: 'resolution', value: 12, unit: 'bit' },
      { key: 'notAParameter', value: 3 },
    ];
    expect(describePart({ cateId: 10401, params }, 'zh')).toBe('模数转换器 (ADC)，12 位');
    expect(describePart({ cateId: 10401, params }, 'en')).toBe('Analog-to-digital converter (ADC), 12-bit');
  });

  it('reads a number stored without its unit in the definition’s base unit', () => {
    expect(describePart({ cateId: 10009, params: [{ key: 'flashSize', value: 32768 }] }, 'zh')).toBe('AVR 单片机，Flash 32KB');
    expect(
      describePart(
        {
          cateId: 10009,
          params: [
            { key: 'gpioCount', value: 23 },
            { key: 'eepromSize', value: 1024 },
          ],
        },
        'en',
      ),
    ).toBe('AVR MCU, 1 KB EEPROM, 23 I/Os');
  });

  it('only a package, and nothing at all', () => {
    expect(describePart({ cateId: 10601, params: [], package: 'PDIP-8' }, 'zh')).toBe('定时器 (555 等)，PDIP-8 封装');
    expect(describePart({ cateId: 10601, params: [{ key: 'package', text: 'SOIC-8' }] }, 'en')).toBe('Timer (555 etc.), SOIC-8 package');
    expect(describePart({ cateId: 25004, params: [] }, 'zh')).toBe('移位寄存器');
    expect(describePart({ cateId: 25004, params: [] }, 'en')).toBe('Shift register');
    // An unknown category and no facts: nothing to say.
    expect(describePart({ cateId: 999999, params: [] }, 'zh')).toBe('');
    expect(describePart({ cateId: 999999, params: [{ key: 'channels', value: 4 }] }, 'en')).toBe('4 channels');
  });

  it('the package given with the record wins over the parameter, and is said once', () => {
    const input = { cateId: 20002, params: [{ key: 'package', text: 'DIP-8/SOIC-8' }], package: 'DIP-8' };
    expect(describePart(input, 'zh')).toBe('双路运放，DIP-8 封装');
  });

  it('Min/Max pairs are one range; a single bound or equal bounds read naturally', () => {
    const range = (lo?: number, hi?: number) =>
      describePart(
        {
          cateId: 15101,
          params: [
            ...(lo === undefined ? [] : [{ key: 'inputVoltageMin', value: lo, unit: 'V' }]),
            ...(hi === undefined ? [] : [{ key: 'inputVoltageMax', value: hi, unit: 'V' }]),
          ],
        },
        'zh',
      );
    expect(range(4.5, 36)).toBe('降压 (Buck) DC-DC，输入电压 4.5V~36V');
    expect(range(48, 48)).toBe('降压 (Buck) DC-DC，输入电压 48V');
    expect(range(undefined, 60)).toBe('降压 (Buck) DC-DC，输入电压 ≤60V');
    const temp = [
      { key: 'operatingTempMin', value: -40, unit: '°C' },
      { key: 'operatingTempMax', value: 125, unit: '°C' },
    ];
    expect(describePart({ cateId: 40001, params: temp }, 'zh')).toBe('数字温度传感器，工作温度 -40°C~125°C');
    expect(describePart({ cateId: 40001, params: temp }, 'en')).toBe('Digital temperature sensor, operating -40°C to 125°C');
    expect(describePart({ cateId: 40001, params: temp }, 'en').match(/°C/g)).toHaveLength(2);
  });

  it('Chinese text values carry no English word where a Chinese term exists', () => {
    // TPS5430DDA: "3A, Step Down Swift Converter, Adjustable Output Voltage, 5.5-36V Input Voltage, PowerSO-8".
    const tps5430 = {
      cateId: 15101,
      params: [
        { key: 'outputVoltageType', text: 'Adjustable' },
        { key: 'outputCurrent', value: 3, unit: 'A' },
        { key: 'inputVoltageMin', value: 5.5, unit: 'V' },
        { key: 'inputVoltageMax', value: 36, unit: 'V' },
      ],
      package: 'SO-8 PowerPAD',
    };
    expect(describePart(tps5430, 'zh')).toBe('降压 (Buck) DC-DC，输入电压 5.5V~36V，可调输出，输出电流 3A，SO-8 PowerPAD 封装');
    expect(describePart(tps5430, 'en')).toBe('Buck regulator, input 5.5 V to 36 V, adjustable output, 3 A output current, SO-8 PowerPAD package');
    // A fixed-output module: the type goes with the voltage.
    const module = {
      cateId: 15902,
      params: [
        { key: 'outputVoltage', value: 5, unit: 'V' },
        { key: 'outputVoltageType', text: 'Fixed' },
      ],
    };
    expect(describePart(module, 'zh')).toBe('DC-DC 电源模块，固定输出 5V');
    expect(describePart(module, 'en')).toBe('DC-DC power module, fixed 5 V output');
    // The category says 'fixed' already: not repeated.
    const ldo = {
      cateId: 15001,
      params: [
        { key: 'outputVoltage', value: 3.3, unit: 'V' },
        { key: 'outputVoltageType', text: 'Fixed' },
        { key: 'outputCurrent', value: 1, unit: 'A' },
      ],
    };
    expect(describePart(ldo, 'zh')).toBe('正压固定输出线性稳压器，输出电压 3.3V，输出电流 1A');
    expect(describePart({ cateId: 30302, params: [{ key: 'interface', text: 'SPI, Ethernet' }] }, 'zh')).toBe('以太网控制器，SPI、以太网 接口');
    expect(describePart({ cateId: 30302, params: [{ key: 'interface', text: 'SPI, Ethernet' }] }, 'en')).toBe('Ethernet controller, SPI/Ethernet interface');
    expect(textZh('N-channel')).toBe('N沟道');
    expect(textZh('P-Channel')).toBe('P沟道');
    expect(textZh('I2C')).toBe('I2C');
  });

  it('does not repeat the core the category names, but names a finer one', () => {
    expect(describePart({ cateId: 10013, params: [{ key: 'core', text: 'MSP430' }] }, 'zh')).toBe('MSP430 单片机');
    expect(describePart({ cateId: 10004, params: [{ key: 'core', text: 'ARM Cortex-M4F' }] }, 'en')).toBe('ARM Cortex-M4F MCU');
    expect(describePart({ cateId: 10017, params: [{ key: 'core', text: 'Xtensa' }] }, 'zh')).toBe('单片机，Xtensa 内核');
    expect(describePart({ cateId: 10016, params: [{ key: 'core', text: '68HC11' }] }, 'en')).toBe('68HC / S08 / HCS12 MCU, 68HC11 core');
  });

  it('keeps to MAX_FACTS facts after the category, the package always among them', () => {
    const many: PartDescriptionParam[] = [
      ...STM32F103C8.filter((p) => p.key !== 'package'),
      { key: 'eepromSize', value: 4096, unit: 'B' },
      { key: 'interface', text: 'I2C, SPI, UART, USB, CAN' },
      { key: 'operatingTempMin', value: -40, unit: '°C' },
      { key: 'operatingTempMax', value: 85, unit: '°C' },
      { key: 'resolution', value: 12, unit: 'bit' },
    ];
    const zh = describePart({ cateId: 10003, params: many, package: 'LQFP-48' }, 'zh');
    const facts = zh.split('，');
    expect(facts).toHaveLength(1 + MAX_FACTS);
    expect(facts.at(-1)).toBe('LQFP-48 封装');
    expect(new Set(facts).size).toBe(facts.length);
  });

  it('never leaves an empty slot or a dangling separator, for every parameter key in either language', () => {
    for (const def of PARAM_DEFS) {
      const p: PartDescriptionParam =
        def.kind === 'text'
          ? { key: def.key, text: def.key === 'displayResolution' ? '128x64' : 'SPI' }
          : { key: def.key, value: 5, ...(def.unit ? { unit: def.unit } : {}) };
      for (const cateId of [10003, 20002, 50202, 999999]) {
        for (const locale of ['zh', 'en'] as const) {
          const text = describePart({ cateId, params: [p, { key: def.key }] }, locale);
          expectClean(text);
          if (def.key !== 'core' && def.key !== 'package') expect(text, `${def.key} ${locale}`).toMatch(/5|SPI|128×64/);
        }
      }
    }
  });

  it('English category heads are singular and in sentence case', () => {
    expect(englishHead('Dual Op Amps')).toBe('Dual op amp');
    expect(englishHead('Analog Switches & Multiplexers')).toBe('Analog switch & multiplexer');
    expect(englishHead('N-Channel MOSFETs')).toBe('N-channel MOSFET');
    expect(englishHead('Linear Hall-Effect Sensors')).toBe('Linear Hall-effect sensor');
    expect(englishHead('Batteries')).toBe('Battery');
    expect(englishHead('Buffers, Drivers & Transceivers')).toBe('Buffer/driver/transceiver');
    for (const c of CATEGORY_BY_ID.values()) {
      const zh = describePart({ cateId: c.cateId, params: [] }, 'zh');
      const en = describePart({ cateId: c.cateId, params: [] }, 'en');
      expect(zh.length).toBeGreaterThan(0);
      expect(en).not.toMatch(/, /);
      expectClean(zh);
      expectClean(en);
    }
  });
});

describe('footprintPackage', () => {
  it('reads the package after a maker prefix and maps known maker shapes', () => {
    expect(footprintPackage('Package_SO:TI_SO-PowerPAD-8_ThermalVias')).toBe('SO-8 PowerPAD');
    expect(footprintPackage('Package_SO:TI_SO-PowerPAD-8')).toBe('SO-8 PowerPAD');
    expect(footprintPackage('Package_SO:Texas_HSOP-8-1EP_3.9x4.9mm_P1.27mm_ThermalVias')).toBe('HSOP-8-1EP');
    expect(footprintPackage('Package_SO:Infineon_PG-DSO-8-43')).toBe('PG-DSO-8-43');
    expect(footprintPackage('Package_TO_SOT_SMD:Analog_KS-4')).toBe('KS-4');
    expect(footprintPackage('Package_CSP:ST_WLCSP-49_Die447')).toBe('WLCSP-49');
    expect(footprintPackage('Package_SO:PowerPAK_SO-8_Single')).toBe('PowerPAK SO-8');
    expect(footprintPackage('Package_SO:Vishay_PowerPAK_1212-8_Single')).toBe('PowerPAK 1212-8');
    expect(footprintPackage('Package_DirectFET:DirectFET_MX')).toBe('DirectFET MX');
    expect(footprintPackage('Package_DFN_QFN:Texas_RGY_R-PVQFN-N16_EP2.05x2.55mm')).toBe('R-PVQFN-N16');
  });

  it('keeps the generic packages as before', () => {
    expect(footprintPackage('Package_QFP:LQFP-48_7x7mm_P0.5mm')).toBe('LQFP-48');
    expect(footprintPackage('Package_SO:SOIC-8_3.9x4.9mm_P1.27mm')).toBe('SOIC-8');
    expect(footprintPackage('Package_DIP:DIP-8_W7.62mm')).toBe('DIP-8');
    expect(footprintPackage('Package_TO_SOT_THT:TO-220-3_Vertical')).toBe('TO-220-3');
    expect(footprintPackage('Package_TO_SOT_SMD:LFPAK33')).toBe('LFPAK33');
  });

  it('outside the Package_ libraries takes only a recognised package, never the device class or maker', () => {
    expect(footprintPackage('Diode_SMD:D_SMA')).toBe('SMA');
    expect(footprintPackage('Diode_SMD:D_SOD-123F')).toBe('SOD-123F');
    expect(footprintPackage('Diode_THT:D_DO-41_SOD81_P10.16mm_Horizontal')).toBe('DO-41');
    expect(footprintPackage('LED_SMD:LED_1206_3216Metric')).toBe('1206');
    expect(footprintPackage('Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal')).toBe('Axial-DIN0207');
    expect(footprintPackage('Diode_THT:Diode_Bridge_Vishay_GBU')).toBe('GBU');
    expect(footprintPackage('Sensor_Current:AKM_CQ_VSOP-24_5.6x7.9mm_P0.65mm')).toBe('VSOP-24');
    expect(footprintPackage('Oscillator:Oscillator_SMD_Silicon_Labs_LGA-6_2.5x3.2mm_P1.25mm')).toBe('LGA-6');
    for (const none of [
      'Relay_THT:Relay_SPDT_Finder_40.11',
      'Converter_DCDC:Converter_DCDC_XP_POWER-ITxxxxxS_THT',
      'Module:Arduino_Nano',
      'Display_7Segment:MAN71A',
      'Oscillator:Oscillator_SMD_Abracon_ASCO-4Pin_1.6x1.2mm',
      'Display:EA_DOGL128-6',
      'Inductor_SMD:L_SigTra_SC3316F',
      'LED_THT:LED_D5.0mm',
    ]) {
      expect(footprintPackage(none), none).toBeUndefined();
    }
    expect(footprintPackage('no-library')).toBeUndefined();
    expect(footprintPackage('Package_SO:')).toBeUndefined();
  });
});

function symbol(over: Partial<KicadSymbol>): KicadSymbol {
  return {
    name: 'X',
    power: false,
    description: '',
    keywords: '',
    datasheet: '',
    footprint: '',
    fpFilters: [],
    reference: 'U',
    value: 'X',
    units: [],
    ...over,
  } as unknown as KicadSymbol;
}

describe('productRecord descriptions', () => {
  it('TPS5430DDA: the package from its PowerPAD footprint, a Chinese description without empty slots', () => {
    const rec = productRecord(
      symbol({
        name: 'TPS5430DDA',
        description: '3A, Step Down Swift Converter, Adjustable Output Voltage, 5.5-36V Input Voltage, PowerSO-8',
        keywords: 'Step-Down DC-DC Switching Regulator',
        datasheet: 'http://www.ti.com/lit/ds/symlink/tps5430.pdf',
        footprint: 'Package_SO:TI_SO-PowerPAD-8_ThermalVias',
      }),
      'Regulator_Switching',
      'test',
    );
    expect(rec?.package).toBe('SO-8 PowerPAD');
    expect(rec?.descriptionEn).toBe('3A, Step Down Swift Converter, Adjustable Output Voltage, 5.5-36V Input Voltage, PowerSO-8');
    expect(rec?.descriptionZh).toBe('降压 (Buck) DC-DC，输入电压 5.5V~36V，可调输出，输出电流 3A，SO-8 PowerPAD 封装');
  });

  it('STM32F103C8Tx: counts read as counts, the supply as one range', () => {
    const rec = productRecord(
      symbol({
        name: 'STM32F103C8Tx',
        description: 'ARM Cortex-M3 MCU, 64KB flash, 20KB RAM, 72MHz, 2-3.6V, 37 GPIO, LQFP-48',
        keywords: 'ARM Cortex-M3 STM32F1 STM32F103',
        footprint: 'Package_QFP:LQFP-48_7x7mm_P0.5mm',
      }),
      'MCU_ST_STM32F1',
      'test',
    );
    expect(rec?.package).toBe('LQFP-48');
    expect(rec?.descriptionZh).toBe('ARM Cortex-M3 单片机，Flash 64KB，RAM 20KB，最高主频 72MHz，37 个 I/O，工作电压 2V~3.6V，LQFP-48 封装');
  });
});
