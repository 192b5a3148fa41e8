// Chinese forms of the catalogue's English text values (issue #32: "输出类型 Fixed" on a zh page).
// The snapshot (LCSC's attributes) and the KiCad importer store these values in English; pages,
// the API and exports show them through `localizeParamText`. Only whole values (or whole items of
// a ';' / ',' list) are replaced, so part numbers, series names and units are never touched.
// Terms engineers write in English in Chinese too (SPI, USB, CMOS, NPN, SMD, X7R …) are left alone:
// they are in no table, and `ENGLISH_TERMS` lists them for the language sweep's allow list.
import type { Locale } from './i18n.ts';

/** English value (lower case, single spaces) → the wording Chinese distributors use. */
const ZH: Readonly<Record<string, string>> = {
  yes: '是', no: '否', none: '无', without: '无', support: '支持', supported: '支持', 'not supported': '不支持', others: '其他', standard: '标准',
  fixed: '固定', adjustable: '可调', programmable: '可编程', positive: '正', negative: '负', 'positive and negative': '正负', 'positive electrode': '正极',
  'positive fixed': '正压固定', 'negative fixed': '负压固定', 'positive adjustable': '正压可调', 'negative adjustable': '负压可调',
  'n-channel': 'N沟道', 'p-channel': 'P沟道', 'n and p-channel': 'N+P沟道', 'n+p-channel': 'N+P沟道', 'dual n-channel': '双N沟道', 'dual p-channel': '双P沟道', '2 n-channel': '双N沟道', '2 p-channel': '双P沟道',
  'built-in': '内置', external: '外置', 'internal or external': '内置或外置', internal: '内置',
  synchronous: '同步', asynchronous: '异步', unidirectional: '单向', bidirectional: '双向', 'bi-directional': '双向',
  single: '单路', dual: '双路', triple: '三路', quad: '四路', hex: '六路', 'single channel': '单通道', 'dual channel': '双通道', 'three channels': '三通道', 'four channels': '四通道',
  linear: '线性', 'step-down': '降压', buck: '降压', boost: '升压', 'buck-boost': '升降压', 'boost converter': '升压转换器', flyback: '反激', 'dc-dc': 'DC-DC', 'ac-dc': 'AC-DC',
  'isolated': '隔离', isolation: '隔离', 'non-isolated': '非隔离', 'non-insulated': '非隔离',
  'push-pull': '推挽', 'push pull': '推挽', 'push-pull type': '推挽', 'open drain': '开漏', 'open-drain': '开漏', 'open collector': '集电极开路', differential: '差分', 'differential output': '差分输出', 'single-ended': '单端',
  'rail-to-rail': '轨到轨', 'rail-to-rail input': '输入轨到轨', 'rail-to-rail output': '输出轨到轨', 'rail-to-rail input/output': '输入输出轨到轨',
  'active high': '高电平有效', 'active low': '低电平有效', inverting: '反相', 'non-inverting': '同相', inverted: '反相',
  'surface mount': '贴片', 'surface mount type': '贴片', 'through hole': '插件', 'through-hole': '插件', plugin: '插件', 'plug-in': '插件', 'panel mounting': '面板安装', 'free hanging': '悬空', 'free-hanging': '悬空',
  'right angle': '弯插', 'right-angle': '弯插', vertical: '直插', straight: '直插', horizontal: '卧式', 'side view mount': '侧发光', 'reverse mount': '反贴',
  male: '公', female: '母', shrouded: '带护套', unshielded: '无屏蔽', shielded: '屏蔽', locking: '带锁', 'non-latching': '非锁存', latching: '锁存',
  white: '白色', black: '黑色', red: '红色', green: '绿色', blue: '蓝色', yellow: '黄色', orange: '橙色', purple: '紫色', pink: '粉色', brown: '棕色', gray: '灰色', grey: '灰色', cyan: '青色', amber: '琥珀色',
  beige: '米色', 'yellow green': '黄绿色', 'yellow and green': '黄绿色', 'green-yellow': '黄绿色', 'light blue': '浅蓝色', 'light gray': '浅灰色', 'dark gray': '深灰色', 'milky white': '乳白色', 'off white': '米白色', 'ivory white': '象牙白',
  'emerald green': '翠绿色', 'ice blue': '冰蓝色', transparent: '透明', 'transparent color': '透明', colorless: '无色', natural: '本色', 'natural color': '本色', 'warm white': '暖白', 'cool white': '冷白',
  tin: '锡', silver: '银', gold: '金', copper: '铜', nickel: '镍', brass: '黄铜', zinc: '锌', 'copper alloy': '铜合金', 'phosphor bronze': '磷青铜', 'stainless steel': '不锈钢', 'carbon steel': '碳钢', 'red copper': '紫铜',
  'gold plated': '镀金', 'gold plating': '镀金', 'tin plated': '镀锡', 'tin plating': '镀锡', tinning: '镀锡', 'nickel plated': '镀镍', 'silver plating': '镀银',
  transceiver: '收发器', transmitter: '发送器', receiver: '接收器', receivers: '接收器', driver: '驱动器', controller: '控制器', converter: '转换器', repeater: '中继器', hub: '集线器', supervisor: '监控器',
  'load switch': '负载开关', 'high-side switch': '高边开关', 'low-side switch': '低边开关', 'ideal diode': '理想二极管', 'reset timer': '复位定时器', 'watchdog timer': '看门狗定时器', sequencer: '时序控制器',
  'half bridge': '半桥', 'half-bridge': '半桥', 'full bridge': '全桥', 'full-bridge': '全桥', 'three phase': '三相', 'half-duplex': '半双工', 'full-duplex': '全双工',
  'common anode': '共阳', 'common cathode': '共阴', 'general-purpose': '通用', 'general purpose': '通用', serial: '串行', parallel: '并行', 'serial port': '串口', 'parallel port': '并口', analog: '模拟', digital: '数字',
  'overcurrent protection': '过流保护', 'short-circuit protection': '短路保护', 'thermal protection': '过温保护', 'over temperature protection': '过温保护', 'low-power consumption': '低功耗',
  'low-pass filter': '低通滤波器', 'low pass': '低通', bandpass: '带通', 'high pass': '高通', piezoelectric: '压电式', electromagnetic: '电磁式', omnidirectional: '全向',
  'brushed dc motor': '有刷直流电机', 'brush dc motor': '有刷直流电机', 'brushless dc motor': '无刷直流电机', 'stepper motor': '步进电机', 'two-way thyristor': '双向可控硅',
  screw: '螺钉', 'screw fixing': '螺钉固定', square: '方形', round: '圆形', rectangular: '矩形', rectangle: '矩形', cylindrical: '圆柱形', top: '顶部', side: '侧面',
  'crystal oscillator': '晶体振荡器', 'surface mount crystal': '贴片晶体', tray: '托盘', 'tube-packed': '管装', 'tape & reel (tr)': '编带', 'cut tape (ct)': '剪切带', 'tape and reel': '编带', bulk: '散装', tube: '管装',
  'automotive': '车规', 'aec-q100': 'AEC-Q100', 'aec-q101': 'AEC-Q101', 'aec-q200': 'AEC-Q200', industrial: '工业级', commercial: '商业级', military: '军工级',
  monostable: '单稳态', 'self-reset': '自恢复', enable: '使能', 'light intensity': '光强', 'air quality': '空气质量', 'carbon monoxide': '一氧化碳', 'dust sensor': '粉尘传感器', 'volatile gases': '挥发性气体',
  'npn': 'NPN', 'pnp': 'PNP', 'npn+pnp': 'NPN+PNP', 'schottky': '肖特基', 'standard recovery': '普通恢复', 'fast recovery': '快恢复', 'ultrafast recovery': '超快恢复', zener: '稳压', 'switching': '开关',
  'thick film': '厚膜', 'thin film': '薄膜', 'metal film': '金属膜', 'carbon film': '碳膜', 'wirewound': '线绕', 'metal oxide film': '金属氧化膜', 'current sense': '电流检测',
  ceramic: '陶瓷', 'aluminum electrolytic': '铝电解', tantalum: '钽', polymer: '聚合物', film: '薄膜', 'multilayer': '多层', 'wire wound': '线绕', 'thin-film': '薄膜', 'shielded inductor': '屏蔽电感',
  primary: '一次', secondary: '二次', rechargeable: '可充电', 'non-rechargeable': '不可充电',
};

/** English terms written so in Chinese too: left as they are (also the zh sweep's allow list). */
export const ENGLISH_TERMS: readonly string[] = [
  'SPI', 'I2C', 'I²C', 'UART', 'USART', 'USB', 'CAN', 'LIN', 'LVDS', 'TTL', 'CMOS', 'LVCMOS', 'LVTTL', 'PECL', 'LVPECL', 'ECL', 'CML', 'HCSL', 'GPIO', 'PWM', 'ADC', 'DAC', 'DSP',
  'MCU', 'CPU', 'FPGA', 'CPLD', 'LDO', 'MOSFET', 'IGBT', 'BJT', 'TVS', 'ESD', 'LED', 'RGB', 'NPN', 'PNP', 'SMD', 'SMT', 'THT', 'DIP', 'SIP', 'SOP', 'QFN', 'QFP', 'BGA', 'LGA', 'PLCC',
  'SMA', 'SMB', 'SMC', 'IPEX', 'BNC', 'MMCX', 'TNC', 'HDMI', 'SATA', 'PCIe', 'PCI', 'MIPI', 'JTAG', 'SWD', 'MII', 'RMII', 'RGMII', 'SGMII', 'EEPROM', 'FLASH', 'SRAM', 'DRAM', 'SDRAM',
  'AC', 'DC', 'DC-DC', 'AC-DC', 'SPST', 'SPDT', 'DPDT', 'SPST-NO', 'NO', 'NC', 'C0G', 'NP0', 'X5R', 'X7R', 'X7S', 'X6S', 'Y5V', 'ARM', 'Cortex', 'RISC-V', 'AEC-Q100', 'AEC-Q101', 'AEC-Q200',
  'KiCad', 'PDF', 'BOM', 'MPN', 'LCSC', 'JLC', 'JLCPCB', 'Top100', 'Top200', 'Type-C', 'Wi-Fi', 'WiFi', 'Bluetooth', 'BLE', 'LoRa', 'LTE', 'GPS', 'NFC', 'RFID', 'OLED', 'LCD', 'TFT', 'IC', 'PCB', 'EDA', 'AI', 'API', 'MCP',
];

function fold(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The zh wording of one value, or null when the table has none. */
function zhOf(value: string): string | null {
  // A short all-capitals value is an abbreviation ('NO' = normally open), never the word.
  if (/^[A-Z0-9-]{1,4}$/.test(value.trim())) return null;
  return ZH[fold(value)] ?? null;
}

/**
 * A text value in the reader's language. English keeps the stored text; Chinese replaces a
 * value the table knows, whole or item by item in a ';' / ',' list ('Red;Green' → '红色;绿色').
 */
export function localizeParamText(text: string, locale: Locale): string {
  if (locale === 'en' || text === '') return text;
  const whole = zhOf(text);
  if (whole) return whole;
  const items = text.split(/([;,，；/])/);
  if (items.length === 1) return text;
  let changed = false;
  const out = items.map((item, i) => {
    if (i % 2 === 1) return item;
    const z = zhOf(item);
    if (z) changed = true;
    return z ? item.replace(item.trim(), z) : item;
  });
  return changed ? out.join('') : text;
}

/** Exposed for tests: every table entry is keyed by its folded form. */
export const PARAM_VALUE_ZH: Readonly<Record<string, string>> = ZH;
