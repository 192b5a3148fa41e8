import { describe, expect, it } from 'vitest';
import { ParamSchema, type CatalogParam } from '../../../src/lib/catalog/import/catalog-record.ts';
import { paramsOfAttribute, type JlcAttributeEntry } from '../../../src/lib/catalog/jlcparts/attribute-params.ts';
import { PARAM_DEF_BY_KEY } from '../../../src/lib/catalog/param-extract.ts';

// Every entry below is copied verbatim from catalog/jlcparts-2026-05-21/attributes-lut.json.gz
// (jlcparts gh-pages 670498f, 2026-05-21); the number in the comment is its index in that array.
// Subcategories are names from the snapshot's manifest.json.

const MLCC = 'Multilayer Ceramic Capacitors MLCC - SMD/SMT';
const CHIP_R = 'Chip Resistor - Surface Mount';
const LDO = 'Linear Voltage Regulators (LDO)';
const MOSFET = 'MOSFETs';

/** paramsOfAttribute, checked against ParamSchema and PARAM_DEFS on the way. */
function map(entry: JlcAttributeEntry, subcategory: string): CatalogParam[] {
  const out = paramsOfAttribute(entry, subcategory);
  for (const p of out) {
    expect(ParamSchema.safeParse(p).success).toBe(true);
    const def = PARAM_DEF_BY_KEY.get(p.key);
    expect(def, `key ${p.key} in PARAM_DEFS`).toBeDefined();
    if (def?.kind === 'number') {
      expect(typeof p.value).toBe('number');
      if (def.unit !== null) expect(p.unit).toBe(def.unit);
    } else expect(typeof p.text).toBe('string');
  }
  return out;
}

describe('passives', () => {
  it('reads numeric kinds already in SI units', () => {
    // 96819
    expect(map(['Resistance', { format: '${resistance}', primary: 'resistance', values: { resistance: [4700.0, 'resistance'] } }], CHIP_R)).toEqual([{ key: 'resistance', value: 4700, unit: 'Ω' }]);
    // 17672: 1.0000000000000001e-07 is rounded to 12 significant digits
    expect(map(['Capacitance', { format: '${capacitance}', primary: 'capacitance', values: { capacitance: [1.0000000000000001e-7, 'capacitance'] } }], MLCC)).toEqual([{ key: 'capacitance', value: 1e-7, unit: 'F' }]);
    // 16235
    expect(map(['Inductance', { format: '${inductance}', primary: 'inductance', values: { inductance: [4.7e-6, 'inductance'] } }], 'Power Inductors')).toEqual([{ key: 'inductance', value: 4.7e-6, unit: 'H' }]);
    // 98121: the primary kind named by 'default' instead of 'primary'
    expect(map(['Power', { default: 'power', format: '${power}', values: { power: [0.1, 'power'] } } as JlcAttributeEntry[1]], CHIP_R)).toEqual([{ key: 'power', value: 0.1, unit: 'W' }]);
    // 16892: a capacitor's 'Allowable voltage' is the catalogue's ratedVoltage
    expect(map(['Allowable voltage', { format: '${voltage}', primary: 'voltage', values: { voltage: [50.0, 'voltage'] } }], MLCC)).toEqual([{ key: 'ratedVoltage', value: 50, unit: 'V' }]);
    // 16270, 16388
    expect(map(['Rated current', { format: '${current}', primary: 'current', values: { current: [3.0, 'current'] } }], 'Power Inductors')).toEqual([{ key: 'ratedCurrent', value: 3, unit: 'A' }]);
    expect(map(['Dc resistance', { format: '${resistance}', primary: 'resistance', values: { resistance: [0.2, 'resistance'] } }], 'Power Inductors')).toEqual([{ key: 'dcResistance', value: 0.2, unit: 'Ω' }]);
  });

  it('keeps the main number of a value measured at a frequency', () => {
    // 18506, 18505
    expect(map(['Equivalent series resistance', { default: 'esr', format: '${esr} @ ${frequency}', values: { esr: [0.036000000000000004, 'resistance'], frequency: [100000.0, 'frequency'] } } as JlcAttributeEntry[1]], 'Aluminum Electrolytic Capacitors (Can - Screw Terminals)')).toEqual([{ key: 'esr', value: 0.036, unit: 'Ω' }]);
    expect(map(['Ripple current', { default: 'current', format: '${current} @ ${frequency}', values: { current: [2.25, 'current'], frequency: [100000.0, 'frequency'] } } as JlcAttributeEntry[1]], 'Aluminum Electrolytic Capacitors (Can - Screw Terminals)')).toEqual([{ key: 'rippleCurrent', value: 2.25, unit: 'A' }]);
  });

  it('reads tolerances by their unit', () => {
    // 2508, 22084 (asymmetric window), 101768 (°C), 18013
    expect(map(['Tolerance', { format: '${default}', primary: 'default', values: { default: ['±1%', 'string'] } }], CHIP_R)).toEqual([{ key: 'tolerance', value: 1, unit: '%' }]);
    expect(map(['Tolerance', { format: '${default}', primary: 'default', values: { default: ['-20%~+80%', 'string'] } }], 'Ceramic Disc Capacitors')).toEqual([
      { key: 'toleranceMin', value: -20, unit: '%' },
      { key: 'toleranceMax', value: 80, unit: '%' },
    ]);
    expect(map(['Tolerance', { format: '${default}', primary: 'default', values: { default: ['±0.5℃', 'string'] } }], 'Temperature Sensors')).toEqual([{ key: 'temperatureAccuracy', value: 0.5, unit: '°C' }]);
    expect(map(['Tolerance', { format: '${default}', primary: 'default', values: { default: ['±10%', 'string'] } }], 'Ferrite Beads')).toEqual([{ key: 'tolerance', value: 10, unit: '%' }]);
  });

  it('splits temperature coefficients into ppm numbers and dielectric codes', () => {
    // 23320, 96984
    expect(map(['Temperature coefficient', { format: '${default}', primary: 'default', values: { default: ['±100ppm/℃', 'string'] } }], CHIP_R)).toEqual([{ key: 'tempCoefficient', value: 100, unit: 'ppm' }]);
    expect(map(['Temperature coefficient', { format: '${default}', primary: 'default', values: { default: ['±25ppm/℃', 'string'] } }], CHIP_R)).toEqual([{ key: 'tempCoefficient', value: 25, unit: 'ppm' }]);
    // 22048, 22050 (NP0 is C0G), 22071 (JIS class B)
    expect(map(['Temperature coefficient', { format: '${default}', primary: 'default', values: { default: ['X7R', 'string'] } }], MLCC)).toEqual([{ key: 'dielectric', text: 'X7R' }]);
    expect(map(['Temperature coefficient', { format: '${default}', primary: 'default', values: { default: ['NP0', 'string'] } }], MLCC)).toEqual([{ key: 'dielectric', text: 'C0G' }]);
    expect(map(['Temperature coefficient', { format: '${default}', primary: 'default', values: { default: ['B', 'string'] } }], 'Ceramic Disc Capacitors')).toEqual([{ key: 'dielectric', text: 'B' }]);
    // 199586: an asymmetric window is not one coefficient
    expect(map(['Temperature coefficient', { format: '${default}', primary: 'default', values: { default: ['-200ppm/℃~+400ppm/℃', 'string'] } }], CHIP_R)).toEqual([]);
  });

  it('keeps AC ratings apart and refuses lists of different ratings', () => {
    // 24389, 24630
    expect(map(['Voltage(ac)', { format: '${default}', primary: 'default', values: { default: ['275V', 'string'] } }], 'Polypropylene Film Capacitors (CBB)')).toEqual([{ key: 'ratedVoltageAc', value: 275, unit: 'V' }]);
    expect(map(['Voltage(ac)', { format: '${default}', primary: 'default', values: { default: ['250V, 400V', 'string'] } }], 'Safety Capacitors')).toEqual([]);
    // 107228, 199795
    expect(map(['Voltage-supply(max)', { format: '${default}', primary: 'default', values: { default: ['200V', 'string'] } }], CHIP_R)).toEqual([{ key: 'maxWorkingVoltage', value: 200, unit: 'V' }]);
    expect(map(['Overload voltage (max)', { format: '${default}', primary: 'default', values: { default: ['400V', 'string'] } }], CHIP_R)).toEqual([{ key: 'overloadVoltage', value: 400, unit: 'V' }]);
    // 202403: a network of two values is not one resistance
    expect(map(['Resistance', { format: '${default}', primary: 'default', values: { default: ['1kΩ, 5kΩ', 'string'] } }], 'Resistor Networks & Arrays')).toEqual([]);
  });

  it('reads string quantities with SI prefixes and conditions', () => {
    // 105018, 18475 (hours → s), 76664
    expect(map(['Current - saturation(isat)', { format: '${default}', primary: 'default', values: { default: ['3A', 'string'] } }], 'Power Inductors')).toEqual([{ key: 'saturationCurrent', value: 3, unit: 'A' }]);
    expect(map(['Lifetime', { format: '${default}', primary: 'default', values: { default: ['2000hrs@105℃', 'string'] } }], 'Aluminum Electrolytic Capacitors - Leaded')).toEqual([{ key: 'lifetime', value: 7_200_000, unit: 's' }]);
    expect(map(['Load capacitance', { format: '${default}', primary: 'default', values: { default: ['20pF', 'string'] } }], 'Crystals')).toEqual([{ key: 'loadCapacitance', value: 2e-11, unit: 'F' }]);
  });
});

describe('semiconductors', () => {
  it('takes Rds(on) at the highest gate voltage, with that voltage', () => {
    // 29917, 230781, 48843
    expect(map(['Rds(on)', { format: '${default}', primary: 'default', values: { default: ['9.1mΩ@4.5V', 'string'] } }], MOSFET)).toEqual([
      { key: 'onResistance', value: 0.0091, unit: 'Ω' },
      { key: 'onResistanceVgs', value: 4.5, unit: 'V' },
    ]);
    expect(map(['Rds(on)', { format: '${default}', primary: 'default', values: { default: ['33mΩ@4.5V, 30mΩ@10V', 'string'] } }], MOSFET)).toEqual([
      { key: 'onResistance', value: 0.03, unit: 'Ω' },
      { key: 'onResistanceVgs', value: 10, unit: 'V' },
    ]);
    expect(map(['Drain source on resistance (rds(on)@vgs,id)', { format: '${Rds} @ ${Vgs}, ${Id}', primary: 'Rds', values: { Id: [2.5, 'current'], Rds: [2.0, 'resistance'], Vgs: [10.0, 'voltage'] } }], MOSFET)).toEqual([
      { key: 'onResistance', value: 2, unit: 'Ω' },
      { key: 'onResistanceVgs', value: 10, unit: 'V' },
    ]);
    // 159898: two transistors at the same Vgs (0.99 Ω and 1.9 Ω) are not one value
    expect(
      map(
        [
          'Drain source on resistance (rds(on)@vgs,id)',
          {
            format: '${Rds 1} @ ${Vgs 1}, ${Id 1}; ${Rds 2} @ ${Vgs 2}, ${Id 2}',
            primary: 'Rds 1',
            values: { 'Id 1': [0.1, 'current'], 'Id 2': [0.1, 'current'], 'Rds 1': [0.99, 'resistance'], 'Rds 2': [1.9, 'resistance'], 'Vgs 1': [4.5, 'voltage'], 'Vgs 2': [4.5, 'voltage'] },
          },
        ],
        MOSFET,
      ),
    ).toEqual([]);
  });

  it('reads gate threshold, polarity and counts', () => {
    // 48859
    expect(map(['Gate threshold voltage (vgs(th)@id)', { default: 'Vgs', format: '${Vgs} @ ${Id}', values: { Id: ['NaN', 'current'], Vgs: [2.5, 'voltage'] } } as JlcAttributeEntry[1]], MOSFET)).toEqual([{ key: 'gateThresholdVoltage', value: 2.5, unit: 'V' }]);
    // 6988, 29931
    expect(map(['Number', { format: '${default}', primary: 'default', values: { default: ['1 N-channel', 'string'] } }], MOSFET)).toEqual([
      { key: 'transistorPolarity', text: 'N-Channel' },
      { key: 'elementCount', value: 1 },
    ]);
    expect(map(['Number', { format: '${default}', primary: 'default', values: { default: ['2 N-Channel', 'string'] } }], MOSFET)).toEqual([
      { key: 'transistorPolarity', text: 'N-Channel' },
      { key: 'elementCount', value: 2 },
    ]);
  });

  it("maps 'Type' by subcategory", () => {
    // 4382: polarity on a transistor, the LCSC type text elsewhere
    const npn: JlcAttributeEntry = ['Type', { format: '${default}', primary: 'default', values: { default: ['NPN', 'string'] } }];
    expect(map(npn, 'Bipolar Transistors - BJT')).toEqual([{ key: 'transistorPolarity', text: 'NPN' }]);
    expect(map(npn, 'Audio Power OpAmps')).toEqual([{ key: 'type', text: 'NPN' }]);
    // 23316
    expect(map(['Type', { format: '${default}', primary: 'default', values: { default: ['Thick Film Resistor', 'string'] } }], CHIP_R)).toEqual([{ key: 'type', text: 'Thick Film Resistor' }]);
  });

  it('reads hFE, Vf, zener and TVS figures', () => {
    // 106046, 106057
    expect(map(['Dc current gain (hfe@ic,vce)', { format: '${default}', primary: 'default', values: { default: ['100@10mA,1V', 'string'] } }], 'Bipolar Transistors - BJT')).toEqual([{ key: 'hfe', value: 100 }]);
    expect(map(['Dc current gain', { format: '${default}', primary: 'default', values: { default: ['100', 'string'] } }], 'Bipolar Transistors - BJT')).toEqual([{ key: 'hfe', value: 100 }]);
    // 134659: a Vf window, 106691: the same as text
    expect(map(['Vf - forward voltage', { default: 'Vmin', format: '${Vmin} ~ ${Vmax}', values: { Vmax: [2.1, 'voltage'], Vmin: [1.4, 'voltage'] } } as JlcAttributeEntry[1]], 'Infrared (IR) LEDs')).toEqual([
      { key: 'forwardVoltageMin', value: 1.4, unit: 'V' },
      { key: 'forwardVoltageMax', value: 2.1, unit: 'V' },
    ]);
    expect(map(['Voltage - forward(vf)', { format: '${default}', primary: 'default', values: { default: ['1.8V~2.4V', 'string'] } }], 'Light Emitting Diodes (LED)')).toEqual([
      { key: 'forwardVoltageMin', value: 1.8, unit: 'V' },
      { key: 'forwardVoltageMax', value: 2.4, unit: 'V' },
    ]);
    // 90865, 90864
    expect(map(['Zener voltage (nom)', { format: '${default}', primary: 'default', values: { default: ['5.1V', 'string'] } }], 'Zener Diodes')).toEqual([{ key: 'zenerVoltage', value: 5.1, unit: 'V' }]);
    expect(map(['Zener voltage (range)', { format: '${default}', primary: 'default', values: { default: ['4.8V~5.4V', 'string'] } }], 'Zener Diodes')).toEqual([
      { key: 'zenerVoltageMin', value: 4.8, unit: 'V' },
      { key: 'zenerVoltageMax', value: 5.4, unit: 'V' },
    ]);
    // 26448, 26443, 26459, 32950
    expect(map(['Reverse stand-off voltage (vrwm)', { format: '${default}', primary: 'default', values: { default: ['5V', 'string'] } }], 'TVS')).toEqual([{ key: 'reverseStandoffVoltage', value: 5, unit: 'V' }]);
    expect(map(['Clamping voltage', { format: '${voltage}', primary: 'voltage', values: { voltage: [12.3, 'voltage'] } }], 'TVS')).toEqual([{ key: 'clampingVoltage', value: 12.3, unit: 'V' }]);
    expect(map(['Peak pulse power dissipation (ppp)', { format: '${default}', primary: 'default', values: { default: ['600W@10/1000us', 'string'] } }], 'TVS')).toEqual([{ key: 'peakPulsePower', value: 600, unit: 'W' }]);
    expect(map(['Polarity', { format: '${default}', primary: 'default', values: { default: ['Bi-Directional', 'string'] } }], 'ESD Protection Devices')).toEqual([{ key: 'polarity', text: 'Bidirectional' }]);
  });
});

describe('supplies, regulators, temperatures', () => {
  it('reads supply ranges; the input range of regulators', () => {
    // 6
    expect(map(['Voltage - supply', { format: '${default}', primary: 'default', values: { default: ['4.75V~5.25V', 'string'] } }], 'ADC/DAC - Specialized')).toEqual([
      { key: 'supplyVoltageMin', value: 4.75, unit: 'V' },
      { key: 'supplyVoltageMax', value: 5.25, unit: 'V' },
    ]);
    // 26: the same attribute on an LDO is its input range
    expect(map(['Voltage - supply', { format: '${default}', primary: 'default', values: { default: ['2.7V~5.5V', 'string'] } }], LDO)).toEqual([
      { key: 'inputVoltageMin', value: 2.7, unit: 'V' },
      { key: 'inputVoltageMax', value: 5.5, unit: 'V' },
    ]);
  });

  it('reads a single supply value per subcategory', () => {
    // 48827: an LDO's single 'Voltage - supply' is its maximum input
    expect(map(['Voltage - supply', { format: '${default}', primary: 'default', values: { default: ['5.5V', 'string'] } }], LDO)).toEqual([{ key: 'inputVoltageMax', value: 5.5, unit: 'V' }]);
    // 107: an oscillator's is its nominal supply; in a mixed subcategory it is left out
    const v33: JlcAttributeEntry = ['Voltage - supply', { format: '${default}', primary: 'default', values: { default: ['3.3V', 'string'] } }];
    expect(map(v33, 'Oscillators')).toEqual([
      { key: 'supplyVoltageMin', value: 3.3, unit: 'V' },
      { key: 'supplyVoltageMax', value: 3.3, unit: 'V' },
    ]);
    expect(map(v33, 'Pre-ordered Chips')).toEqual([]);
    // 2039: a list of supported supplies is not a range
    expect(map(['Voltage - supply', { format: '${default}', primary: 'default', values: { default: ['3.3V, 1.8V', 'string'] } }], 'Analog To Digital Converters (ADCs)')).toEqual([]);
  });

  it('reads regulator figures', () => {
    // 48966, 105353, 30, 48825
    expect(map(['Output voltage', { format: '${voltage}', primary: 'voltage', values: { voltage: [3.3, 'voltage'] } }], LDO)).toEqual([{ key: 'outputVoltage', value: 3.3, unit: 'V' }]);
    expect(map(['Voltage dropout', { format: '${default}', primary: 'default', values: { default: ['2V@(1A)', 'string'] } }], LDO)).toEqual([{ key: 'dropoutVoltage', value: 2, unit: 'V' }]);
    expect(map(['Quiescent current (iq)', { format: '${default}', primary: 'default', values: { default: ['6000uA', 'string'] } }], 'ADC/DAC - Specialized')).toEqual([{ key: 'quiescentCurrent', value: 0.006, unit: 'A' }]);
    const fixed: JlcAttributeEntry = ['Output type', { format: '${default}', primary: 'default', values: { default: ['Fixed', 'string'] } }];
    expect(map(fixed, LDO)).toEqual([{ key: 'outputVoltageType', text: 'Fixed' }]);
    expect(map(fixed, 'Oscillators')).toEqual([{ key: 'outputType', text: 'Fixed' }]);
    // 8159
    expect(map(['Output current', { format: '${current}', primary: 'current', values: { current: [0.5, 'current'] } }], 'Operational Amplifier')).toEqual([{ key: 'outputCurrent', value: 0.5, unit: 'A' }]);
  });

  it('reads switching frequencies, single or adjustable', () => {
    // 164000: 'Frequency' of a power module is its switching frequency
    expect(map(['Frequency', { format: '${default}', primary: 'default', values: { default: ['200kHz~340kHz', 'string'] } }], 'Power Modules')).toEqual([
      { key: 'switchingFrequencyMin', value: 200_000, unit: 'Hz' },
      { key: 'switchingFrequencyMax', value: 340_000, unit: 'Hz' },
    ]);
    // 95540
    expect(map(['Frequency - switching', { format: '${default}', primary: 'default', values: { default: ['200kHz~2.2MHz', 'string'] } }], 'LED Drivers')).toEqual([
      { key: 'switchingFrequencyMin', value: 200_000, unit: 'Hz' },
      { key: 'switchingFrequencyMax', value: 2_200_000, unit: 'Hz' },
    ]);
  });

  it('reads operating temperature ranges, not single limits', () => {
    // 0, 121786 (a remark in parentheses), 32545 (a junction limit alone)
    expect(map(['Operating temperature', { format: '${default}', primary: 'default', values: { default: ['-40℃~+125℃', 'string'] } }], 'ADC/DAC - Specialized')).toEqual([
      { key: 'operatingTempMin', value: -40, unit: '°C' },
      { key: 'operatingTempMax', value: 125, unit: '°C' },
    ]);
    expect(map(['Working temperature', { format: '${default}', primary: 'default', values: { default: ['-40°C ~ 85°C (derating)', 'string'] } }], 'Power Modules')).toEqual([
      { key: 'operatingTempMin', value: -40, unit: '°C' },
      { key: 'operatingTempMax', value: 85, unit: '°C' },
    ]);
    expect(map(['Operating temperature', { format: '${default}', primary: 'default', values: { default: ['+150℃@(Tj)', 'string'] } }], 'ESD Protection Devices')).toEqual([]);
  });
});

describe('crystals, MCUs, converters, op-amps', () => {
  it('reads crystal frequency and stability (ppb converted)', () => {
    // 76607, 76630, 77698
    expect(map(['Frequency', { format: '${default}', primary: 'default', values: { default: ['25MHz', 'string'] } }], 'Crystals')).toEqual([{ key: 'frequency', value: 25_000_000, unit: 'Hz' }]);
    expect(map(['Frequency stability', { format: '${default}', primary: 'default', values: { default: ['±30ppm', 'string'] } }], 'Crystals')).toEqual([{ key: 'frequencyStability', value: 30, unit: 'ppm' }]);
    expect(map(['Frequency stability', { format: '${default}', primary: 'default', values: { default: ['±500ppb', 'string'] } }], 'Temperature Compensated Crystal Oscillators (TCXOs)')).toEqual([{ key: 'frequencyStability', value: 0.5, unit: 'ppm' }]);
  });

  it('reads MCU memories in bytes, core, clock and I/O', () => {
    const MCU = 'Microcontroller Units (MCUs/MPUs/SOCs)';
    // 97271, 94110, 98550, 98504, 99169, 97676
    expect(map(['Program storage size', { format: '${default}', primary: 'default', values: { default: ['64KB', 'string'] } }], MCU)).toEqual([{ key: 'flashSize', value: 65536, unit: 'B' }]);
    expect(map(['Ram size', { format: '${default}', primary: 'default', values: { default: ['8KB', 'string'] } }], MCU)).toEqual([{ key: 'ramSize', value: 8192, unit: 'B' }]);
    expect(map(['Eeprom', { format: '${default}', primary: 'default', values: { default: ['256Byte', 'string'] } }], MCU)).toEqual([{ key: 'eepromSize', value: 256, unit: 'B' }]);
    expect(map(['Cpu core', { format: '${default}', primary: 'default', values: { default: ['ARM Cortex-M4', 'string'] } }], MCU)).toEqual([{ key: 'core', text: 'ARM Cortex-M4' }]);
    expect(map(['Cpu maximum speed', { format: '${default}', primary: 'default', values: { default: ['72MHz', 'string'] } }], MCU)).toEqual([{ key: 'maxFrequency', value: 72_000_000, unit: 'Hz' }]);
    expect(map(['Number of i/o', { format: '${default}', primary: 'default', values: { default: ['37', 'string'] } }], MCU)).toEqual([{ key: 'gpioCount', value: 37 }]);
    // 97795: 'Others' says nothing; 98415: two word sizes are not one
    expect(map(['Cpu core', { format: '${default}', primary: 'default', values: { default: ['Others', 'string'] } }], MCU)).toEqual([]);
    expect(map(['Core size', { format: '${default}', primary: 'default', values: { default: ['16/32 Bit', 'string'] } }], MCU)).toEqual([]);
    // 44571: memory chips in bits
    expect(map(['Memory size', { format: '${default}', primary: 'default', values: { default: ['64Kbit', 'string'] } }], 'EEPROM')).toEqual([{ key: 'memorySize', value: 65536, unit: 'bit' }]);
  });

  it('reads converter resolution (the largest of a list), sample rate and interface', () => {
    const ADC = 'Analog To Digital Converters (ADCs)';
    // 1218, 4, 5
    expect(map(['Resolution', { format: '${default}', primary: 'default', values: { default: ['16-Bit', 'string'] } }], ADC)).toEqual([{ key: 'resolution', value: 16, unit: 'bit' }]);
    expect(map(['Resolution', { format: '${default}', primary: 'default', values: { default: ['10;12;14;16', 'string'] } }], 'ADC/DAC - Specialized')).toEqual([{ key: 'resolution', value: 16, unit: 'bit' }]);
    expect(map(['Resolution (bits)', { format: '${default}', primary: 'default', values: { default: ['12, 16, 10, 14', 'string'] } }], 'ADC/DAC - Specialized')).toEqual([{ key: 'resolution', value: 16, unit: 'bit' }]);
    // 936: 1 MHz sampling is 1 MSPS
    expect(map(['Sampling rate', { format: '${default}', primary: 'default', values: { default: ['1MHz', 'string'] } }], ADC)).toEqual([{ key: 'sampleRate', value: 1_000_000, unit: 'SPS' }]);
    // 38: a bus on a converter; on an RF connector 'Interface' is the centre contact
    const spi: JlcAttributeEntry = ['Interface', { format: '${default}', primary: 'default', values: { default: ['SPI', 'string'] } }];
    expect(map(spi, 'ADC/DAC - Specialized')).toEqual([{ key: 'interface', text: 'SPI' }]);
    expect(map(spi, 'RF Connectors / Coaxial Connectors')).toEqual([]);
    // 207: the name states the unit of a bare isolation voltage
    expect(map(['Isolation voltage(vrms)', { format: '${default}', primary: 'default', values: { default: ['5000', 'string'] } }], 'Digital Isolators')).toEqual([{ key: 'isolationVoltage', value: 5000, unit: 'V' }]);
  });

  it('reads op-amp figures into SI units', () => {
    // 7082 (V/ms), 149961 (V/µs), 6169, 7040, 4603, 4541
    expect(map(['Slew rate', { format: '${default}', primary: 'default', values: { default: ['500V/ms', 'string'] } }], 'Operational Amplifier')).toEqual([{ key: 'slewRate', value: 500_000, unit: 'V/s' }]);
    expect(map(['Slew rate', { format: '${default}', primary: 'default', values: { default: ['0.0000005V/us', 'string'] } }], 'Operational Amplifier')).toEqual([{ key: 'slewRate', value: 0.5, unit: 'V/s' }]);
    expect(map(['Gain bandwidth product', { format: '${default}', primary: 'default', values: { default: ['1MHz', 'string'] } }], 'Operational Amplifier')).toEqual([{ key: 'gainBandwidth', value: 1_000_000, unit: 'Hz' }]);
    expect(map(['Input voltage noise density', { format: '${default}', primary: 'default', values: { default: ['40nV/√Hz@1kHz', 'string'] } }], 'Operational Amplifier')).toEqual([{ key: 'noiseDensity', value: 4e-8, unit: 'V/√Hz' }]);
    expect(map(['Vos - input offset voltage', { format: '${default}', primary: 'default', values: { default: ['3mV', 'string'] } }], 'Comparators')).toEqual([{ key: 'inputOffsetVoltage', value: 0.003, unit: 'V' }]);
    expect(map(['Number of channels', { format: '${default}', primary: 'default', values: { default: ['Four channels', 'string'] } }], 'Comparators')).toEqual([{ key: 'channels', value: 4 }]);
    // 128224: the comma inside the condition '@5V,50pF' is not a list
    expect(map(['Propagation delay', { format: '${default}', primary: 'default', values: { default: ['7.5ns@5V,50pF', 'string'] } }], 'Gates')).toEqual([{ key: 'propagationDelay', value: 7.5e-9, unit: 's' }]);
  });
});

describe('connectors, switches, LEDs, relays', () => {
  it('reads pitch in metres and pin structures', () => {
    // 26283, 51810, 50655, 60106
    expect(map(['Pitch', { format: '${default}', primary: 'default', values: { default: ['2.54mm', 'string'] } }], 'Pin Headers')).toEqual([{ key: 'pitch', value: 0.00254, unit: 'm' }]);
    expect(map(['Pin structure', { format: '${default}', primary: 'default', values: { default: ['2x20P', 'string'] } }], 'Automobile Connectors')).toEqual([
      { key: 'rowCount', value: 2 },
      { key: 'pinsPerRow', value: 20 },
      { key: 'pinCount', value: 40 },
    ]);
    expect(map(['Number of rows', { format: '${default}', primary: 'default', values: { default: ['2', 'string'] } }], 'AC/DC Power Connectors')).toEqual([{ key: 'rowCount', value: 2 }]);
    expect(map(['Number of rows', { format: '${default}', primary: 'default', values: { default: ['Double Row', 'string'] } }], 'Female Headers')).toEqual([{ key: 'rowCount', value: 2 }]);
  });

  it('keeps connector texts short and normalised', () => {
    // 50711, 50557, 67091, 51381, 61396
    expect(map(['Contact plating', { format: '${default}', primary: 'default', values: { default: ['Gold', 'string'] } }], 'USB Connectors')).toEqual([{ key: 'contactPlating', text: 'Gold' }]);
    expect(map(['Mounting type', { format: '${default}', primary: 'default', values: { default: ['Surface Mount,Vertical', 'string'] } }], 'AC/DC Power Connectors')).toEqual([{ key: 'mounting', text: 'Surface Mount,Vertical' }]);
    expect(map(['Gender', { format: '${default}', primary: 'default', values: { default: ['Male pin', 'string'] } }], 'Pre-ordered Connectors')).toEqual([{ key: 'gender', text: 'Male' }]);
    expect(map(['Color', { format: '${default}', primary: 'default', values: { default: ['Black', 'string'] } }], 'Automobile Connectors')).toEqual([{ key: 'color', text: 'Black' }]);
    expect(map(['Wire gauge - awg', { format: '${default}', primary: 'default', values: { default: ['16~28', 'string'] } }], 'Housing Contact')).toEqual([
      { key: 'wireGaugeAwgMin', value: 16 },
      { key: 'wireGaugeAwgMax', value: 28 },
    ]);
  });

  it('reads switch and relay ratings', () => {
    // 68576, 132388 (万 = 10,000), 212288 (gram-force → N), 159960
    expect(map(['Life', { format: '${default}', primary: 'default', values: { default: ['100,000 cycles', 'string'] } }], 'Tactile Switches')).toEqual([{ key: 'lifeCycles', value: 100_000 }]);
    expect(map(['Mechanical life', { format: '${default}', primary: 'default', values: { default: ['1万次', 'string'] } }], 'Microswitches')).toEqual([{ key: 'lifeCycles', value: 10_000 }]);
    expect(map(['Operating force', { format: '${default}', primary: 'default', values: { default: ['98gf', 'string'] } }], 'Push Switches')).toEqual([{ key: 'operatingForce', value: 0.9610517, unit: 'N' }]);
    expect(map(['Switching voltage(max)', { format: '${default}', primary: 'default', values: { default: ['277V@AC, 30V@DC', 'string'] } }], 'Power Relays')).toEqual([
      { key: 'ratedVoltageAc', value: 277, unit: 'V' },
      { key: 'ratedVoltage', value: 30, unit: 'V' },
    ]);
  });

  it('reads LED colour, wavelength bins and intensity in candela', () => {
    // 94367, 110909, 108007
    expect(map(['Illumination color', { format: '${default}', primary: 'default', values: { default: ['Red', 'string'] } }], 'Light Emitting Diodes (LED)')).toEqual([{ key: 'color', text: 'Red' }]);
    expect(map(['Wavelength - dominant', { format: '${default}', primary: 'default', values: { default: ['620nm~630nm', 'string'] } }], 'Light Emitting Diodes (LED)')).toEqual([
      { key: 'wavelengthMin', value: 6.2e-7, unit: 'm' },
      { key: 'wavelengthMax', value: 6.3e-7, unit: 'm' },
    ]);
    expect(map(['Luminous intensity', { format: '${default}', primary: 'default', values: { default: ['200mcd', 'string'] } }], 'Light Emitting Diodes (LED)')).toEqual([{ key: 'luminousIntensity', value: 0.2, unit: 'cd' }]);
    // 151892: three colours' powers are not one power
    expect(map(['Power', { format: '${default}', primary: 'default', values: { default: ['R:50mW, G:70mW, B:70mW', 'string'] } }], 'Light Emitting Diodes (LED)')).toEqual([]);
  });

  it('separates RF dBm figures from watts', () => {
    // 3671 (per channel), 104452, 129763
    expect(map(['Output power', { format: '${default}', primary: 'default', values: { default: ['1Wx1@8Ω', 'string'] } }], 'Audio Power OpAmps')).toEqual([{ key: 'outputPower', value: 1, unit: 'W' }]);
    expect(map(['Output power', { format: '${default}', primary: 'default', values: { default: ['20dBm', 'string'] } }], 'RF Modules')).toEqual([{ key: 'rfOutputPower', value: 20, unit: 'dBm' }]);
    expect(map(['Sensitivity', { format: '${default}', primary: 'default', values: { default: ['-97dBm', 'string'] } }], 'Bluetooth Modules')).toEqual([{ key: 'receiveSensitivity', value: -97, unit: 'dBm' }]);
  });
});

describe('missing and malformed values', () => {
  it("leaves 'NaN' numbers out", () => {
    // 104061, 20360, 15103, 50657, 71830 (two currents, both NaN)
    expect(map(['Resistance', { format: '${resistance}', primary: 'resistance', values: { resistance: ['NaN', 'resistance'] } }], CHIP_R)).toEqual([]);
    expect(map(['Capacitance', { format: '${capacitance}', primary: 'capacitance', values: { capacitance: ['NaN', 'capacitance'] } }], 'Aluminum Electrolytic Capacitors - Leaded')).toEqual([]);
    expect(map(['Allowable voltage', { format: '${voltage}', primary: 'voltage', values: { voltage: ['NaN', 'voltage'] } }], 'Buzzers')).toEqual([]);
    expect(map(['Number of pins', { default: 'count', format: '${count}', values: { count: ['NaN', 'count'] } } as JlcAttributeEntry[1]], 'AC/DC Power Connectors')).toEqual([]);
    expect(map(['Rated current', { format: 'current, current2', primary: 'current', values: { current: ['NaN', 'current'], current2: ['NaN', 'current'] } }], 'USB Connectors')).toEqual([]);
  });

  it("leaves '-', '' and 'null' out", () => {
    // 17924, 7016, 48867
    expect(map(['Tolerance', { format: '${default}', primary: 'default', values: { default: ['-', 'string'] } }], 'Ferrite Beads')).toEqual([]);
    expect(map(['Number of circuits', { format: '${default}', primary: 'default', values: { default: ['null', 'string'] } }], 'Operational Amplifier')).toEqual([]);
    expect(map(['Type', { format: '${default}', primary: 'default', values: { default: ['null', 'string'] } }], CHIP_R)).toEqual([]);
    // 2508 with its value blanked ('' occurs in the snapshot only under 'Manufacturer', index 23050)
    expect(map(['Tolerance', { format: '${default}', primary: 'default', values: { default: ['', 'string'] } }], CHIP_R)).toEqual([]);
    expect(map(['Manufacturer', { format: '${default}', primary: 'default', values: { default: ['', 'string'] } }], CHIP_R)).toEqual([]);
  });

  it('refuses nonsense and numbers without their unit', () => {
    // 197519: a current in a voltage field; 111109: a pitch without unit; 76373: 'M' is no unit
    expect(map(['Maximum switching voltage', { format: '${default}', primary: 'default', values: { default: ['35A', 'string'] } }], 'Power Relays')).toEqual([]);
    expect(map(['Pitch', { format: '${default}', primary: 'default', values: { default: ['0.5', 'string'] } }], 'FFC/FPC Connectors')).toEqual([]);
    expect(map(['Length', { format: '${default}', primary: 'default', values: { default: ['400M', 'string'] } }], 'Heat Shrink Tubing')).toEqual([]);
    // 45325: 'mbps' would be millibits per second; 96924: not a count
    expect(map(['Data rate', { format: '${default}', primary: 'default', values: { default: ['1mbps', 'string'] } }], 'RS-485/RS-422 ICs')).toEqual([]);
    expect(map(['Number of channels', { format: '${default}', primary: 'default', values: { default: ['Single port', 'string'] } }], 'Comparators')).toEqual([]);
    // 24630 and 2039 above: lists of different values; 16238: an unmapped name is empty
    expect(map(['Features', { format: '${default}', primary: 'default', values: { default: ['Short Circuit Protection', 'string'] } }], 'LED Drivers')).toEqual([]);
  });

  it("ignores the attributes the caller handles and the shop's own fields", () => {
    // 32, 2861, 18, 16
    expect(map(['Manufacturer', { format: '${default}', primary: 'default', values: { default: ['Texas Instruments', 'string'] } }], 'ADC/DAC - Specialized')).toEqual([]);
    expect(map(['Package', { format: '${default}', primary: 'default', values: { default: ['SOT-23', 'string'] } }], 'Digital To Analog Converters (DACs)')).toEqual([]);
    expect(map(['Mpn', { format: '${default}', primary: 'default', values: { default: ['DRV411AIRGPR', 'string'] } }], 'ADC/DAC - Specialized')).toEqual([]);
    expect(
      map(['Category', { format: '${default}', primary: 'default', values: { default: [{ id1: 601, id2: 11295, name1: 'ADC/DAC/Data Conversion', name2: 'ADC/DAC - Specialized' }, 'string'] } } as unknown as JlcAttributeEntry[1]], 'ADC/DAC - Specialized'),
    ).toEqual([]);
  });

  it('survives entries that are not entries', () => {
    const bad = [null, undefined, 42, 'Resistance', [], ['Resistance'], ['Resistance', null], ['Resistance', {}], ['Resistance', { values: null }], [7, { values: {} }], ['Resistance', { values: { resistance: ['abc', 'resistance'] } }], ['Tolerance', { values: { default: [{}, 'string'] } }]];
    for (const b of bad) expect(paramsOfAttribute(b as unknown as JlcAttributeEntry, CHIP_R)).toEqual([]);
  });
});

describe('caching', () => {
  it('returns the same frozen result for the same entry and subcategory', () => {
    const entry: JlcAttributeEntry = ['Resistance', { format: '${resistance}', primary: 'resistance', values: { resistance: [4700.0, 'resistance'] } }];
    const a = paramsOfAttribute(entry, CHIP_R);
    expect(paramsOfAttribute(entry, 'Through Hole Resistors')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a[0])).toBe(true);
  });

  it('keeps subcategory-dependent results apart', () => {
    const entry: JlcAttributeEntry = ['Voltage - supply', { format: '${default}', primary: 'default', values: { default: ['2.7V~5.5V', 'string'] } }];
    expect(paramsOfAttribute(entry, LDO).map((p) => p.key)).toEqual(['inputVoltageMin', 'inputVoltageMax']);
    expect(paramsOfAttribute(entry, 'EEPROM').map((p) => p.key)).toEqual(['supplyVoltageMin', 'supplyVoltageMax']);
    expect(paramsOfAttribute(entry, LDO).map((p) => p.key)).toEqual(['inputVoltageMin', 'inputVoltageMax']);
  });
});
