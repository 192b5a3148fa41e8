import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BRANDS,
  BRANDS_BY_KEY,
  brandFromDatasheetUrl,
  brandFromLibrary,
  brandFromLibraryAndSymbol,
  brandFromPartNumber,
  brandFromText,
  datasheetHost,
  resolveBrand,
} from '../../../src/lib/catalog/brands.ts';
import { looksLikePartNumber } from '../../../src/lib/catalog/mpn.ts';
import { KICAD_SYMBOLS, readKicadSymbols } from './kicad-symbol-text.ts';


describe('BRANDS table', () => {
  it('has unique keys, ISO country codes, https/http websites and names', () => {
    expect(BRANDS_BY_KEY.size).toBe(BRANDS.length);
    for (const b of BRANDS) {
      expect(b.key).toMatch(/^[a-z0-9-]+$/);
      expect(b.country).toMatch(/^[A-Z]{2}$/);
      expect(b.website).toMatch(/^https?:\/\/[a-z0-9.-]+\.[a-z]{2,}/);
      expect(b.nameEn.length).toBeGreaterThan(1);
      expect(b.nameZh.length).toBeGreaterThan(1);
      for (const d of b.domains) expect(d).toMatch(/^[a-z0-9.-]+\.[a-z]{2,}$/);
    }
  });

  it('gives the established Chinese names', () => {
    const zh = (k: string): string | undefined => BRANDS_BY_KEY.get(k)?.nameZh;
    expect(zh('st')).toBe('意法半导体');
    expect(zh('ti')).toBe('德州仪器');
    expect(zh('microchip')).toBe('微芯科技');
    expect(zh('nxp')).toBe('恩智浦');
    expect(zh('adi')).toBe('亚德诺');
    expect(zh('infineon')).toBe('英飞凌');
    expect(zh('renesas')).toBe('瑞萨');
    expect(zh('onsemi')).toBe('安森美');
    expect(zh('nexperia')).toBe('安世');
    expect(zh('espressif')).toBe('乐鑫');
    expect(zh('gigadevice')).toBe('兆易创新');
    expect(zh('wch')).toBe('沁恒');
    expect(zh('murata')).toBe('村田');
    expect(zh('samsung-em')).toBe('三星电机');
    expect(zh('yageo')).toBe('国巨');
    expect(zh('vishay')).toBe('威世');
    expect(zh('rohm')).toBe('罗姆');
    expect(zh('toshiba')).toBe('东芝');
    expect(zh('diodes')).toBe('美台');
    expect(zh('maxim')).toBe('美信');
    expect(zh('silabs')).toBe('芯科');
    expect(zh('nordic')).toBe('北欧半导体');
    expect(zh('bosch')).toBe('博世');
    // No established Chinese name: the English name is repeated, not invented.
    expect(zh('allegro')).toBe('Allegro');
    expect(BRANDS_BY_KEY.get('maxim')?.ownedBy).toBe('adi');
  });

  it('has no datasheet domain claimed by two brands', () => {
    const seen = new Map<string, string>();
    for (const b of BRANDS)
      for (const d of b.domains) {
        expect(seen.get(d), `${d} in ${b.key} and ${seen.get(d)}`).toBeUndefined();
        seen.set(d, b.key);
      }
  });
});

describe('brand clues', () => {
  it('reads vendor library names', () => {
    expect(brandFromLibrary('MCU_ST_STM32F1')).toBe('st');
    expect(brandFromLibrary('MCU_Microchip_PIC16')).toBe('microchip');
    expect(brandFromLibrary('MCU_Espressif')).toBe('espressif');
    expect(brandFromLibrary('MCU_NXP_LPC')).toBe('nxp');
    expect(brandFromLibrary('FPGA_Xilinx_Artix7')).toBe('xilinx');
    expect(brandFromLibrary('FPGA_Microsemi')).toBe('microchip');
    expect(brandFromLibrary('Regulator_Linear')).toBeNull();
    expect(brandFromLibrary('')).toBeNull();
  });

  it('reads datasheet hosts, including sub-domains, and ignores distributors', () => {
    expect(datasheetHost('http://www.st.com/resource/en/datasheet/stm32f103c8.pdf')).toBe('st.com');
    expect(datasheetHost('https://WWW.TI.COM/lit/ds/symlink/lm358.pdf')).toBe('ti.com');
    expect(datasheetHost('~')).toBeNull();
    expect(datasheetHost('')).toBeNull();
    expect(brandFromDatasheetUrl('http://ww1.microchip.com/downloads/en/DeviceDoc/x.pdf')).toBe('microchip');
    expect(brandFromDatasheetUrl('https://datasheets.maximintegrated.com/en/ds/MAX232.pdf')).toBe('maxim');
    expect(brandFromDatasheetUrl('https://assets.nexperia.com/documents/data-sheet/BC847.pdf')).toBe('nexperia');
    expect(brandFromDatasheetUrl('http://www.ti.com.cn/cn/lit/ds/symlink/tps5430.pdf')).toBe('ti');
    expect(brandFromDatasheetUrl('http://www.advanced-monolithic.com/pdf/ds1117.pdf')).toBe('advanced-monolithic');
    expect(brandFromDatasheetUrl('https://www.mouser.com/ds/2/lm7805.pdf')).toBeNull();
    expect(brandFromDatasheetUrl('https://www.tme.eu/Document/x.pdf')).toBeNull();
    expect(brandFromDatasheetUrl('https://notst.com/x.pdf')).toBeNull();
    expect(brandFromDatasheetUrl(undefined as unknown as string)).toBeNull();
  });

  it('reads maker names in text, skipping "for …", "with …" and "compatible" mentions', () => {
    expect(brandFromText('XP Power 2W, 1000 VDC Isolated DC/DC Converter Module')).toBe('xppower');
    expect(brandFromText('Murata 1575.42/1602MHz SAW filter, SMD 1109')).toBe('murata');
    expect(brandFromText('MCU Replacement for Intel 80C188XL')).toBeNull();
    expect(brandFromText('Integrated Ceramic Passive Component for Texas Instruments CC1120')).toBeNull();
    expect(brandFromText('NXP JN5164/JN5169 breakout module, DIP')).toBeNull();
    expect(brandFromText('Microcontroller module with ATmega32u4 MCU and bluetooth')).toBeNull();
    expect(brandFromText('Digital temperature sensor')).toBeNull(); // 'Digi' is a whole word only
    expect(brandFromText('')).toBeNull();
  });

  it('reads part-number prefixes that only one maker uses', () => {
    expect(brandFromPartNumber('STM32F103C8Tx')).toBe('st');
    expect(brandFromPartNumber('ATmega328P-AU')).toBe('microchip');
    expect(brandFromPartNumber('AMS1117-3.3')).toBe('advanced-monolithic');
    expect(brandFromPartNumber('ESP32-WROOM-32')).toBe('espressif');
    expect(brandFromPartNumber('GD32F103C8T6')).toBe('gigadevice');
    expect(brandFromPartNumber('CH340G')).toBe('wch');
    expect(brandFromPartNumber('GRM188R71H104KA93D')).toBe('murata');
    expect(brandFromPartNumber('CL10B104KB8NNNC')).toBe('samsung-em');
    expect(brandFromPartNumber('RC0603FR-0710KL')).toBe('yageo');
    expect(brandFromPartNumber('ADS1115')).toBe('ti'); // 'ADS' is TI, not ADI
    expect(brandFromPartNumber('AD620')).toBe('adi');
    expect(brandFromPartNumber('IRM-03-5S')).toBeNull(); // Mean Well module, not International Rectifier
    // Second-sourced numbers are never attributed from the name alone.
    expect(brandFromPartNumber('LM7805_TO220')).toBeNull();
    expect(brandFromPartNumber('NE555P')).toBeNull();
    expect(brandFromPartNumber('')).toBeNull();
  });

  it('combines the clues in order: datasheet, library, text, part number', () => {
    expect(resolveBrand('MCU_ST_STM32F1', 'STM32F103C8Tx', 'ARM Cortex-M3 MCU', '', 'http://www.st.com/x.pdf')).toEqual({ key: 'st', source: 'datasheet' });
    expect(resolveBrand('MCU_Intel', 'IA188XL', 'MCU Replacement for Intel 80C188XL', '', 'http://www.innovasic.com/x.pdf')).toEqual({ key: 'innovasic', source: 'datasheet' });
    expect(resolveBrand('MCU_Microchip_PIC16', 'PIC16F84A-xP', '', '', '')).toEqual({ key: 'microchip', source: 'library' });
    expect(resolveBrand('Regulator_Linear', 'AMS1117-3.3', '1A Low Dropout regulator', '', '')).toEqual({ key: 'advanced-monolithic', source: 'partNumber' });
    expect(brandFromLibraryAndSymbol('Regulator_Linear', 'LM7805_TO220', 'Positive 1A 35V Linear Regulator, Fixed Output 5V, TO-220', '', '')).toBeNull();
    expect(brandFromLibraryAndSymbol('Regulator_Linear', 'LM7805_TO220', 'Positive 1A 35V Linear Regulator', '', 'https://www.onsemi.com/pub/Collateral/MC7800-D.PDF')).toBe('onsemi');
    expect(brandFromLibraryAndSymbol('Device', 'R', 'Resistor', 'R res resistor', '~')).toBeNull();
  });
});

// Reads the real libraries. Skipped where the Debian package kicad-symbols is not installed;
// CI installs it.
describe.skipIf(!existsSync(KICAD_SYMBOLS))('brand coverage over the installed KiCad symbols', () => {
  const symbols = existsSync(KICAD_SYMBOLS) ? readKicadSymbols(KICAD_SYMBOLS) : [];

  it('attributes at least 90% of product symbols to a brand', () => {
    const products = symbols.filter((s) => looksLikePartNumber(s.name, s.lib));
    const branded = products.filter((s) => brandFromLibraryAndSymbol(s.lib, s.name, s.description, s.keywords, s.datasheet) !== null);
    expect(symbols.length).toBeGreaterThan(15000);
    expect(branded.length / products.length).toBeGreaterThan(0.9);
  });

  it('finds the real maker of well-known symbols', () => {
    const brandOf = (lib: string, name: string): string | null => {
      const s = symbols.find((x) => x.lib === lib && x.name === name);
      if (!s) throw new Error(`${lib}:${name} not installed`);
      return brandFromLibraryAndSymbol(s.lib, s.name, s.description, s.keywords, s.datasheet);
    };
    expect(brandOf('MCU_ST_STM32F1', 'STM32F103C8Tx')).toBe('st');
    expect(brandOf('MCU_Microchip_ATmega', 'ATmega328P-A')).toBe('microchip');
    // Its datasheet link is onsemi's MC7800 sheet, so onsemi is stated, not guessed.
    expect(brandOf('Regulator_Linear', 'LM7805_TO220')).toBe('onsemi');
    expect(brandOf('Amplifier_Operational', 'LM358_DFN')).toBe('st');
    expect(brandOf('MCU_Espressif', 'ESP8266EX')).toBe('espressif');
    expect(brandOf('MCU_RaspberryPi', 'RP2040')).toBe('raspberrypi');
    expect(brandOf('Regulator_Linear', 'AMS1117-3.3')).toBe('advanced-monolithic');
    expect(brandOf('Interface_USB', 'CH340G')).toBe('wch');
    expect(brandOf('Sensor', 'BME280')).toBe('bosch');
    expect(brandOf('Converter_DCDC', 'IH4812S')).toBe('xppower');
  });

  it('never attributes template symbols from the Device and power libraries', () => {
    for (const s of symbols.filter((x) => x.lib === 'power' || (x.lib === 'Device' && /^(?:R|C|L|D|LED)$/.test(x.name)))) {
      expect(brandFromLibraryAndSymbol(s.lib, s.name, s.description, s.keywords, s.datasheet)).toBeNull();
    }
  });
});
