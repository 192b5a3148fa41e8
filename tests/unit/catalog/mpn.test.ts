import { describe, expect, it } from 'vitest';
import { MPN_SUFFIX_RULES, kicadWildcardPattern, looksLikePartNumber, matchesFamily, normalizeMpn } from '../../../src/lib/catalog/mpn.ts';

describe('normalizeMpn', () => {
  it.each([
    // Orderable codes that must survive intact (apart from separators).
    ['STM32F103C8T6', 'STM32F103C8T6'],
    ['LM358DR', 'LM358DR'], // TI: 'DR' = SOIC, reel — part of the orderable MPN
    ['NE555P', 'NE555P'],
    ['IRF540NPBF', 'IRF540NPBF'], // Infineon's own orderable code contains PBF
    ['GRM188R71H104KA93D', 'GRM188R71H104KA93D'],
    ['CL10B104KB8NNNC', 'CL10B104KB8NNNC'],
    ['LIS3DHTR', 'LIS3DHTR'], // bare TR without a separator is kept
    ['ATMEGA328P-AU', 'ATMEGA328PAU'],
    ['AMS1117-3.3', 'AMS111733'],
    ['RC0603FR-0710KL', 'RC0603FR0710KL'], // Yageo's '-07' reel code is part of the number
    ['MCP6002-I/SN', 'MCP6002ISN'], // Microchip '/SN' is the package code
    // Packaging / distributor suffixes.
    ['IRLZ44N#PBF', 'IRLZ44N'],
    ['LT1763CS8-3.3#TRPBF', 'LT1763CS833'],
    ['LTC3405ES6#TR', 'LTC3405ES6'],
    ['74HC595D,118', '74HC595D'],
    ['BC847B,215', 'BC847B'],
    ['296-1395-5-ND', '29613955'],
    ['AD8605ARTZ-REEL7', 'AD8605ARTZ'],
    ['AD8605ARTZ-REEL', 'AD8605ARTZ'],
    ['BAT54S/R7', 'BAT54S'],
    ['MIC5205-3.3YM5-TR', 'MIC520533YM5'],
    ['MAX3232ECSE+T', 'MAX3232ECSE'],
    ['MAX232CPE+', 'MAX232CPE'],
    // Case, spaces, punctuation, full-width forms.
    ['  stm32f103c8t6 ', 'STM32F103C8T6'],
    ['esp32_wroom_32', 'ESP32WROOM32'],
    ['ＳＴＭ３２', 'STM32'],
  ])('%s → %s', (input, key) => {
    expect(normalizeMpn(input)).toBe(key);
  });

  it('never strips a suffix down to nothing and handles bad input', () => {
    expect(normalizeMpn('-ND')).toBe('ND');
    expect(normalizeMpn('')).toBe('');
    expect(normalizeMpn('  -./ ')).toBe('');
    expect(normalizeMpn(undefined as unknown as string)).toBe('');
    expect(normalizeMpn(123 as unknown as string)).toBe('');
  });

  it('documents every suffix rule', () => {
    for (const rule of MPN_SUFFIX_RULES) {
      expect(rule.why.length).toBeGreaterThan(10);
      expect(rule.re.source.endsWith('$')).toBe(true);
    }
  });
});

describe('kicadWildcardPattern / matchesFamily', () => {
  it('treats lower-case x as an ordering wildcard', () => {
    const p = kicadWildcardPattern('STM32F103C8Tx');
    expect(p.hasWildcard).toBe(true);
    expect(p.prefix).toBe('STM32F103C8T');
    expect(p.like).toBe('STM32F103C8T_%');
    expect(p.regex.test('STM32F103C8T6')).toBe(true);
    expect(matchesFamily('STM32F103C8T6', 'STM32F103C8Tx')).toBe(true);
    expect(matchesFamily('STM32F103C8T7', 'STM32F103C8Tx')).toBe(true);
    expect(matchesFamily('stm32f103c8t6', 'STM32F103C8Tx')).toBe(true);
    expect(matchesFamily('STM32F103CBT6', 'STM32F103C8Tx')).toBe(false);
    expect(matchesFamily('STM32F103C8', 'STM32F103C8Tx')).toBe(false);
    expect(matchesFamily('STM32F103C8T6XYZ', 'STM32F103C8Tx')).toBe(false);
  });

  it('matches names without wildcards exactly, ignoring case and separators', () => {
    expect(kicadWildcardPattern('ATmega328P-AU').hasWildcard).toBe(false);
    expect(matchesFamily('ATMEGA328P-AU', 'ATmega328P-AU')).toBe(true);
    expect(matchesFamily('ATmega328P-AUR', 'ATmega328P-AU')).toBe(false);
    expect(matchesFamily('ESP32-WROOM-32', 'ESP32-WROOM-32')).toBe(true);
    expect(matchesFamily('ESP32-WROOM-32D', 'ESP32-WROOM-32')).toBe(false);
  });

  it('keeps the x of ATxmega and similar words literal', () => {
    const p = kicadWildcardPattern('ATxmega128A1-AU');
    expect(p.hasWildcard).toBe(false);
    expect(matchesFamily('ATXMEGA128A1-AU', 'ATxmega128A1-AU')).toBe(true);
    expect(kicadWildcardPattern('DG417LDJ_Maxim').hasWildcard).toBe(false);
  });

  it('handles multi-character and Microchip-style wildcards', () => {
    expect(matchesFamily('nRF52832-QFAA', 'nRF52832-QFxx')).toBe(true);
    expect(matchesFamily('MCP6002-I/SN', 'MCP6002-xSN')).toBe(true);
    expect(matchesFamily('MCP6002-E/SN', 'MCP6002-xSN')).toBe(true);
    expect(matchesFamily('MCP6002-I/P', 'MCP6002-xSN')).toBe(false);
    // Optional tape-and-reel 'T' before the dash.
    expect(matchesFamily('MCP1700T-3302E/TT', 'MCP1700x-330xxTT')).toBe(true);
    expect(matchesFamily('MCP1700-3302E/TO', 'MCP1700x-330xxTO')).toBe(true);
    // Two-digit speed grade.
    expect(matchesFamily('ATF1502AS-10AU44', 'ATF1502AS-xAx44')).toBe(true);
    expect(matchesFamily('1.5KE6V8A', '1.5KExxA')).toBe(true);
    expect(matchesFamily('1.5KE440A', '1.5KExxA')).toBe(true);
  });

  it('escapes and collapses the LIKE pattern', () => {
    expect(kicadWildcardPattern('MCP1700x-330xxTO').like).toBe('MCP1700%330__%TO');
    expect(kicadWildcardPattern('AT25xxx-MA').like).toBe('AT25___%MA');
  });

  it('rejects empty input', () => {
    expect(matchesFamily('', 'STM32F103C8Tx')).toBe(false);
    expect(matchesFamily('STM32F103C8T6', '')).toBe(false);
    expect(matchesFamily('STM32F103C8T6', undefined as unknown as string)).toBe(false);
  });
});

describe('looksLikePartNumber', () => {
  it.each([
    ['STM32F103C8Tx', 'MCU_ST_STM32F1'],
    ['LM358', 'Amplifier_Operational'],
    ['ESP32-WROOM-32', 'RF_Module'],
    ['BSS138', 'Transistor_FET'],
    ['AMS1117-3.3', 'Regulator_Linear'],
    ['7400', '74xx_IEEE'],
    ['MMBZxx', 'Diode'],
    ['SW_MEC_5E', 'Switch'],
    ['RJ45_Amphenol_RJMG1BD3B8K1ANR', 'Connector'],
    ['Arduino_Leonardo', 'MCU_Module'],
  ])('%s in %s is a product', (name, lib) => {
    expect(looksLikePartNumber(name, lib)).toBe(true);
  });

  it.each([
    ['R', 'Device'],
    ['C_Small', 'Device'],
    ['Q_NPN_BEC', 'Device'],
    ['LED', 'Device'],
    ['Conn_01x04', 'Connector_Generic'],
    ['Conn_01x04_Male', 'Connector'],
    ['SW_Push', 'Switch'],
    ['SW_DIP_x08', 'Switch'],
    ['TestPoint', 'Connector'],
    ['USB_C_Receptacle', 'Connector'],
    ['RJ45_Shielded', 'Connector'],
    ['+3V3', 'power'],
    ['GND', 'power'],
    ['MountingHole', 'Mechanical'],
    ['Logo_Open_Hardware_Small', 'Graphic'],
    ['VSIN', 'Simulation_SPICE'],
    ['TRANSF1', 'Transformer'],
    ['Adafruit_Feather_Generic', 'MCU_Module'],
    ['', 'MCU_Module'],
    ['AB', 'MCU_Module'],
  ])('%s in %s is a template', (name, lib) => {
    expect(looksLikePartNumber(name, lib)).toBe(false);
  });

  it('rejects non-string input', () => {
    expect(looksLikePartNumber(undefined as unknown as string, 'Device')).toBe(false);
    expect(looksLikePartNumber('LM358', null as unknown as string)).toBe(false);
  });
});
