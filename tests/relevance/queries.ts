// Realistic searches over the demo catalogue (KiCad-derived parts + everyday passives) with the
// answers a component engineer expects at the top. Every expectation is a fact of that data: the
// part exists there under that MPN, or the condition (category, brand, parameter) holds for the
// parts that should come first. A result counts when it meets every condition of `expect`.

export type Expectation = {
  /** One of these MPNs, exactly as the catalogue writes them. */
  readonly mpn?: readonly string[];
  /** An MPN starting with one of these (case-insensitive). */
  readonly mpnPrefix?: readonly string[];
  /** In one of these categories or below. */
  readonly cate?: readonly number[];
  /** Of this brand (brands.ts key). */
  readonly brand?: string;
  /** Has each of these parameters (by key, or any key of the unit) at this value. */
  readonly params?: readonly { readonly key?: string; readonly unit?: string; readonly value: number }[];
  readonly package?: string;
};

export type RelevanceQuery = { readonly q: string; readonly cateId?: number; readonly kind: string; readonly expect: Expectation };

// Category ids: kicad-library-map.ts (100 MCU, 200 op amps, 150 LDO, 151 DC-DC, 450 diodes, 452 BJT,
// 453 MOSFET, 501 optocouplers, 550 resistors, 551 capacitors, 554 crystals/oscillators, 7 sensors…).
// prettier-ignore
export const RELEVANCE_QUERIES: readonly RelevanceQuery[] = [
  // ── Part numbers: exact, prefix, case, separators ─────────────────────────
  { kind: 'mpn', q: 'stm32f103c8', expect: { mpn: ['STM32F103C8Tx'] } },
  { kind: 'mpn', q: 'LM358', expect: { mpn: ['LM358'] } },
  { kind: 'mpn', q: 'lm358', expect: { mpn: ['LM358'] } },
  { kind: 'mpn', q: 'ne555', expect: { mpnPrefix: ['NE555'] } },
  { kind: 'mpn', q: 'NE555P', expect: { mpn: ['NE555P'] } },
  { kind: 'mpn', q: 'ams1117-3.3', expect: { mpn: ['AMS1117-3.3'] } },
  { kind: 'mpn', q: 'AMS1117 3.3', expect: { mpn: ['AMS1117-3.3'] } },
  { kind: 'mpn', q: 'AMS1117-33', expect: { mpn: ['AMS1117-3.3'] } },
  { kind: 'mpn', q: 'CH340G', expect: { mpn: ['CH340G'] } },
  { kind: 'mpn', q: 'ch340', expect: { mpnPrefix: ['CH340'] } },
  { kind: 'mpn', q: 'ESP32-WROOM-32', expect: { mpn: ['ESP32-WROOM-32'] } },
  { kind: 'mpn', q: 'esp32', expect: { mpnPrefix: ['ESP32'] } },
  { kind: 'mpn', q: '74HC595', expect: { mpn: ['74HC595'] } },
  { kind: 'mpn', q: 'TL431', expect: { mpnPrefix: ['TL431'] } },
  { kind: 'mpn', q: '1N4148', expect: { mpn: ['1N4148'] } },
  { kind: 'mpn', q: 'BC547', expect: { mpn: ['BC547'] } },
  { kind: 'mpn', q: 'IRF540N', expect: { mpn: ['IRF540N'] } },
  { kind: 'mpn', q: 'MAX232', expect: { mpn: ['MAX232'] } },
  { kind: 'mpn', q: 'atmega328p', expect: { mpnPrefix: ['ATmega328P', 'ATmega328-P'] } },
  { kind: 'mpn', q: 'LM317', expect: { mpnPrefix: ['LM317'] } },
  { kind: 'mpn', q: 'DS18B20', expect: { mpn: ['DS18B20'] } },
  { kind: 'mpn', q: 'ULN2003A', expect: { mpn: ['ULN2003A'] } },
  { kind: 'mpn', q: 'RC0603FR-0710KL', expect: { mpn: ['RC0603FR-0710KL'] } },
  { kind: 'mpn', q: 'rc0603fr0710kl', expect: { mpn: ['RC0603FR-0710KL'] } },
  // ── Orderable MPNs → KiCad families and base parts; packaging suffixes ────
  { kind: 'family', q: 'STM32F103C8T6', expect: { mpn: ['STM32F103C8Tx'] } },
  { kind: 'family', q: 'STM32F103C8T6TR', expect: { mpn: ['STM32F103C8Tx'] } },
  { kind: 'family', q: 'STM32F030F4P6', expect: { mpn: ['STM32F030F4Px'] } },
  { kind: 'family', q: 'STM32F407VGT6', expect: { mpn: ['STM32F407VGTx'] } },
  { kind: 'family', q: 'LM358DR', expect: { mpn: ['LM358'] } },
  { kind: 'family', q: 'LM358-DR', expect: { mpn: ['LM358'] } },
  { kind: 'family', q: 'NE555DR', expect: { mpn: ['NE555D'] } },
  { kind: 'family', q: 'AMS1117-3.3/TR', expect: { mpn: ['AMS1117-3.3'] } },
  { kind: 'family', q: 'ATMEGA328P-AU', expect: { mpnPrefix: ['ATmega328P-A'] } },
  // ── Typos ───────────────────────────────────────────────────────────────────
  { kind: 'typo', q: 'STM32F10C8T6', expect: { mpn: ['STM32F103C8Tx'] } },
  { kind: 'typo', q: 'STM32F103C8T', expect: { mpn: ['STM32F103C8Tx'] } },
  { kind: 'typo', q: 'LM538', expect: { mpn: ['LM358'] } },
  { kind: 'typo', q: 'CH34OG', expect: { mpn: ['CH340G'] } },
  { kind: 'typo', q: 'ATMEAG328P', expect: { mpnPrefix: ['ATmega328P', 'ATmega328-P'] } },
  { kind: 'typo', q: 'AMS1171-3.3', expect: { mpn: ['AMS1117-3.3'] } },
  { kind: 'typo', q: '74HC959', expect: { mpn: ['74HC595'] } },
  { kind: 'typo', q: 'ESP32-WROM-32', expect: { mpn: ['ESP32-WROOM-32'] } },
  // ── Chinese keywords ──────────────────────────────────────────────────────
  { kind: 'zh', q: '运放', expect: { cate: [200] } },
  { kind: 'zh', q: '运算放大器', expect: { cate: [200] } },
  { kind: 'zh', q: '单片机', expect: { cate: [100] } },
  { kind: 'zh', q: '单片机 64KB', expect: { cate: [100], params: [{ unit: 'B', value: 65536 }] } },
  { kind: 'zh', q: 'LDO 3.3V', expect: { cate: [150], params: [{ key: 'outputVoltage', value: 3.3 }] } },
  { kind: 'zh', q: '意法 MCU', expect: { cate: [100], brand: 'st' } },
  { kind: 'zh', q: '意法 单片机', expect: { cate: [100], brand: 'st' } },
  { kind: 'zh', q: '德州仪器 运放', expect: { cate: [200], brand: 'ti' } },
  { kind: 'zh', q: '电容', expect: { cate: [551] } },
  { kind: 'zh', q: '电阻', expect: { cate: [550] } },
  { kind: 'zh', q: '贴片电阻', expect: { cate: [550] } },
  { kind: 'zh', q: '贴片电阻 10k 0603', expect: { cate: [550], params: [{ key: 'resistance', value: 10000 }], package: '0603' } },
  { kind: 'zh', q: '电容 100nF', expect: { cate: [551], params: [{ key: 'capacitance', value: 1e-7 }] } },
  { kind: 'zh', q: '贴片电容 0805 10uF', expect: { cate: [551], params: [{ key: 'capacitance', value: 1e-5 }], package: '0805' } },
  { kind: 'zh', q: '二极管', expect: { cate: [450] } },
  { kind: 'zh', q: '肖特基二极管', expect: { cate: [45002] } },
  { kind: 'zh', q: '稳压二极管', expect: { cate: [45003] } },
  { kind: 'zh', q: '三极管', expect: { cate: [452] } },
  { kind: 'zh', q: 'MOS管', expect: { cate: [453] } },
  { kind: 'zh', q: '场效应管', expect: { cate: [453] } },
  { kind: 'zh', q: '晶振', expect: { cate: [554] } },
  { kind: 'zh', q: '光耦', expect: { cate: [501] } },
  { kind: 'zh', q: '稳压', expect: { cate: [150, 151] } },
  { kind: 'zh', q: '传感器', expect: { cate: [7] } },
  { kind: 'zh', q: '温度传感器', expect: { cate: [400] } },
  { kind: 'zh', q: '连接器', expect: { cate: [11] } },
  { kind: 'zh', q: 'USB转串口', expect: { cate: [30001] } },
  { kind: 'zh', q: '模数转换器', expect: { cate: [10401] } },
  { kind: 'zh', q: '继电器', expect: { cate: [650] } },
  { kind: 'zh', q: '比较器', expect: { cate: [207] } },
  { kind: 'zh', q: '降压芯片', expect: { cate: [15101] } },
  // ── English keywords ────────────────────────────────────────────────────────
  { kind: 'en', q: 'op amp', expect: { cate: [200] } },
  { kind: 'en', q: 'operational amplifier', expect: { cate: [200] } },
  { kind: 'en', q: 'microcontroller', expect: { cate: [100] } },
  { kind: 'en', q: 'voltage regulator', expect: { cate: [150, 151] } },
  { kind: 'en', q: 'ldo regulator', expect: { cate: [150] } },
  { kind: 'en', q: 'temperature sensor', expect: { cate: [400] } },
  { kind: 'en', q: 'mosfet', expect: { cate: [453] } },
  { kind: 'en', q: 'n-channel mosfet', expect: { cate: [45301] } },
  { kind: 'en', q: 'optocoupler', expect: { cate: [501] } },
  { kind: 'en', q: 'crystal', expect: { cate: [554] } },
  { kind: 'en', q: 'comparator', expect: { cate: [207] } },
  { kind: 'en', q: 'ti op amp', expect: { cate: [200], brand: 'ti' } },
  { kind: 'en', q: 'usb uart', expect: { cate: [30001] } },
  { kind: 'en', q: 'accelerometer', expect: { cate: [40301] } },
  { kind: 'en', q: 'real time clock', expect: { cate: [10602] } },
  { kind: 'en', q: 'eeprom', expect: { cate: [350] } },
  { kind: 'en', q: 'gate driver', expect: { cate: [10701] } },
  { kind: 'en', q: 'ceramic capacitor 100nF', expect: { cate: [551], params: [{ key: 'capacitance', value: 1e-7 }] } },
  { kind: 'en', q: 'resistor 4k7', expect: { cate: [550], params: [{ key: 'resistance', value: 4700 }] } },
  { kind: 'en', q: 'stm32 cortex-m4', expect: { mpnPrefix: ['STM32'], cate: [10004] } },
  // ── More part numbers engineers type ───────────────────────────────────────
  { kind: 'mpn', q: 'LM2596', expect: { mpnPrefix: ['LM2596'] } },
  { kind: 'mpn', q: 'lm2596-5', expect: { mpn: ['LM2596S-5', 'LM2596T-5'] } },
  { kind: 'mpn', q: 'MPU6050', expect: { mpn: ['MPU-6050'] } },
  { kind: 'mpn', q: 'bme280', expect: { mpn: ['BME280'] } },
  { kind: 'mpn', q: 'AO3400', expect: { mpn: ['AO3400A'] } },
  { kind: 'mpn', q: '2N7002', expect: { mpn: ['2N7002'] } },
  { kind: 'mpn', q: 'WS2812B', expect: { mpn: ['WS2812B'] } },
  { kind: 'mpn', q: 'GRM188R71H104KA93D', expect: { mpn: ['GRM188R71H104KA93D'] } },
  { kind: 'mpn', q: 'CL10B104KB8NNNC', expect: { mpn: ['CL10B104KB8NNNC'] } },
  { kind: 'family', q: 'MCP2515-I/SO', expect: { mpn: ['MCP2515-xSO'] } },
  { kind: 'family', q: 'INA219AIDR', expect: { mpn: ['INA219AxD'] } },
  { kind: 'family', q: 'MAX485ESA+T', expect: { mpn: ['MAX485E'] } },
  { kind: 'family', q: 'ADS1115IDGSR', expect: { mpn: ['ADS1115IDGS'] } },
  { kind: 'family', q: 'SN65HVD230DR', expect: { mpn: ['SN65HVD230'] } },
  { kind: 'typo', q: 'IRF504N', expect: { mpn: ['IRF540N'] } },
  { kind: 'typo', q: 'BC574', expect: { mpn: ['BC547'] } },
  { kind: 'typo', q: 'ULN2030A', expect: { mpn: ['ULN2003A'] } },
  { kind: 'zh', q: '有源晶振', expect: { cate: [55402] } },
  { kind: 'zh', q: '霍尔传感器', expect: { cate: [404] } },
  { kind: 'zh', q: '贴片电阻 1k', expect: { cate: [550], params: [{ key: 'resistance', value: 1000 }] } },
  { kind: 'zh', q: '5V 稳压', expect: { cate: [150, 151], params: [{ unit: 'V', value: 5 }] } },
  { kind: 'zh', q: 'ADI 运放', expect: { cate: [200], brand: 'adi' } },
  { kind: 'zh', q: '微芯 单片机', expect: { cate: [100], brand: 'microchip' } },
  { kind: 'zh', q: 'CAN收发器', expect: { cate: [30101] } },
  { kind: 'en', q: '3.3V LDO', expect: { cate: [150], params: [{ key: 'outputVoltage', value: 3.3 }] } },
  { kind: 'en', q: 'TI LDO', expect: { cate: [150], brand: 'ti' } },
  { kind: 'en', q: 'rs485 transceiver', expect: { cate: [30201] } },
  // ── Values, packages and ratings together (how passives and regulators are searched) ──
  { kind: 'mixed', q: '0.1uF 0603 50V X7R', expect: { cate: [551], params: [{ key: 'capacitance', value: 1e-7 }, { key: 'ratedVoltage', value: 50 }], package: '0603' } },
  { kind: 'mixed', q: '10uF 25V', expect: { cate: [551], params: [{ key: 'capacitance', value: 1e-5 }, { key: 'ratedVoltage', value: 25 }] } },
  { kind: 'mixed', q: 'STM32F103 LQFP48', expect: { mpnPrefix: ['STM32F103'], package: 'LQFP-48' } },
  { kind: 'mixed', q: 'AMS1117 5V', expect: { mpnPrefix: ['AMS1117'], params: [{ key: 'outputVoltage', value: 5 }] } },
  { kind: 'mixed', q: 'SOT-23 MOSFET', expect: { cate: [453], package: 'SOT-23' } },
  { kind: 'mixed', q: 'DC-DC 降压 3A', expect: { cate: [15101], params: [{ key: 'outputCurrent', value: 3 }] } },
  { kind: 'mpn', q: '7805', expect: { mpnPrefix: ['LM7805', 'L7805', 'UA7805', 'MC7805'] } },
  { kind: 'mpn', q: '24C02', expect: { mpnPrefix: ['M24C02', '24LC02', 'AT24C02', 'CAT24C02'] } },
  { kind: 'mpn', q: 'FT232RL', expect: { mpn: ['FT232RL'] } },
  { kind: 'mpn', q: 'NE5532', expect: { mpn: ['NE5532'] } },
  { kind: 'mpn', q: 'cp2102n', expect: { mpnPrefix: ['CP2102N'] } },
  { kind: 'family', q: 'ATtiny85-20PU', expect: { mpn: ['ATtiny85-20P'] } },
  // ── A category with a keyword (the search page's drill-down) ─────────────────
  { kind: 'drill', q: 'STM32', cateId: 10003, expect: { mpnPrefix: ['STM32'], cate: [10003] } },
  { kind: 'drill', q: '64KB', cateId: 100, expect: { cate: [100], params: [{ unit: 'B', value: 65536 }] } },
];
