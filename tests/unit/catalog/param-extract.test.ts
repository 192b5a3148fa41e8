import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARAM_DEFS, PARAM_DEF_BY_KEY, extractParams, packagesInText, stm32Package, type ExtractedParam } from '../../../src/lib/catalog/param-extract.ts';
import { UNITS } from '../../../src/lib/catalog/units.ts';
import { KICAD_SYMBOLS, readKicadSymbols } from './kicad-symbol-text.ts';


/** key → value (numbers) or text, for compact assertions. */
function asRecord(params: readonly ExtractedParam[]): Record<string, number | string | null> {
  return Object.fromEntries(params.map((p) => [p.name, p.value ?? p.text]));
}

describe('PARAM_DEFS', () => {
  it('is a fixed vocabulary with unique keys, names and known units', () => {
    expect(PARAM_DEF_BY_KEY.size).toBe(PARAM_DEFS.length);
    for (const d of PARAM_DEFS) {
      expect(d.key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(d.nameZh.length).toBeGreaterThan(0);
      expect(d.nameEn.length).toBeGreaterThan(0);
      if (d.unit !== null) expect(Object.hasOwn(UNITS, d.unit)).toBe(true);
      if (d.kind === 'text') expect(d.unit).toBeNull();
    }
  });
});

// The descriptions below are copied verbatim from the KiCad 6.0.10 libraries.
describe('extractParams on real KiCad descriptions', () => {
  it('STM32F103C8Tx (MCU_ST_STM32F1)', () => {
    const p = extractParams('MCU_ST_STM32F1', 'STM32F103C8Tx', 'ARM Cortex-M3 MCU, 64KB flash, 20KB RAM, 72MHz, 2-3.6V, 37 GPIO, LQFP-48', 'ARM Cortex-M3 STM32F1 STM32F103');
    expect(asRecord(p)).toEqual({
      core: 'ARM Cortex-M3',
      flashSize: 65536,
      ramSize: 20480,
      maxFrequency: 72e6,
      gpioCount: 37,
      supplyVoltageMin: 2,
      supplyVoltageMax: 3.6,
      package: 'LQFP-48',
    });
    const flash = p.find((x) => x.name === 'flashSize');
    expect(flash).toMatchObject({ nameZh: 'Flash 容量', nameEn: 'Flash Size', unit: 'B', text: null, source: '64KB flash' });
  });

  it('ATmega328P-A (MCU_Microchip_ATmega)', () => {
    expect(asRecord(extractParams('MCU_Microchip_ATmega', 'ATmega328P-A', '20MHz, 32kB Flash, 2kB SRAM, 1kB EEPROM, TQFP-32', 'AVR 8bit Microcontroller MegaAVR PicoPower'))).toEqual({
      core: 'AVR',
      flashSize: 32768,
      ramSize: 2048,
      eepromSize: 1024,
      maxFrequency: 20e6,
      package: 'TQFP-32',
    });
  });

  it('PIC10F200-IMC counts program memory in words, not bytes', () => {
    expect(asRecord(extractParams('MCU_Microchip_PIC10', 'PIC10F200-IMC', '256W Flash, 16B SRAM, DFN8', 'FLASH 8-Bit CMOS Microcontroller'))).toEqual({
      programMemoryWords: 256,
      ramSize: 16,
      package: 'DFN-8',
    });
  });

  it('does not invent values the text leaves out', () => {
    // "No EEPROM" is not an EEPROM size; "1.8 and 3.6V" are two supplies, not a range.
    const tiny = asRecord(extractParams('MCU_Microchip_ATtiny', 'ATtiny102-M', '12MHz, 1kB Flash, 32B SRAM, No EEPROM, DFN-8', 'AVR 8bit Microcontroller tinyAVR'));
    expect(tiny).not.toHaveProperty('eepromSize');
    const fe310 = asRecord(
      extractParams('MCU_SiFive', 'FE310-G002', 'RISC-V MCU, 8KB OTP Program Memory, 8KB ROM, 16KB Instruction Cache, 16KB SRAM, 320MHz, 1.8 and 3.6V, 24 GPIO, QFN-48', 'microcontroller RISC-V SiFive'),
    );
    expect(fe310).toMatchObject({ core: 'RISC-V', ramSize: 16384, maxFrequency: 320e6, gpioCount: 24, package: 'QFN-48' });
    expect(fe310).not.toHaveProperty('supplyVoltageMin');
    // MSP430 "32kB + 256B Flash" is two flash areas: no single flash size is claimed.
    expect(asRecord(extractParams('MCU_Texas_MSP430', 'MSP430F2272IRHA', '32kB + 256B Flash, 1kB RAM, QFN-40', 'TI MSP430 16-bit mixed signal microcontroller'))).toEqual({
      core: 'MSP430',
      ramSize: 1024,
      package: 'QFN-40',
    });
    // The 35V of a 7805 is its maximum input, but the text does not label it: not returned.
    const l7805 = asRecord(extractParams('Regulator_Linear', 'LM7805_TO220', 'Positive 1A 35V Linear Regulator, Fixed Output 5V, TO-220', 'Voltage Regulator 1A Positive'));
    expect(l7805).toEqual({ outputVoltage: 5, outputVoltageType: 'Fixed', outputCurrent: 1, package: 'TO-220' });
  });

  it('regulators: fixed, adjustable, input range, tolerance', () => {
    expect(asRecord(extractParams('Regulator_Linear', 'AMS1117-3.3', '1A Low Dropout regulator, positive, 3.3V fixed output, SOT-223', 'linear regulator ldo fixed positive'))).toEqual({
      outputVoltage: 3.3,
      outputVoltageType: 'Fixed',
      outputCurrent: 1,
      package: 'SOT-223',
    });
    expect(asRecord(extractParams('Regulator_Linear', 'AMS1117', '1A Low Dropout regulator, positive, adjustable output, SOT-223', ''))).toEqual({
      outputVoltageType: 'Adjustable',
      outputCurrent: 1,
      package: 'SOT-223',
    });
    expect(asRecord(extractParams('Regulator_Switching', 'TPS62172DSG', '500mA Step-Down Converter with DCS-Control, fixed 3.3V output, 3-17V input voltage, WSON-8', 'step-down dc-dc buck regulator'))).toEqual({
      outputVoltage: 3.3,
      outputVoltageType: 'Fixed',
      outputCurrent: 0.5,
      inputVoltageMin: 3,
      inputVoltageMax: 17,
      package: 'WSON-8',
    });
    expect(asRecord(extractParams('Reference_Voltage', 'LT1461AxS8-2.5', 'Voltage Reference, +/-0.04%, 2.5V, 100mA, 3V-20V Vin, SOIC-8', 'voltage reference precision'))).toMatchObject({
      outputVoltage: 2.5,
      tolerance: 0.04,
      inputVoltageMin: 3,
      inputVoltageMax: 20,
      package: 'SOIC-8',
    });
    expect(asRecord(extractParams('Converter_DCDC', 'IH4812S', 'XP Power 2W, 1000 VDC Isolated DC/DC Converter Module, Dual Output Voltage ±12V, ±84mA, 48V Input Voltage, SIP', ''))).toEqual({
      inputVoltageMin: 48,
      inputVoltageMax: 48,
      power: 2,
      isolationVoltage: 1000,
    });
  });

  it('discretes', () => {
    expect(asRecord(extractParams('Transistor_FET', '2N7000', '0.2A Id, 200V Vds, N-Channel MOSFET, 2.6V Logic Level, TO-92', 'N-Channel MOSFET Logic-Level'))).toEqual({
      drainCurrent: 0.2,
      drainSourceVoltage: 200,
      package: 'TO-92',
    });
    expect(asRecord(extractParams('Transistor_FET', 'IRLZ44N', '47A Id, 55V Vds, 22mOhm Rds Single N-Channel HEXFET Power MOSFET, TO-220AB', ''))).toMatchObject({
      drainCurrent: 47,
      drainSourceVoltage: 55,
      onResistance: 0.022,
    });
    expect(asRecord(extractParams('Transistor_BJT', 'BC547', '0.1A Ic, 45V Vce, Small Signal NPN Transistor, TO-92', 'NPN Transistor'))).toEqual({
      collectorCurrent: 0.1,
      collectorEmitterVoltage: 45,
      package: 'TO-92',
    });
    expect(asRecord(extractParams('Triac_Thyristor', 'BT138-800', '12A RMS, 800V Off-State Voltage, Triac, TO-220', 'Triac'))).toEqual({
      offStateVoltage: 800,
      onStateCurrentRms: 12,
      package: 'TO-220',
    });
    expect(asRecord(extractParams('Diode_Bridge', 'KBU4J', 'Single-Phase Bridge Rectifier, 420V Vrms, 4.0A If, KBU package', 'rectifier acdc'))).toEqual({ forwardCurrent: 4, rmsInputVoltage: 420 });
    expect(asRecord(extractParams('Isolator', '4N25', 'DC Optocoupler Base Connected, Vce 30V, CTR 20%, Viso 2500V, DIP6', ''))).toEqual({
      collectorEmitterVoltage: 30,
      currentTransferRatio: 20,
      isolationVoltage: 2500,
      package: 'DIP-6',
    });
  });

  it('converters, interfaces, sensors and memory', () => {
    expect(asRecord(extractParams('Analog_ADC', 'MCP3204', 'A/D Converter, 12-Bit, 4-Channel, SPI Interface, 2.7V-5.5V', '12bit ADC Reference Single Supply SPI 4ch'))).toEqual({
      resolution: 12,
      supplyVoltageMin: 2.7,
      supplyVoltageMax: 5.5,
      interface: 'SPI',
      channels: 4,
    });
    expect(asRecord(extractParams('Interface_CAN_LIN', 'MCP2542WFDxMF', 'CAN-FD Transceiver, Wake-Up on CAN Pattern, 8Mbps, 5V supply, STBY pin, 3x3 DFN-8', 'CAN transceiver WUP'))).toEqual({
      supplyVoltageMin: 5,
      supplyVoltageMax: 5,
      interface: 'CAN',
      dataRate: 8e6,
      package: 'DFN-8',
    });
    expect(asRecord(extractParams('Sensor_Humidity', 'SHT31-DIS', 'I²C humidity and temperature sensor, ±2%RH, ±0.2°C, DFN-8', 'digital temperature humidity i2c'))).toEqual({
      interface: 'I2C',
      humidityAccuracy: 2,
      temperatureAccuracy: 0.2,
      package: 'DFN-8',
    });
    expect(asRecord(extractParams('Sensor', 'BME280', '3-in-1 sensor, humidity, pressure, temperature, I2C and SPI interface, 1.71-3.6V, LGA-8', 'Bosch pressure humidity'))).toEqual({
      supplyVoltageMin: 1.71,
      supplyVoltageMax: 3.6,
      interface: 'I2C, SPI',
      package: 'LGA-8',
    });
    expect(asRecord(extractParams('Memory_EEPROM', 'AT24CS64-MAHM', 'I2C Serial EEPROM, 64Kb (8192x8) with Unique Serial Number, UDFN8', ''))).toEqual({
      memorySize: 65536,
      interface: 'I2C',
      package: 'UDFN-8',
    });
    expect(asRecord(extractParams('Interface_UART', 'THVD1400D', 'Half duplex RS-485/RS-422, 500 Kbps, 3V - 5.5V supply, ±12kV electro-static discharge (ESD) protection', ''))).toMatchObject({
      dataRate: 500000,
      supplyVoltageMin: 3,
      supplyVoltageMax: 5.5,
      interface: 'RS-485',
    });
    expect(asRecord(extractParams('MCU_SiliconLabs', 'EFM8BB10F8I-A-QFN20', '8051-compatible microcontroller, 25 MHz, 2.2 to 3.6V, 8K flash, 512B RAM, -40 to +125 C, QFN20', ''))).toEqual({
      core: '8051',
      flashSize: 8192,
      ramSize: 512,
      maxFrequency: 25e6,
      supplyVoltageMin: 2.2,
      supplyVoltageMax: 3.6,
      operatingTempMin: -40,
      operatingTempMax: 125,
      package: 'QFN-20',
    });
  });

  it('returns nothing for templates, power flags and bad input', () => {
    expect(extractParams('Device', 'R', 'Resistor', 'R res resistor')).toEqual([]);
    expect(extractParams('power', '+3V3', 'Power symbol creates a global label with name "+3V3"', 'global power')).toEqual([]);
    expect(extractParams('Connector_Generic', 'Conn_01x04', 'Generic connector, single row, 01x04', 'connector')).toEqual([]);
    expect(extractParams('Regulator_Linear', 'X', '', '')).toEqual([]);
    expect(extractParams(undefined as unknown as string, null as unknown as string, 42 as unknown as string, {} as unknown as string)).toEqual([]);
    expect(extractParams('MCU_ST_STM32F1', 'X', 'garbage ###, ,,, 1e999MHz, -V, 3..V', '')).toEqual([]);
  });
});

describe('package helpers', () => {
  it('normalises package names', () => {
    expect(packagesInText('LQFP48')).toEqual(['LQFP-48']);
    expect(packagesInText('SOT-23-5')).toEqual(['SOT-23-5']);
    expect(packagesInText('DIP-8/SOIC-8/TO-99-8')).toEqual(['DIP-8', 'SOIC-8', 'TO-99-8']);
    expect(packagesInText('SOIC-8-1EP')).toEqual(['SOIC-8-1EP']);
    expect(packagesInText('3x3 DFN-8')).toEqual(['DFN-8']);
    expect(packagesInText('no package here, SO what')).toEqual([]);
  });

  it('decodes the LQFP case of the STM32 ordering code only', () => {
    expect(stm32Package('STM32F103C8Tx')).toBe('LQFP-48');
    expect(stm32Package('STM32F407VGTx')).toBe('LQFP-100');
    expect(stm32Package('STM32F103C8Ux')).toBeNull(); // UFQFPN: not decoded
    expect(stm32Package('LM358')).toBeNull();
    // Used only when the description names no package.
    expect(asRecord(extractParams('MCU_ST_STM32F1', 'STM32F103RBTx', '', ''))).toEqual({ package: 'LQFP-64' });
  });
});

// Reads the real libraries. Skipped where the Debian package kicad-symbols is not installed;
// CI installs it.
describe.skipIf(!existsSync(KICAD_SYMBOLS))('extraction over the installed KiCad symbols', () => {
  const symbols = existsSync(KICAD_SYMBOLS) ? readKicadSymbols(KICAD_SYMBOLS) : [];

  it('reads the exact STM32F103C8Tx description from the library', () => {
    const s = symbols.find((x) => x.lib === 'MCU_ST_STM32F1' && x.name === 'STM32F103C8Tx');
    expect(s?.description).toBe('ARM Cortex-M3 MCU, 64KB flash, 20KB RAM, 72MHz, 2-3.6V, 37 GPIO, LQFP-48');
    expect(asRecord(extractParams(s?.lib ?? '', s?.name ?? '', s?.description ?? '', s?.keywords ?? ''))).toMatchObject({ flashSize: 65536, ramSize: 20480, gpioCount: 37 });
  });

  it('extracts the ST MCU summary line for every STM32 symbol that has one', () => {
    const re = /^ARM Cortex-M\d\+? MCU, (\d+)KB flash, (\d+)KB RAM, (\d+)MHz, ([\d.]+)-([\d.]+)V, (\d+) GPIO, /;
    let checked = 0;
    for (const s of symbols.filter((x) => /^MCU_ST_STM32/.test(x.lib))) {
      const m = re.exec(s.description);
      if (!m) continue;
      checked++;
      const p = asRecord(extractParams(s.lib, s.name, s.description, s.keywords));
      expect(p.flashSize, s.name).toBe(Number(m[1]) * 1024);
      expect(p.ramSize, s.name).toBe(Number(m[2]) * 1024);
      expect(p.maxFrequency, s.name).toBe(Number(m[3]) * 1e6);
      expect(p.supplyVoltageMin, s.name).toBe(Number(m[4]));
      expect(p.supplyVoltageMax, s.name).toBe(Number(m[5]));
      expect(p.gpioCount, s.name).toBe(Number(m[6]));
      expect(String(p.core), s.name).toMatch(/^ARM Cortex-M/);
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('yields parameters for most symbols, each with a known key and a source in the text', () => {
    let atLeast1 = 0;
    let atLeast3 = 0;
    for (const s of symbols) {
      const params = extractParams(s.lib, s.name, s.description, s.keywords);
      if (params.length >= 1) atLeast1++;
      if (params.length >= 3) atLeast3++;
      const keys = new Set<string>();
      for (const p of params) {
        expect(PARAM_DEF_BY_KEY.has(p.name)).toBe(true);
        expect(keys.has(p.name), `${s.name}: ${p.name} twice`).toBe(false);
        keys.add(p.name);
        expect((p.value === null) !== (p.text === null)).toBe(true);
        if (p.value !== null) expect(Number.isFinite(p.value)).toBe(true);
      }
      for (const key of ['supplyVoltageMin', 'inputVoltageMin', 'operatingTempMin'] as const) {
        const min = params.find((p) => p.name === key)?.value;
        const max = params.find((p) => p.name === key.replace('Min', 'Max'))?.value;
        if (min != null && max != null) expect(min, s.name).toBeLessThanOrEqual(max);
      }
    }
    expect(atLeast1 / symbols.length).toBeGreaterThan(0.7);
    expect(atLeast3 / symbols.length).toBeGreaterThan(0.4);
  });
});
