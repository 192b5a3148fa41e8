import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KICAD_SYMBOLS, readKicadSymbols } from './kicad-symbol-text.ts';
import {
  CATEGORY_BY_ID,
  CATEGORY_TREE,
  KICAD_LIBRARIES,
  LIBRARY_CATEGORY,
  categoryForSymbol,
  categoryPath,
  isGenericLibrarySymbol,
} from '../../../src/lib/catalog/kicad-library-map.ts';


describe('CATEGORY_TREE', () => {
  it('has unique ids in the documented ranges with valid parents', () => {
    expect(CATEGORY_BY_ID.size).toBe(CATEGORY_TREE.length);
    for (const c of CATEGORY_TREE) {
      if (c.level === 1) {
        expect(c.cateId).toBeGreaterThanOrEqual(1);
        expect(c.cateId).toBeLessThan(100);
        expect(c.parentId).toBeNull();
      } else {
        const parent = CATEGORY_BY_ID.get(c.parentId ?? -1);
        expect(parent, `parent of ${c.cateId}`).toBeDefined();
        expect(parent?.level).toBe(c.level - 1);
        if (c.level === 2) {
          // 50-wide block of the level-1 parent: 50·n + 50 … 50·n + 99.
          expect(c.cateId).toBeGreaterThanOrEqual(50 * (c.parentId ?? 0) + 50);
          expect(c.cateId).toBeLessThan(50 * (c.parentId ?? 0) + 100);
        } else {
          expect(Math.floor(c.cateId / 100)).toBe(c.parentId);
        }
      }
      expect(c.cateName.length).toBeGreaterThan(0);
      expect(c.cateNameEn.length).toBeGreaterThan(0);
      expect(c.sort).toBeGreaterThan(0);
    }
  });

  it('sorts siblings 1..n in declaration order', () => {
    const byParent = new Map<number | null, number[]>();
    for (const c of CATEGORY_TREE) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c.sort]);
    for (const sorts of byParent.values()) expect(sorts).toEqual(sorts.map((_, i) => i + 1));
  });

  it('has the distributor-style top levels', () => {
    const top = CATEGORY_TREE.filter((c) => c.level === 1).map((c) => c.cateName);
    expect(top).toEqual(expect.arrayContaining(['集成电路', '电源管理', '放大器与比较器', '逻辑器件', '接口芯片', '存储器', '传感器', '分立半导体', '光电器件', '无源器件', '连接器', '机电器件', '射频/无线', '模块', '电路保护']));
    expect(categoryPath(10003).map((id) => CATEGORY_BY_ID.get(id)?.cateNameEn)).toEqual(['Integrated Circuits', 'Microcontrollers (MCU/MPU/SOC)', 'ARM Cortex-M3']);
    expect(categoryPath(999999)).toEqual([]);
  });

  it('maps every library to an existing category', () => {
    for (const [lib, id] of Object.entries(LIBRARY_CATEGORY)) expect(CATEGORY_BY_ID.has(id), lib).toBe(true);
    expect(KICAD_LIBRARIES.length).toBe(209);
  });
});

describe('categoryForSymbol', () => {
  it.each<[string, string, string, string, number]>([
    ['MCU_ST_STM32F1', 'STM32F103C8Tx', 'ARM Cortex-M3 MCU, 64KB flash, 20KB RAM, 72MHz, 2-3.6V, 37 GPIO, LQFP-48', 'ARM Cortex-M3 STM32F1 STM32F103', 10003],
    ['MCU_ST_STM32F4', 'STM32F411CEUx', 'ARM Cortex-M4 MCU', '', 10004],
    ['MCU_Microchip_ATmega', 'ATmega328P-A', '20MHz, 32kB Flash', 'AVR 8bit Microcontroller MegaAVR', 10009],
    ['MCU_Microchip_PIC16', 'PIC16F84A-xP', '', '', 10010],
    ['MCU_NXP_LPC', 'LPC1114FHN33-201', '32-bit ARM Cortex-M0 microcontroller, 32KB flash', '', 10001],
    ['MCU_NXP_Kinetis', 'MKL26Z64VFT4', 'Kinetis KL26 series, 48-MHz/32-bit ARM Cortex-M0+', '', 10002],
    ['MCU_SiliconLabs', 'EFM8BB10F8I-A-QFN20', '8051-compatible microcontroller', '8051 microcontroller', 10008],
    ['MCU_Espressif', 'ESP8266EX', 'Highly integrated Wi-Fi SoC, QFN-32', 'wifi soc', 706],
    ['Regulator_Linear', 'AMS1117-3.3', '1A Low Dropout regulator, positive, 3.3V fixed output, SOT-223', 'linear regulator ldo fixed positive', 15001],
    ['Regulator_Linear', 'AMS1117', '1A Low Dropout regulator, positive, adjustable output, SOT-223', '', 15002],
    ['Regulator_Linear', 'L7908', 'Negative 1.5A 35V Linear Regulator, Fixed Output -8V, TO-220/TO-263', '', 15003],
    ['Regulator_Switching', 'TPS62142', '2A Step-Down Converter with DCS-Control, Fixed 3.3V Output Voltage', 'step-down dcdc', 15101],
    ['Regulator_Switching', 'MC34063AD', '1.5A, step-up/down/inverting switching regulator, 3-40V Vin, 100kHz, SO-8', '', 15103],
    ['Regulator_Switching', 'TNY278P', 'TinySwitch-III Family, 21.5W Output Power, DIP-8C', '', 15105],
    ['Amplifier_Operational', 'LM358', 'Low-Power, Dual Operational Amplifiers, DIP-8/SOIC-8/TO-99-8', 'dual opamp', 20002],
    ['Amplifier_Operational', 'LM324', 'Low-Power, Quad-Operational Amplifiers, DIP-14/SOIC-14/SSOP-14', '', 20003],
    ['Comparator', 'LM393', 'Low-Power, Low-Offset Voltage, Dual Comparators', '', 207],
    ['74xx', '74HC595', '8-bit serial in/out Shift Register 3-State Outputs', 'HCMOS SR 3State', 25004],
    ['74xx', '74LS00', 'quad 2-input NAND gate', 'TTL nand 2-input', 25001],
    ['4xxx', '4017', 'Johnson Counter ( 10 outputs )', 'CNT CNT10', 25203],
    ['Interface_USB', 'CH340G', 'USB serial converter, UART, SOIC-16', '', 30001],
    ['Interface_UART', 'MAX485E', 'Half duplex RS-485/RS-422, 2.5 Mbps', '', 30201],
    ['Interface_CAN_LIN', 'TJA1029T', 'LIN 2.2A/SAE J2602 transceiver', '', 30102],
    ['Memory_EEPROM', '24LC256', 'I2C Serial EEPROM, 256Kb', '', 35001],
    ['Sensor_Motion', 'MPU-6050', 'InvenSense 6-Axis Motion Sensor, Gyroscope, Accelerometer, I2C', 'mems', 40303],
    ['Transistor_FET', '2N7000', '0.2A Id, 200V Vds, N-Channel MOSFET, 2.6V Logic Level, TO-92', '', 45301],
    ['Transistor_BJT', 'BC857', '0.1A Ic, 45V Vce, PNP Transistor, SOT-23', '', 45202],
    ['Diode', '1N5819', '40V 1A Schottky Barrier Rectifier Diode, DO-41', '', 45002],
    ['Diode', 'BZX84Cxx', 'Zener Diode, 250mW', '', 45003],
    ['Isolator', 'PC817', 'DC Optocoupler, Vce 35V, CTR 50-300%, DIP-4', 'NPN DC Optocoupler', 50101],
    ['LED', 'WS2812B', 'RGB LED with integrated controller', 'RGB LED NeoPixel addressable', 50003],
    ['RF_Module', 'ESP32-WROOM-32', 'RF Module, ESP32-D0WDQ6 SoC, Wi-Fi 802.11b/g/n, Bluetooth, BLE', '', 75001],
    ['Relay_SolidState', 'MOC3052M', 'Random Phase Opto-Triac, Vdrm 600V, Ift 10mA, DIP6', '', 50103],
    ['Oscillator', 'ASE-xxxMHz', 'Crystal Clock Oscillator', '', 55402],
  ])('%s / %s → %s', (lib, name, desc, kw, id) => {
    expect(categoryForSymbol(lib, name, desc, kw)).toBe(id);
  });

  it.each<[string, number]>([
    ['R', 55001],
    ['R_Small', 55001],
    ['R_Potentiometer', 55002],
    ['R_Pack04', 55003],
    ['C', 55101],
    ['C_Polarized', 55102],
    ['L', 55201],
    ['FerriteBead', 55202],
    ['D', 45001],
    ['D_Schottky', 45002],
    ['D_Zener', 45003],
    ['D_TVS', 45004],
    ['LED', 50001],
    ['LED_RGB', 50002],
    ['Q_NPN_BEC', 45201],
    ['Q_PNP_BEC', 45202],
    ['Q_NMOS_GSD', 45301],
    ['Q_PMOS_GSD', 45302],
    ['Q_TRIAC_A1A2G', 45601],
    ['Q_SCR_AGK', 45602],
    ['Crystal', 55401],
    ['Fuse', 80101],
    ['Polyfuse', 80102],
    ['Varistor', 802],
    ['Battery_Cell', 850],
    ['Buzzer', 652],
    ['Thermistor_NTC', 55004],
    ['RotaryEncoder', 65104],
    ['Memristor', 955],
  ])('Device %s → %d', (name, id) => {
    expect(categoryForSymbol('Device', name, '', '')).toBe(id);
  });

  it('maps connectors, switches and mechanical symbols by name', () => {
    expect(categoryForSymbol('Connector_Generic', 'Conn_01x04')).toBe(60001);
    expect(categoryForSymbol('Connector_Generic_Shielded', 'Conn_02x20_Odd_Even_Shielded')).toBe(60002);
    expect(categoryForSymbol('Connector', 'USB_C_Receptacle')).toBe(601);
    expect(categoryForSymbol('Connector', 'RJ45')).toBe(603);
    expect(categoryForSymbol('Connector', 'Screw_Terminal_01x02')).toBe(608);
    expect(categoryForSymbol('Connector', 'TestPoint')).toBe(901);
    expect(categoryForSymbol('Connector', 'Micro_SD_Card')).toBe(606);
    expect(categoryForSymbol('Switch', 'SW_Push')).toBe(65101);
    expect(categoryForSymbol('Switch', 'SW_DIP_x04')).toBe(65102);
    expect(categoryForSymbol('Mechanical', 'MountingHole')).toBe(900);
    expect(categoryForSymbol('power', 'GND')).toBe(950);
  });

  it('falls back to the library default, and to Other for unknown libraries or bad input', () => {
    expect(categoryForSymbol('Reference_Voltage', 'LM4040', '', '')).toBe(154);
    expect(categoryForSymbol('Not_A_Library', 'X1')).toBe(18);
    expect(categoryForSymbol('', '')).toBe(18);
    expect(categoryForSymbol('Device', undefined as unknown as string)).toBe(955);
  });
});

describe('isGenericLibrarySymbol', () => {
  it.each<[string, string, string, boolean]>([
    ['Device', 'R', 'Resistor', true],
    ['Device', 'Q_NPN_BEC', 'NPN transistor, base/emitter/collector', true],
    ['Connector_Generic', 'Conn_01x04', 'Generic connector, single row, 01x04', true],
    ['Connector', 'Conn_01x04_Male', 'Generic connector, single row, 01x04, script generated', true],
    ['Switch', 'SW_Push', 'Push button switch, generic, two pins', true],
    ['power', '+3V3', 'Power symbol creates a global label with name "+3V3"', true],
    ['Mechanical', 'MountingHole', 'Mounting Hole without connection', true],
    ['Graphic', 'Logo_Open_Hardware_Small', 'Open Hardware logo, small', true],
    ['Simulation_SPICE', 'OPAMP', 'Operational amplifier, for simulation only!', true],
    ['MCU_ST_STM32F1', 'STM32F103C8Tx', 'ARM Cortex-M3 MCU', false],
    ['Regulator_Linear', 'AMS1117-3.3', '1A Low Dropout regulator', false],
    ['Switch', 'SW_MEC_5E', 'MEC 5E single pole normally-open tactile switch', false],
  ])('%s / %s → %s', (lib, name, desc, generic) => {
    expect(isGenericLibrarySymbol(lib, name, desc)).toBe(generic);
  });
});

// Reads the real libraries. Skipped where the Debian package kicad-symbols is not installed;
// CI installs it.
describe.skipIf(!existsSync(KICAD_SYMBOLS))('mapping of the installed KiCad libraries', () => {
  const installed = existsSync(KICAD_SYMBOLS)
    ? readdirSync(KICAD_SYMBOLS)
        .filter((f) => f.endsWith('.kicad_sym'))
        .map((f) => f.slice(0, -'.kicad_sym'.length))
        .sort()
    : [];
  const symbols = existsSync(KICAD_SYMBOLS) ? readKicadSymbols(KICAD_SYMBOLS) : [];

  it('maps every installed library (fails when KiCad adds one)', () => {
    expect(installed.length).toBeGreaterThanOrEqual(209);
    const unmapped = installed.filter((lib) => !Object.hasOwn(LIBRARY_CATEGORY, lib));
    expect(unmapped).toEqual([]);
  });

  it('gives every symbol an existing category and most a level-3 one', () => {
    let level3 = 0;
    for (const s of symbols) {
      const id = categoryForSymbol(s.lib, s.name, s.description, s.keywords);
      const node = CATEGORY_BY_ID.get(id);
      expect(node, `${s.lib}:${s.name}`).toBeDefined();
      expect(id, `${s.lib}:${s.name} fell back to Other`).not.toBe(18);
      if (node?.level === 3) level3++;
    }
    expect(level3 / symbols.length).toBeGreaterThan(0.75);
  });

  it('classifies every STM32F1 part as Cortex-M3 and every Device R/C/L as passives', () => {
    for (const s of symbols.filter((x) => x.lib === 'MCU_ST_STM32F1')) expect(categoryForSymbol(s.lib, s.name, s.description, s.keywords)).toBe(10003);
    for (const name of ['R', 'C', 'L']) {
      const s = symbols.find((x) => x.lib === 'Device' && x.name === name);
      expect(categoryPath(categoryForSymbol('Device', name, s?.description ?? '', s?.keywords ?? ''))[0]).toBe(10);
    }
  });

  it('marks every symbol of template libraries as generic', () => {
    for (const s of symbols.filter((x) => ['power', 'Device', 'Connector_Generic', 'Graphic'].includes(x.lib))) {
      expect(isGenericLibrarySymbol(s.lib, s.name, s.description)).toBe(true);
    }
  });
});
