// Where each JLCPCB/LCSC (category, subcategory) pair of the jlcparts snapshot lands in our category
// tree (CATEGORY_TREE, kicad-library-map.ts). One reviewed row per pair of
// catalog/jlcparts-2026-05-21/manifest.json (1,293 pairs); the trailing comment names the target node.
//
// How the rows were chosen:
// - JLC spells one family several ways ("Transistors", "Transistors/Thyristors", "Triode/MOS Tube/
//   Transistor"; "Power Management ICs", "Power Supply Chip", "Power Management (PMIC)" …) and one
//   subcategory several ways ("Real-time Clocks (RTC)", "Real-Time Clocks(RTC)", "Real Time Clocks").
//   Every spelling of a subcategory goes to the same node, whatever the category around it, except
//   where the subcategory alone says nothing ("Global Sourcing Parts", "Accessories").
// - The subcategory decides, not the category: "Power Management | Gate Drive ICs" is a gate driver
//   (驱动芯片 › 栅极驱动), "Sensors | NTC Thermistors" a thermistor (无源器件 › 电阻 › 热敏电阻),
//   "Embedded Processors & Controllers | Light Emitting Diodes (LED)" an LED.
// - A level-3 node where the subcategory says that much; the level-2 node where JLC mixes its
//   children ("MOSFETs" has N and P channel, "Bipolar Transistors - BJT" NPN and PNP, "Operational
//   Amplifier" every channel count, "Light Emitting Diodes (LED)" every colour).
// - Only JLC's own catch-alls ("Others", "Global Sourcing Parts", "Old Batch", "New Arrivals",
//   "Pre-ordered …", "… Misc …") land in a node named 其他/Other. Where the catch-all names a family
//   ("Pre-ordered MCUs", "Switches | Global Sourcing Parts") it lands in that family's node; a
//   pre-ordered part of unknown function goes to the family's "other" node (其他接口芯片, 其他晶体管,
//   其他连接器, 其他无源器件). These bins really hold parts of any kind (a "Pre-ordered transistors"
//   part may be an LED or an LDO); the part's description ends with its real JLC subcategory name,
//   which an importer may use to refine such a part.
// - JLC's logic subcategories ("Gates", "Flip Flops", "Counters, Dividers" …) do not separate 74-series,
//   4000-series and single-gate parts: they map by function onto the 74-series nodes.
//
// A pair that is not here (a new JLC snapshot) returns undefined from jlcCategoryId: the importer
// decides the fallback; tests/unit/catalog/jlc-category-map.test.ts fails until the pair is added.

// prettier-ignore
export const JLC_CATEGORY_ROWS: readonly (readonly [category: string, subcategory: string, cateId: number])[] = [
  // ── Resistors ───────────────────────────────────────────────────────────────────────────────────────
  ['Resistors', 'Aluminum Case/Porcelain Tube Resistance', 55008], // 铝壳电阻/瓷管电阻
  ['Resistors', 'Chip Resistor - Surface Mount', 55006], // 贴片电阻
  ['Resistors', 'Current Sense Resistors / Shunt Resistors', 55005], // 采样电阻/分流电阻
  ['Resistors', 'Current Sense Resistors/Shunt Resistors', 55005], // 采样电阻/分流电阻
  ['Resistors', 'Fusible Chip Resistor', 55006], // 贴片电阻 — a chip resistor that also fuses
  ['Resistors', 'High Precision & Low TCR SMD Resistors', 55006], // 贴片电阻
  ['Resistors', 'Low Resistors & Current Sense Resistors - Surface Mount', 55005], // 采样电阻/分流电阻
  ['Resistors', 'NTC Thermistors', 55004], // 热敏电阻
  ['Resistors', 'Potentiometers, Variable Resistors', 55002], // 电位器与可调电阻
  ['Resistors', 'Resistor Networks & Arrays', 55003], // 排阻
  ['Resistors', 'Resistor Networks, Arrays', 55003], // 排阻
  ['Resistors', 'Through Hole Resistors', 55007], // 插件电阻
  ['Resistors', 'Variable Resistors/Potentiometers', 55002], // 电位器与可调电阻
  ['Resistors', 'Varistors', 802], // 压敏电阻
  // ── Capacitors ──────────────────────────────────────────────────────────────────────────────────────
  ['Capacitors', 'Aluminum Electrolytic Capacitors (Can - Screw Terminals)', 55107], // 铝电解电容
  ['Capacitors', 'Aluminum Electrolytic Capacitors - Leaded', 55107], // 铝电解电容
  ['Capacitors', 'Aluminum Electrolytic Capacitors - SMD', 55107], // 铝电解电容
  ['Capacitors', 'Capacitor Networks, Arrays', 55101], // 无极性电容 — ceramic arrays; no array node, so the plain non-polarised node
  ['Capacitors', 'Ceramic Disc Capacitors', 55106], // 瓷片电容
  ['Capacitors', 'Film Capacitors', 55110], // 薄膜电容
  ['Capacitors', 'Horn-Type Electrolytic Capacitors', 55107], // 铝电解电容 — snap-in aluminium electrolytics
  ['Capacitors', 'Hybrid Aluminum Electrolytic Capacitors', 55107], // 铝电解电容 — polymer-hybrid, still aluminium electrolytic
  ['Capacitors', 'Multilayer Ceramic Capacitors MLCC - Leaded', 55105], // 多层陶瓷电容器MLCC — leaded package, still MLCC
  ['Capacitors', 'Multilayer Ceramic Capacitors MLCC - SMD/SMT', 55105], // 多层陶瓷电容器MLCC
  ['Capacitors', 'Niobium Oxide Capacitors', 55102], // 电解/极性电容 — tantalum-like polarised capacitors, not tantalum
  ['Capacitors', 'Paper Dielectric Capacitors', 55101], // 无极性电容 — neither film nor ceramic
  ['Capacitors', 'Polymer Aluminum Capacitors', 55109], // 固态电容
  ['Capacitors', 'Polypropylene Film Capacitors (CBB)', 55110], // 薄膜电容
  ['Capacitors', 'Safety Capacitors', 55111], // 安规电容
  ['Capacitors', 'Silicon Capacitors', 55101], // 无极性电容 — neither film nor ceramic
  ['Capacitors', 'Solid Capacitors', 55109], // 固态电容
  ['Capacitors', 'Solid Polymer Electrolytic Capacitor', 55109], // 固态电容
  ['Capacitors', 'Suppression Capacitors', 55111], // 安规电容 — X/Y interference-suppression capacitors
  ['Capacitors', 'Tantalum Capacitors', 55108], // 钽电容
  ['Capacitors', 'Through Hole Ceramic Capacitors', 55106], // 瓷片电容 — disc and leaded ceramic
  ['Capacitors', 'Trimmers, Variable Capacitors', 55103], // 可调电容
  ['Capacitors', 'horn-type electrolytic capacitor', 55107], // 铝电解电容
  // ── Inductors, coils, transformers (four spellings) ─────────────────────────────────────────────────
  ['Inductors & Chokes & Transformers', 'Common Mode Chokes / Filters', 55503], // 共模扼流圈
  ['Inductors & Chokes & Transformers', 'Inductors (SMD)', 55205], // 贴片电感
  ['Inductors & Chokes & Transformers', 'Power Inductors', 55204], // 功率电感
  ['Inductors, Coils, Chokes', 'Accessories - Inductors/Transformers', 55209], // 磁芯/骨架等电感配件
  ['Inductors, Coils, Chokes', 'Audio Transformers', 55305], // 音频变压器
  ['Inductors, Coils, Chokes', 'Color Ring Inductors / Through Hole Inductors', 55206], // 色环电感/插件电感
  ['Inductors, Coils, Chokes', 'Color Ring Inductors/Through Hole Inductors', 55206], // 色环电感/插件电感
  ['Inductors, Coils, Chokes', 'Current Sense Transformers', 55304], // 电流互感器
  ['Inductors, Coils, Chokes', 'Current Transformers', 55304], // 电流互感器
  ['Inductors, Coils, Chokes', 'Inductors (SMD)', 55205], // 贴片电感
  ['Inductors, Coils, Chokes', 'Power Inductors', 55204], // 功率电感
  ['Inductors, Coils, Chokes', 'Power Transformer', 55301], // 电源变压器
  ['Inductors, Coils, Chokes', 'Power Transformers', 55301], // 电源变压器
  ['Inductors, Coils, Chokes', 'Pre-Ordered RLCs', 557], // 其他无源器件 — JLC catch-all: resistors, capacitors and inductors alike
  ['Inductors, Coils, Chokes', 'Pulse Transformers', 55303], // 脉冲/网络变压器
  ['Inductors, Coils, Chokes', 'Pulse Transformers(LAN)', 55303], // 脉冲/网络变压器
  ['Inductors, Coils, Chokes', 'RJ45 Transformer', 55303], // 脉冲/网络变压器
  ['Inductors, Coils, Chokes', 'Wireless Charging Coils', 55208], // 无线充电线圈
  ['Inductors/Coils/Transformers', 'Accessories - Inductors/Transformers', 55209], // 磁芯/骨架等电感配件
  ['Inductors/Coils/Transformers', 'Adjustable Inductors', 55207], // 可调电感
  ['Inductors/Coils/Transformers', 'Audio Transformers', 55305], // 音频变压器
  ['Inductors/Coils/Transformers', 'Balun', 55302], // 射频变压器/巴伦
  ['Inductors/Coils/Transformers', 'Color Ring Inductors/Through Hole Inductors', 55206], // 色环电感/插件电感
  ['Inductors/Coils/Transformers', 'Current Transformers', 55304], // 电流互感器
  ['Inductors/Coils/Transformers', 'Inductors (SMD)', 55205], // 贴片电感
  ['Inductors/Coils/Transformers', 'Power Inductors', 55204], // 功率电感
  ['Inductors/Coils/Transformers', 'Power Transformer', 55301], // 电源变压器
  ['Inductors/Coils/Transformers', 'Pre-ordered RLCs', 557], // 其他无源器件 — JLC catch-all: resistors, capacitors and inductors alike
  ['Inductors/Coils/Transformers', 'Pulse Transformers', 55303], // 脉冲/网络变压器
  ['Inductors/Coils/Transformers', 'RJ45 Transformer', 55303], // 脉冲/网络变压器
  ['Inductors/Coils/Transformers', 'Through Hole Inductors', 55206], // 色环电感/插件电感
  ['Inductors/Coils/Transformers', 'Wireless Charging Coils', 55208], // 无线充电线圈
  ['inductors/coils/transformers', 'Inductors (SMD)', 55205], // 贴片电感
  // ── Ferrite beads, EMI and filters (three spellings) ────────────────────────────────────────────────
  ['Bead/Filter/EMI Optimization', 'Active Filters', 55504], // 有源滤波器芯片
  ['Bead/Filter/EMI Optimization', 'Ceramic Filters', 55505], // 陶瓷/晶体滤波器
  ['Bead/Filter/EMI Optimization', 'Clamp Filters (Ferrite Core With Case)', 55202], // 磁珠 — snap-on ferrite cores
  ['Bead/Filter/EMI Optimization', 'Clamp Filters (Ferrite Core with Case)', 55202], // 磁珠 — snap-on ferrite cores
  ['Bead/Filter/EMI Optimization', 'Common Mode Filters', 55503], // 共模扼流圈
  ['Bead/Filter/EMI Optimization', 'EMC Filters', 55501], // EMI / 电源滤波器
  ['Bead/Filter/EMI Optimization', 'EMI Filters (LC, RC Networks)', 55501], // EMI / 电源滤波器
  ['Bead/Filter/EMI Optimization', 'Ferrite Beads', 55202], // 磁珠
  ['Bead/Filter/EMI Optimization', 'Filters - Feed Through Capacitors', 55104], // 穿心电容
  ['Bead/Filter/EMI Optimization', 'Noise Suppressors', 55501], // EMI / 电源滤波器 — one EMI suppressor part
  ['Bead/Filter/EMI Optimization', 'Switched Capacitor Filters', 55504], // 有源滤波器芯片
  ['Filters', 'Active Filters', 55504], // 有源滤波器芯片
  ['Filters', 'Ceramic Filters', 55505], // 陶瓷/晶体滤波器
  ['Filters', 'Clamp Filters (Ferrite Core With Case)', 55202], // 磁珠 — snap-on ferrite cores
  ['Filters', 'Common Mode Filters', 55503], // 共模扼流圈
  ['Filters', 'Crystal Filters', 55505], // 陶瓷/晶体滤波器
  ['Filters', 'EMC Filters', 55501], // EMI / 电源滤波器
  ['Filters', 'EMI/RFI Filters (LC, RC Networks)', 55501], // EMI / 电源滤波器
  ['Filters', 'Feed Through Capacitors', 55104], // 穿心电容
  ['Filters', 'Ferrite Beads', 55202], // 磁珠
  ['Filters', 'Filters - Feed Through Capacitors', 55104], // 穿心电容
  ['Filters', 'SAW Filters', 55502], // SAW 声表滤波器
  ['Filters', 'Switched Capacitor Filters', 55504], // 有源滤波器芯片
  ['Filters/EMI Optimization', 'Active Filters', 55504], // 有源滤波器芯片
  ['Filters/EMI Optimization', 'Common Mode Filters', 55503], // 共模扼流圈
  ['Filters/EMI Optimization', 'EMC Filters', 55501], // EMI / 电源滤波器
  ['Filters/EMI Optimization', 'EMI Filters (LC, RC Networks)', 55501], // EMI / 电源滤波器
  ['Filters/EMI Optimization', 'Ferrite Beads', 55202], // 磁珠
  ['Filters/EMI Optimization', 'Filters - Feed Through Capacitors', 55104], // 穿心电容
  ['Filters/EMI Optimization', 'SAW Filters', 55502], // SAW 声表滤波器
  ['Filters/EMI Optimization', 'Switched Capacitor Filters', 55504], // 有源滤波器芯片
  // ── Crystals, oscillators, resonators (six spellings) ───────────────────────────────────────────────
  ['Crystal Oscillator/Oscillator/Resonator', 'Ceramic Resonators', 55403], // 陶瓷谐振器
  ['Crystal Oscillator/Oscillator/Resonator', 'Crystals', 55401], // 晶振
  ['Crystal Oscillator/Oscillator/Resonator', 'Oscillators', 55402], // 有源晶振
  ['Crystal Oscillator/Oscillator/Resonator', 'Oven Controlled Crystal Oscillators (OCXOs)', 55404], // 压控/温补振荡器
  ['Crystal Oscillator/Oscillator/Resonator', 'Pre-Programmed Oscillators', 55402], // 有源晶振
  ['Crystal Oscillator/Oscillator/Resonator', 'Pre-programmed Oscillators', 55402], // 有源晶振
  ['Crystal Oscillator/Oscillator/Resonator', 'SAW Oscillators', 55402], // 有源晶振 — an oscillator, whatever the resonator
  ['Crystal Oscillator/Oscillator/Resonator', 'SAW Resonators', 55405], // SAW谐振器
  ['Crystal Oscillator/Oscillator/Resonator', 'Temperature Compensated Crystal Oscillators (TCXOs)', 55404], // 压控/温补振荡器
  ['Crystal Oscillator/Oscillator/Resonator', 'Voltage-Controlled Crystal Oscillators (VCXOs)', 55404], // 压控/温补振荡器
  ['Crystals', 'Ceramic Resonators', 55403], // 陶瓷谐振器
  ['Crystals', 'Crystals', 55401], // 晶振
  ['Crystals', 'DIP Crystal Resonators', 55401], // 晶振
  ['Crystals', 'SMD Crystal Resonators', 55401], // 晶振
  ['Crystals, Oscillators, Resonators', 'Ceramic Resonators', 55403], // 陶瓷谐振器
  ['Crystals, Oscillators, Resonators', 'Crystal Oscillators', 55402], // 有源晶振
  ['Crystals, Oscillators, Resonators', 'Crystals', 55401], // 晶振
  ['Crystals, Oscillators, Resonators', 'Oscillators', 55402], // 有源晶振
  ['Crystals, Oscillators, Resonators', 'Oven Controlled Crystal Oscillators (OCXOs)', 55404], // 压控/温补振荡器
  ['Crystals, Oscillators, Resonators', 'Pre-Programmed Oscillators', 55402], // 有源晶振
  ['Crystals, Oscillators, Resonators', 'Programmable Oscillators', 55402], // 有源晶振
  ['Crystals, Oscillators, Resonators', 'SAW Resonators', 55405], // SAW谐振器
  ['Crystals, Oscillators, Resonators', 'Spread Spectrum Oscillators(SSOs)', 55402], // 有源晶振
  ['Crystals, Oscillators, Resonators', 'Temperature Compensated Crystal Oscillators (TCXO)', 55404], // 压控/温补振荡器
  ['Crystals, Oscillators, Resonators', 'Temperature Compensated Crystal Oscillators (TCXOs)', 55404], // 压控/温补振荡器
  ['Crystals, Oscillators, Resonators', 'Temperature Sensing Resonators', 55401], // 晶振 — crystals with a built-in thermistor
  ['Crystals, Oscillators, Resonators', 'Voltage Controlled Oscillators (VCOs)', 711], // 压控振荡器(VCO) — RF VCOs, not VCXOs
  ['Crystals, Oscillators, Resonators', 'Voltage-Controlled Crystal Oscillators (VCXOs)', 55404], // 压控/温补振荡器
  ['Crystals/Oscillators/Resonators', 'Ceramic Resonators', 55403], // 陶瓷谐振器
  ['Crystals/Oscillators/Resonators', 'Crystals', 55401], // 晶振
  ['Crystals/Oscillators/Resonators', 'Oscillators', 55402], // 有源晶振
  ['Crystals/Oscillators/Resonators', 'Pre-programmed Oscillators', 55402], // 有源晶振
  ['Crystals/Oscillators/Resonators', 'SAW Resonators', 55405], // SAW谐振器
  ['Crystals/Oscillators/Resonators', 'Temperature Compensated Crystal Oscillators (TCXOs)', 55404], // 压控/温补振荡器
  ['crystals/oscillators/resonators', 'Crystals', 55401], // 晶振
  ['Resonators/Oscillators', 'Ceramic Resonators', 55403], // 陶瓷谐振器
  ['Resonators/Oscillators', 'Crystals', 55401], // 晶振
  ['Resonators/Oscillators', 'Oscillators', 55402], // 有源晶振
  ['Resonators/Oscillators', 'Oven Controlled Crystal Oscillators (OCXOs)', 55404], // 压控/温补振荡器
  ['Resonators/Oscillators', 'Pre-Programmed Oscillators', 55402], // 有源晶振
  ['Resonators/Oscillators', 'Temperature Compensated Crystal Oscillators (TCXOs)', 55404], // 压控/温补振荡器
  ['Resonators/Oscillators', 'Voltage-Controlled Crystal Oscillators (VCXOs)', 55404], // 压控/温补振荡器
  // ── Diodes ──────────────────────────────────────────────────────────────────────────────────────────
  ['Diodes', 'Avalanche Diodes', 45001], // 通用/整流二极管 — controlled-avalanche rectifiers
  ['Diodes', 'Bridge Rectifiers', 451], // 整流桥
  ['Diodes', 'Diacs Trigger Diode', 45603], // DIAC / 触发二极管
  ['Diodes', 'Diodes - ESD', 800], // ESD / 浪涌保护 — ESD diodes sit with ESD protection
  ['Diodes', 'Diodes - Fast Recovery Rectifiers', 45007], // 快恢复/高效率二极管
  ['Diodes', 'Diodes - General Purpose', 45001], // 通用/整流二极管
  ['Diodes', 'Diodes - Rectifiers - Fast Recovery', 45007], // 快恢复/高效率二极管
  ['Diodes', 'Diodes - Rectifiers - Hyperfast', 45007], // 快恢复/高效率二极管
  ['Diodes', 'Diodes - Variable Capacitance', 45006], // 变容二极管
  ['Diodes', 'Diodes Rectifiers Fast Recovery', 45007], // 快恢复/高效率二极管
  ['Diodes', 'Discharge Tubes (GDT/TSS)', 803], // 气体放电管/放电间隙 — the one part is a GDT
  ['Diodes', 'ESD Protection Devices', 800], // ESD / 浪涌保护 — ESD diodes sit with ESD protection
  ['Diodes', 'Fast Recovery / High Efficiency Diodes', 45007], // 快恢复/高效率二极管
  ['Diodes', 'Fast Recovery/High Efficiency Diode', 45007], // 快恢复/高效率二极管
  ['Diodes', 'High Effic Rectifier', 45007], // 快恢复/高效率二极管
  ['Diodes', 'Schottky Barrier Diodes (SBD)', 45002], // 肖特基二极管
  ['Diodes', 'Schottky Diodes', 45002], // 肖特基二极管
  ['Diodes', 'Super Barrier Rectifier (SBR)', 45008], // 超势垒整流器(SBR)
  ['Diodes', 'Super Barrier Rectifiers (SBR)', 45008], // 超势垒整流器(SBR)
  ['Diodes', 'Super Barrier Rectifier（SBR）', 45008], // 超势垒整流器(SBR)
  ['Diodes', 'Switching Diode', 45005], // 开关二极管
  ['Diodes', 'Switching Diodes', 45005], // 开关二极管
  ['Diodes', 'TVS', 45004], // TVS二极管
  ['Diodes', 'Trigger Diodes', 45603], // DIAC / 触发二极管
  ['Diodes', 'Zener Diodes', 45003], // 稳压二极管
  // ── Transistors (three spellings: Transistors, Transistors/Thyristors, Triode/MOS Tube/Transistor) ───
  ['Transistors', 'Bipolar Transistors - BJT', 452], // 三极管(BJT)
  ['Transistors', 'Darlington Transistor Arrays', 10708], // 达林顿/晶体管阵列 — ULN2003-type driver ICs
  ['Transistors', 'Darlington Transistors', 45204], // 达林顿管
  ['Transistors', 'Digital Transistors', 45203], // 数字三极管 (带电阻)
  ['Transistors', 'IGBTs', 454], // IGBT
  ['Transistors', 'Intelligent Power Modules', 455], // 功率模块 (IGBT/IPM)
  ['Transistors', 'JFETs', 45304], // 结型场效应管 (JFET)
  ['Transistors', 'Junction Field-Effect Transistor，JFET', 45304], // 结型场效应管 (JFET)
  ['Transistors', 'MOSFET', 453], // 场效应管(MOSFET)
  ['Transistors', 'MOSFETs', 453], // 场效应管(MOSFET)
  ['Transistors', 'Pre-ordered transistors', 458], // 其他晶体管 — JLC catch-all: parts of any kind filed as transistors
  ['Transistors', 'TRIACs', 45601], // 双向可控硅 (TRIAC)
  ['Transistors', 'Transistors (NPN/PNP)', 452], // 三极管(BJT)
  ['Transistors', 'Transistors - Special Purpose', 452], // 三极管(BJT) — both parts are bipolar (one a pre-biased pair)
  ['Transistors/Thyristors', 'Bipolar (BJT)', 452], // 三极管(BJT)
  ['Transistors/Thyristors', 'Bipolar Transistors - BJT', 452], // 三极管(BJT)
  ['Transistors/Thyristors', 'Darlington Transistor Arrays', 10708], // 达林顿/晶体管阵列 — ULN2003-type driver ICs
  ['Transistors/Thyristors', 'Darlington Transistors', 45204], // 达林顿管
  ['Transistors/Thyristors', 'Digital Transistors', 45203], // 数字三极管 (带电阻)
  ['Transistors/Thyristors', 'IGBT Transistors / Modules', 454], // IGBT — discrete IGBTs and IGBT modules
  ['Transistors/Thyristors', 'IGBTs', 454], // IGBT
  ['Transistors/Thyristors', 'Intelligent Power Modules (IPM)', 455], // 功率模块 (IGBT/IPM)
  ['Transistors/Thyristors', 'JFETs', 45304], // 结型场效应管 (JFET)
  ['Transistors/Thyristors', 'MOSFETs', 453], // 场效应管(MOSFET)
  ['Transistors/Thyristors', 'Pre-Ordered Transistors', 458], // 其他晶体管 — JLC catch-all: parts of any kind filed as transistors
  ['Transistors/Thyristors', 'TRIACs', 45601], // 双向可控硅 (TRIAC)
  ['Transistors/Thyristors', 'Thyristors (SCR)/Modules', 45602], // 单向可控硅 (SCR)
  ['Triode/MOS Tube/Transistor', 'Bipolar Transistors - BJT', 452], // 三极管(BJT)
  ['Triode/MOS Tube/Transistor', 'Darlington Transistor Arrays', 10708], // 达林顿/晶体管阵列 — ULN2003-type driver ICs
  ['Triode/MOS Tube/Transistor', 'Darlington Transistors', 45204], // 达林顿管
  ['Triode/MOS Tube/Transistor', 'Digital Transistors', 45203], // 数字三极管 (带电阻)
  ['Triode/MOS Tube/Transistor', 'IGBTs', 454], // IGBT
  ['Triode/MOS Tube/Transistor', 'Intelligent Power Modules', 455], // 功率模块 (IGBT/IPM)
  ['Triode/MOS Tube/Transistor', 'Intelligent Power Modules (IPM)', 455], // 功率模块 (IGBT/IPM)
  ['Triode/MOS Tube/Transistor', 'JFETs', 45304], // 结型场效应管 (JFET)
  ['Triode/MOS Tube/Transistor', 'MOSFETs', 453], // 场效应管(MOSFET)
  ['Triode/MOS Tube/Transistor', 'Pre-ordered transistors', 458], // 其他晶体管 — JLC catch-all: parts of any kind filed as transistors
  ['Triode/MOS Tube/Transistor', 'TRIACs', 45601], // 双向可控硅 (TRIAC)
  // ── Wide-bandgap devices ────────────────────────────────────────────────────────────────────────────
  ['Silicon Carbide (SiC) Devices', 'SiC Diodes', 45009], // 碳化硅二极管 — SiC Schottky power diodes
  ['Silicon Carbide (SiC) Devices', 'SiC MOSFETs', 45305], // 碳化硅MOSFET
  ['Silicon Carbide (SiC) Devices', 'Silicon Carbide Field Effect Transistor (MOSFET)', 45305], // 碳化硅MOSFET
  ['Gallium Nitride (GaN) Devices', 'GaN Transistors(GaN HEMT)', 45306], // 氮化镓晶体管(GaN HEMT)
  // ── Circuit protection (four spellings) ─────────────────────────────────────────────────────────────
  ['Circuit Protection', 'Automotive Fuses', 80103], // 汽车保险丝
  ['Circuit Protection', 'Disposable Fuses', 80101], // 一次性保险丝
  ['Circuit Protection', 'ESD And Surge Protection (TVS/ESD)', 800], // ESD / 浪涌保护 — ESD arrays and TVS diodes mixed
  ['Circuit Protection', 'ESD Protection Devices', 800], // ESD / 浪涌保护
  ['Circuit Protection', 'Electrostatic And Surge Protection (TVS/ESD)', 800], // ESD / 浪涌保护 — ESD arrays and TVS diodes mixed
  ['Circuit Protection', 'Fuse Holders', 80105], // 保险丝座
  ['Circuit Protection', 'Fuseholders', 80105], // 保险丝座
  ['Circuit Protection', 'Fuses', 80101], // 一次性保险丝
  ['Circuit Protection', 'Gas Discharge Tube (GDT)', 803], // 气体放电管/放电间隙
  ['Circuit Protection', 'Gas Discharge Tube Arresters (GDT)', 803], // 气体放电管/放电间隙
  ['Circuit Protection', 'Glass Discharge Tube', 803], // 气体放电管/放电间隙
  ['Circuit Protection', 'LED Protection', 800], // ESD / 浪涌保护 — LED open-circuit shunt protectors
  ['Circuit Protection', 'Resettable Fuses', 80102], // 自恢复保险丝
  ['Circuit Protection', 'Semiconductor Discharge Tubes (TSS)', 804], // 半导体放电管(TSS)
  ['Circuit Protection', 'Surge Protection Devices (SPDs)', 800], // ESD / 浪涌保护 — surge-stopper ICs and TBUs
  ['Circuit Protection', 'Surge Suppressors', 800], // ESD / 浪涌保护 — surge-stopper ICs and TBUs
  ['Circuit Protection', 'TVS', 45004], // TVS二极管
  ['Circuit Protection', 'Thermal Cutoffs (TCO)', 80104], // 温度保险丝
  ['Circuit Protection', 'Thermal Fuses (TCO)', 80104], // 温度保险丝
  ['Circuit Protection', 'Thyristor Surge Suppressors (TSS)', 804], // 半导体放电管(TSS)
  ['Circuit Protection', 'Varistors', 802], // 压敏电阻
  ['circuit protection', 'Fuses', 80101], // 一次性保险丝
  ['TVS/Fuse/Board Level Protection', 'Automotive Fuses', 80103], // 汽车保险丝
  ['TVS/Fuse/Board Level Protection', 'ESD Protection Devices', 800], // ESD / 浪涌保护
  ['TVS/Fuse/Board Level Protection', 'Electrostatic And Surge Protection (TVS/ESD)', 800], // ESD / 浪涌保护 — ESD arrays and TVS diodes mixed
  ['TVS/Fuse/Board Level Protection', 'Fuse Holders', 80105], // 保险丝座
  ['TVS/Fuse/Board Level Protection', 'Fuses', 80101], // 一次性保险丝
  ['TVS/Fuse/Board Level Protection', 'Gas Discharge Tube (GDT)', 803], // 气体放电管/放电间隙
  ['TVS/Fuse/Board Level Protection', 'Glass Discharge Tube', 803], // 气体放电管/放电间隙
  ['TVS/Fuse/Board Level Protection', 'LED Protection', 800], // ESD / 浪涌保护 — LED open-circuit shunt protectors
  ['TVS/Fuse/Board Level Protection', 'Resettable Fuses', 80102], // 自恢复保险丝
  ['TVS/Fuse/Board Level Protection', 'Surge Suppressors', 800], // ESD / 浪涌保护 — surge-stopper ICs and TBUs
  ['TVS/Fuse/Board Level Protection', 'TVS', 45004], // TVS二极管
  ['TVS/Fuse/Board Level Protection', 'Thermal Cutoffs (TCO)', 80104], // 温度保险丝
  ['TVS/Fuse/Board Level Protection', 'Thyristor Surge Suppressors (TSS)', 804], // 半导体放电管(TSS)
  ['TVS/Fuse/Board Level Protection', 'Varistors', 802], // 压敏电阻
  ['Fuses', 'Cartridge Fuses', 80101], // 一次性保险丝
  ['Fuses', 'Fuses with Leads (Through Hole)', 80101], // 一次性保险丝
  ['Fuses', 'PTC Resettable Fuses', 80102], // 自恢复保险丝
  ['Fuses', 'Surface Mount Fuses', 80101], // 一次性保险丝
  // ── LEDs, optocouplers, photoelectric devices (nine spellings) ──────────────────────────────────────
  ['LED/Photoelectric Devices', 'Infrared (IR) LEDs', 50004], // 红外发射管
  ['LED/Photoelectric Devices', 'Light Emitting Diodes (LED)', 500], // 发光二极管 — mixed: single-colour, bi-colour, addressable
  ['Optocoupler', 'Gate Drive Optocoupler', 50104], // 栅极驱动光耦
  ['Optocoupler', 'Logic Output Optocoupler', 50102], // 逻辑/高速光耦
  ['Optocoupler', 'Solid State Relay (MOS Output)', 65003], // 固态继电器 — optically coupled SSRs
  ['Optocoupler', 'Solid State Relay (Thyristor Output)', 65003], // 固态继电器
  ['Optocoupler', 'Thyristor Output Optocoupler', 50103], // 可控硅输出光耦
  ['Optocoupler', 'Transistor Output Optocoupler', 50101], // 晶体管输出光耦
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Chip On Board (COB) Light Sources', 50006], // 大功率 LED — COB lighting emitters
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Fiber Optical Transceivers', 505], // 光纤收发器件
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'IRDA - Infrared Transceivers', 506], // IrDA红外收发器
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Infrared (IR) LEDs', 50004], // 红外发射管
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Infrared Remote Receiver', 503], // 红外接收头
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Infrared remote receiver', 503], // 红外接收头
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Laser Diodes', 504], // 激光二极管
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Light Emitting Diodes (LED)', 500], // 发光二极管 — mixed: single-colour, bi-colour, addressable
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Optocouplers - Logic Output', 50102], // 逻辑/高速光耦
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Optocouplers - Phototransistor Output', 50101], // 晶体管输出光耦
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Optocouplers - Thyristor Signal Output', 50103], // 可控硅输出光耦
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Photodiodes', 40901], // 光电二极管
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Photoelectric Accessories', 507], // 光电器件配件
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Photoelectric Thyristor (Solid State Relays)', 65003], // 固态继电器 — optically coupled SSRs
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Phototransistors', 40904], // 光电晶体管
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Solid State Relays - MOS Output (PhotoMOS)', 65003], // 固态继电器 — optically coupled SSRs
  ['Optocoupler/LED/Digital Tube/Photoelectric Device', 'Ultra Violet LEDs', 50007], // 紫外LED
  ['Optocouplers & LEDs & Infrared', 'Infrared (IR) LEDs', 50004], // 红外发射管
  ['Optocouplers & LEDs & Infrared', 'Light Emitting Diodes (LED)', 500], // 发光二极管 — mixed: single-colour, bi-colour, addressable
  ['Optocouplers & LEDs & Infrared', 'Optocouplers', 501], // 光耦
  ['Optocouplers/Photocouplers', 'Gate Drive Optocoupler', 50104], // 栅极驱动光耦
  ['Optocouplers/Photocouplers', 'Logic Output Optocoupler', 50102], // 逻辑/高速光耦
  ['Optocouplers/Photocouplers', 'Solid State Relay (MOS Output)', 65003], // 固态继电器 — optically coupled SSRs
  ['Optocouplers/Photocouplers', 'Solid State Relay (Thyristor Output)', 65003], // 固态继电器
  ['Optocouplers/Photocouplers', 'Thyristor Output Optocoupler', 50103], // 可控硅输出光耦
  ['Optocouplers/Photocouplers', 'Transistor Output Optocoupler', 50101], // 晶体管输出光耦
  ['Optoelectronics', 'Chip On Board (COB) Light Sources', 50006], // 大功率 LED — COB lighting emitters
  ['Optoelectronics', 'Fiber Optical Transceivers', 505], // 光纤收发器件
  ['Optoelectronics', 'IRDA - Infrared Transceivers', 506], // IrDA红外收发器
  ['Optoelectronics', 'Infrared (IR) LEDs', 50004], // 红外发射管
  ['Optoelectronics', 'Infrared LED Emitters', 50004], // 红外发射管
  ['Optoelectronics', 'Infrared Remote Receiver (IRM)', 503], // 红外接收头
  ['Optoelectronics', 'Infrared Remote Receivers', 503], // 红外接收头
  ['Optoelectronics', 'Infrared remote receiver', 503], // 红外接收头
  ['Optoelectronics', 'IrDA Transceiver Modules', 506], // IrDA红外收发器
  ['Optoelectronics', 'LED Indication - Discrete', 50001], // 单色 LED — discrete indicator LEDs
  ['Optoelectronics', 'Laser Diodes', 504], // 激光二极管
  ['Optoelectronics', 'Light Emitting Diodes (LED)', 500], // 发光二极管 — mixed: single-colour, bi-colour, addressable
  ['Optoelectronics', 'Optocouplers - Logic Output', 50102], // 逻辑/高速光耦
  ['Optoelectronics', 'Optocouplers - Phototransistor Output', 50101], // 晶体管输出光耦
  ['Optoelectronics', 'Optocouplers - Thyristor Signal Output', 50103], // 可控硅输出光耦
  ['Optoelectronics', 'Optoelectronics Accessories', 507], // 光电器件配件
  ['Optoelectronics', 'Photodiodes', 40901], // 光电二极管
  ['Optoelectronics', 'Photoelectric Accessories', 507], // 光电器件配件
  ['Optoelectronics', 'Photoelectric Thyristor (Solid State Relays)', 65003], // 固态继电器 — optically coupled SSRs
  ['Optoelectronics', 'Photointerrupters - Slot Type - Transistor Output', 41001], // 槽型光电开关(光断续器)
  ['Optoelectronics', 'Phototransistors', 40904], // 光电晶体管
  ['Optoelectronics', 'RGB LEDs', 50002], // RGB / 多色 LED
  ['Optoelectronics', 'RGB LEDs(Built-In IC)', 50003], // 可编程 (内置 IC) LED
  ['Optoelectronics', 'Reflective Optical Interrupters', 41002], // 反射式光电传感器
  ['Optoelectronics', 'Solid State Relays', 65003], // 固态继电器
  ['Optoelectronics', 'Solid State Relays - MOS Output (PhotoMOS)', 65003], // 固态继电器 — optically coupled SSRs
  ['Optoelectronics', 'Ultra Violet LEDs', 50007], // 紫外LED
  ['Optoelectronics', 'Ultraviolet LEDs (UVLED)', 50007], // 紫外LED
  ['optoelectronics', 'Light Emitting Diodes (LED)', 500], // 发光二极管 — mixed: single-colour, bi-colour, addressable
  ['optoelectronics', 'Phototransistors', 40904], // 光电晶体管
  ['Optoisolators', 'Gate Drive Optocoupler', 50104], // 栅极驱动光耦
  ['Optoisolators', 'Logic Output Optoisolators', 50102], // 逻辑/高速光耦
  ['Optoisolators', 'Solid State Relays (MOS Output)', 65003], // 固态继电器 — optically coupled SSRs
  ['Optoisolators', 'Solid State Relays (Triac Output)', 65003], // 固态继电器
  ['Optoisolators', 'Transistor, Photovoltaic Output Optoisolators', 50101], // 晶体管输出光耦 — mostly phototransistor output
  ['Optoisolators', 'Triac, SCR Output Optoisolators', 50103], // 可控硅输出光耦
  ['Photoelectric Devices', 'Fiber Optical Transceivers', 505], // 光纤收发器件
  ['Photoelectric Devices', 'Infrared (IR) LEDs', 50004], // 红外发射管
  ['Photoelectric Devices', 'Infrared Remote Receivers', 503], // 红外接收头
  ['Photoelectric Devices', 'Laser Diodes', 504], // 激光二极管
  ['Photoelectric Devices', 'Light Emitting Diodes (LED)', 500], // 发光二极管 — mixed: single-colour, bi-colour, addressable
  ['Photoelectric Devices', 'Photodiodes', 40901], // 光电二极管
  ['Photoelectric Devices', 'Photoelectric Accessories', 507], // 光电器件配件
  ['Photoelectric Devices', 'Photointerrupters - Slot Type - Transistor Output', 41001], // 槽型光电开关(光断续器)
  ['Photoelectric Devices', 'Phototransistors', 40904], // 光电晶体管
  ['Photoelectric Devices', 'RGB LEDs', 50002], // RGB / 多色 LED
  ['Photoelectric Devices', 'RGB LEDs(Built-In IC)', 50003], // 可编程 (内置 IC) LED
  ['Photoelectric Devices', 'Reflective Optical Interrupters', 41002], // 反射式光电传感器
  ['Photoelectric Devices', 'Ultra Violet LEDs', 50007], // 紫外LED
  // ── Displays ────────────────────────────────────────────────────────────────────────────────────────
  ['Display Screen', 'LED Dot Matrix Screen', 50206], // LED点阵屏
  ['Display Screen', 'LED Segment Displays', 50201], // 数码管
  ['Display Screen', 'Liquid Crystal Display Screen', 502], // 显示器 — character, graphic and memory LCDs mixed
  ['Displays', 'LCD Screen', 502], // 显示器 — character, graphic and memory LCDs mixed
  ['Displays', 'LED Dot Matrix And Cluster', 50206], // LED点阵屏
  ['Displays', 'LED Segment Displays', 50201], // 数码管
  ['Displays', 'Liquid Crystal Display Screen', 502], // 显示器 — character, graphic and memory LCDs mixed
  ['Displays', 'OLED Display', 50204], // OLED 显示屏
  ['Displays', 'Organic Light Emitting Diode Display Screen', 50204], // OLED 显示屏
  // ── MCUs, DSPs, FPGAs ───────────────────────────────────────────────────────────────────────────────
  ['Embedded Processors & Controllers', 'ADI', 100], // 单片机(MCU/MPU/SOC) — JLC files some MCUs by maker; the core is not in the pair (ADI: ADuC MCUs, a few SHARC DSPs)
  ['Embedded Processors & Controllers', 'ARTERY Mcu', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'ATMEL & AVR', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'Artery Mcu', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'CPLD/FPGA', 103], // 可编程逻辑器件
  ['Embedded Processors & Controllers', 'CYPRESS', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'Cmsemicon', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'Digital Signal Processors (DSP/DSC)', 102], // 数字信号处理器 (DSP)
  ['Embedded Processors & Controllers', 'Digital Signal Processors / Controllers (DSPs/DSCs)', 102], // 数字信号处理器 (DSP)
  ['Embedded Processors & Controllers', 'Fortior Technol', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'HDSC', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'Infineon', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'Light Emitting Diodes (LED)', 500], // 发光二极管 — a misfiled LED: the subcategory wins
  ['Embedded Processors & Controllers', 'MICROCHIP', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'Microcontroller Units (MCUs/MPUs/SOCs)', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'Microcontrollers (MCU/MPU/SOC)', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'Microprocessor & Microcontroller', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'NUVOTON', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'NXP MCU', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'Other Processors and Microcontrollers (MCUs)', 10017], // 其他微控制器
  ['Embedded Processors & Controllers', 'Pre-Ordered MCUs', 100], // 单片机(MCU/MPU/SOC) — the family is named, the core is not
  ['Embedded Processors & Controllers', 'Pre-ordered MCUs', 100], // 单片机(MCU/MPU/SOC) — the family is named, the core is not
  ['Embedded Processors & Controllers', 'Programmable Logic Device (CPLDs/FPGAs)', 103], // 可编程逻辑器件
  ['Embedded Processors & Controllers', 'RENESAS', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'SILICON LABS', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'ST Microelectronics', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Processors & Controllers', 'STC', 10008], // 8051 内核 — STC makes 8051-core MCUs only
  ['Embedded Processors & Controllers', 'TI MCU', 100], // 单片机(MCU/MPU/SOC)
  ['Single Chip Microcomputer/Microcontroller', 'Digital Signal Processors / Controllers (DSPs/DSCs)', 102], // 数字信号处理器 (DSP)
  ['Single Chip Microcomputer/Microcontroller', 'Microcontroller Units (MCUs/MPUs/SOCs)', 100], // 单片机(MCU/MPU/SOC)
  ['Single Chip Microcomputer/Microcontroller', 'NXP MCU', 100], // 单片机(MCU/MPU/SOC)
  ['Single Chip Microcomputer/Microcontroller', 'Pre-Ordered MCUs', 100], // 单片机(MCU/MPU/SOC) — the family is named, the core is not
  ['Single Chip Microcomputer/Microcontroller', 'Pre-ordered MCUs', 100], // 单片机(MCU/MPU/SOC) — the family is named, the core is not
  ['Single Chip Microcomputer/Microcontroller', 'Programmable Logic Device (CPLDs/FPGAs)', 103], // 可编程逻辑器件
  ['Single Chip Microcomputer/Microcontroller', 'ST Microelectronics', 100], // 单片机(MCU/MPU/SOC)
  ['Single Chip Microcomputer/Microcontroller', 'TI MCU', 100], // 单片机(MCU/MPU/SOC)
  ['Embedded Peripheral ICs', 'Clock Generators, PLLs, Frequency Synthesizers', 10603], // 锁相环与时钟发生器
  ['Embedded Peripheral ICs', 'I/O Expansion', 304], // I/O 扩展器
  ['Embedded Peripheral ICs', 'Microprocessor & Microcontroller Supervisors', 157], // 电源监控与复位 — reset/supervisor ICs
  ['Embedded Peripheral ICs', 'Real-time Clocks', 10602], // 实时时钟 (RTC)
  // ── Memory ──────────────────────────────────────────────────────────────────────────────────────────
  ['Memory', 'DDR SDRAM', 35302], // DRAM / SDRAM
  ['Memory', 'DRAM', 35302], // DRAM / SDRAM
  ['Memory', 'EEPROM', 350], // EEPROM
  ['Memory', 'EMMC', 35205], // eMMC
  ['Memory', 'FLASH', 352], // FLASH 存储器 — no NOR/NAND split given
  ['Memory', 'FRAM', 354], // FRAM / NVRAM
  ['Memory', 'Font Chips', 357], // 字库芯片 — serial ROMs with Chinese fonts (字库)
  ['Memory', 'Font chips', 357], // 字库芯片 — serial ROMs with Chinese fonts (字库)
  ['Memory', 'IButton Memory', 355], // 唯一 ID / 硅序列号 — 1-Wire iButton memory, next to 1-Wire ID devices
  ['Memory', 'Memory - Configuration Proms For FPGAs', 351], // EPROM / PROM / ROM
  ['Memory', 'Memory - Configuration Proms for FPGAs', 351], // EPROM / PROM / ROM
  ['Memory', 'Memory - Serial MCP (Multi Chip Package)', 352], // FLASH 存储器 — flash + RAM multi-chip packages
  ['Memory', 'Memory Controllers', 356], // 存储器控制器
  ['Memory', 'NAND FLASH', 35204], // NAND FLASH
  ['Memory', 'NOR FLASH', 35203], // NOR FLASH
  ['Memory', 'Non-Volatile Memory (ROM)', 351], // EPROM / PROM / ROM
  ['Memory', 'Random Access Memory (RAM)', 353], // RAM 存储器
  ['Memory', 'SDRAM', 35302], // DRAM / SDRAM
  ['Memory', 'SRAM', 35301], // SRAM
  ['Memory', 'eMMC', 35205], // eMMC
  // ── Power management (five spellings) ───────────────────────────────────────────────────────────────
  ['Power Management', 'AC-DC Controllers & Regulators', 15105], // 离线开关电源 (AC-DC) — off-line switchers and their controllers
  ['Power Management', 'Battery Management ICs', 156], // 电池管理
  ['Power Management', 'Current Source/Constant Current Source', 155], // 恒流源
  ['Power Management', 'DC-DC Converters', 151], // DC-DC芯片
  ['Power Management', 'Gate Drive ICs', 10701], // 栅极驱动 — the tree keeps gate drivers with the driver ICs
  ['Power Management', 'Linear Voltage Regulators (LDO)', 150], // 线性稳压器(LDO)
  ['Power Management', 'Monitors & Reset Circuits', 157], // 电源监控与复位
  ['Power Management', 'Motor Driver ICs', 10702], // 电机驱动 — the tree keeps motor drivers with the driver ICs
  ['Power Management', 'Power Distribution Switches', 158], // 电源开关与热插拔
  ['Power Management', 'Power Management Specialized - PMIC', 161], // 专用电源管理芯片(PMIC)
  ['Power Management', 'Power Modules', 159], // 电源模块 — isolated and non-isolated, AC-DC and DC-DC mixed
  ['Power Management', 'Power Over Ethernet Controllers', 162], // PoE控制器
  ['Power Management', 'Voltage References', 154], // 基准电压源
  ['Power Management', 'Wireless Charge-Discharge ICs', 160], // 无线充电芯片
  ['Power Management (PMIC)', 'AC-DC Controllers And Regulators', 15105], // 离线开关电源 (AC-DC) — off-line switchers and their controllers
  ['Power Management (PMIC)', 'Battery Management', 156], // 电池管理
  ['Power Management (PMIC)', 'Charge Pumps', 153], // 电荷泵
  ['Power Management (PMIC)', 'Current Source / Constant Current Source', 155], // 恒流源
  ['Power Management (PMIC)', 'DC-DC Converters', 151], // DC-DC芯片
  ['Power Management (PMIC)', 'Isolated DC/DC Converters', 15106], // 隔离 DC-DC 转换器 — isolated DC-DC ICs and chip-scale modules
  ['Power Management (PMIC)', 'Isolators - Gate Drivers', 10701], // 栅极驱动 — isolated gate drivers
  ['Power Management (PMIC)', 'Leakage Protection ICs', 161], // 专用电源管理芯片(PMIC) — RCD/GFCI ICs
  ['Power Management (PMIC)', 'Motor Driver ICs', 10702], // 电机驱动 — the tree keeps motor drivers with the driver ICs
  ['Power Management (PMIC)', 'PFC Controllers', 15202], // PFC 控制器
  ['Power Management (PMIC)', 'Power Distribution Switches', 158], // 电源开关与热插拔
  ['Power Management (PMIC)', 'Power Management - Specialized', 161], // 专用电源管理芯片(PMIC)
  ['Power Management (PMIC)', 'Power Over Ethernet (PoE) Controllers', 162], // PoE控制器
  ['Power Management (PMIC)', 'Supervisor And Reset ICs', 157], // 电源监控与复位
  ['Power Management (PMIC)', 'Synchronous Rectifier Controllers', 15204], // 同步整流控制器
  ['Power Management (PMIC)', 'Transformer Drivers', 15205], // 变压器驱动
  ['Power Management (PMIC)', 'USB PD', 30003], // USB Type-C / PD 控制器 — USB PD controllers live with the USB ICs
  ['Power Management (PMIC)', 'Voltage Reference', 154], // 基准电压源
  ['Power Management (PMIC)', 'Voltage Regulators - Linear, Low Drop Out (LDO) Regulators', 150], // 线性稳压器(LDO)
  ['Power Management (PMIC)', 'Wireless Charge-Discharge ICs', 160], // 无线充电芯片
  ['Power Management ICs', 'AC-DC Controllers & Regulators', 15105], // 离线开关电源 (AC-DC) — off-line switchers and their controllers
  ['Power Management ICs', 'Battery Management ICs', 156], // 电池管理
  ['Power Management ICs', 'Current Source/Constant Current Source', 155], // 恒流源
  ['Power Management ICs', 'DC-DC Controllers', 15206], // DC-DC控制器
  ['Power Management ICs', 'DC-DC Converters', 151], // DC-DC芯片
  ['Power Management ICs', 'Dropout Regulators(LDO)', 150], // 线性稳压器(LDO)
  ['Power Management ICs', 'Gate Drive ICs', 10701], // 栅极驱动 — the tree keeps gate drivers with the driver ICs
  ['Power Management ICs', 'Isolated Gate Drivers', 10701], // 栅极驱动 — isolated gate drivers
  ['Power Management ICs', 'Laser Drivers', 10709], // 激光驱动
  ['Power Management ICs', 'Leakage Protection ICs', 161], // 专用电源管理芯片(PMIC) — RCD/GFCI ICs
  ['Power Management ICs', 'Linear Voltage Regulators', 150], // 线性稳压器(LDO)
  ['Power Management ICs', 'Linear Voltage Regulators (LDO)', 150], // 线性稳压器(LDO)
  ['Power Management ICs', 'Low Dropout Regulators(LDO)', 150], // 线性稳压器(LDO)
  ['Power Management ICs', 'Monitors & Reset Circuits', 157], // 电源监控与复位
  ['Power Management ICs', 'Motor Driver ICs', 10702], // 电机驱动 — the tree keeps motor drivers with the driver ICs
  ['Power Management ICs', 'PMIC - Battery Management', 156], // 电池管理
  ['Power Management ICs', 'PMIC - Power Distribution Switches', 158], // 电源开关与热插拔
  ['Power Management ICs', 'Power Distribution Switches', 158], // 电源开关与热插拔
  ['Power Management ICs', 'Power Management Specialized - PMIC', 161], // 专用电源管理芯片(PMIC)
  ['Power Management ICs', 'Power Module AC-DC', 15901], // AC-DC 电源模块
  ['Power Management ICs', 'Power Modules', 159], // 电源模块 — isolated and non-isolated, AC-DC and DC-DC mixed
  ['Power Management ICs', 'Power Over Ethernet Controllers', 162], // PoE控制器
  ['Power Management ICs', 'Switching Controllers', 152], // 开关电源控制器
  ['Power Management ICs', 'Voltage References', 154], // 基准电压源
  ['Power Management ICs', 'Voltage Regulators - DC DC Switching Regulators', 151], // DC-DC芯片
  ['Power Management ICs', 'Wireless Charge-Discharge ICs', 160], // 无线充电芯片
  ['Power Supply Chip', 'AC-DC Controllers & Regulators', 15105], // 离线开关电源 (AC-DC) — off-line switchers and their controllers
  ['Power Supply Chip', 'Battery Management ICs', 156], // 电池管理
  ['Power Supply Chip', 'Current Source/Constant Current Source', 155], // 恒流源
  ['Power Supply Chip', 'DC-DC Controllers', 15206], // DC-DC控制器
  ['Power Supply Chip', 'DC-DC Converters', 151], // DC-DC芯片
  ['Power Supply Chip', 'Gate Drive ICs', 10701], // 栅极驱动 — the tree keeps gate drivers with the driver ICs
  ['Power Supply Chip', 'Laser Drivers', 10709], // 激光驱动
  ['Power Supply Chip', 'Linear Voltage Regulators (LDO)', 150], // 线性稳压器(LDO)
  ['Power Supply Chip', 'Monitors & Reset Circuits', 157], // 电源监控与复位
  ['Power Supply Chip', 'Motor Driver ICs', 10702], // 电机驱动 — the tree keeps motor drivers with the driver ICs
  ['Power Supply Chip', 'Power Distribution Switches', 158], // 电源开关与热插拔
  ['Power Supply Chip', 'Power Management Specialized - PMIC', 161], // 专用电源管理芯片(PMIC)
  ['Power Supply Chip', 'Power Modules', 159], // 电源模块 — isolated and non-isolated, AC-DC and DC-DC mixed
  ['Power Supply Chip', 'Power Over Ethernet Controllers', 162], // PoE控制器
  ['Power Supply Chip', 'Voltage References', 154], // 基准电压源
  ['Power Supply Chip', 'Wireless Charge-Discharge ICs', 160], // 无线充电芯片
  ['Power Modules', 'AC-DC Power Modules', 15901], // AC-DC 电源模块
  ['Power Modules', 'DC-DC Power Modules', 15902], // DC-DC 电源模块
  ['Power Modules', 'Isolated Power Modules', 15903], // 隔离电源模块
  // ── Driver ICs ──────────────────────────────────────────────────────────────────────────────────────
  ['Driver ICs', 'Darlington transistor array driver', 10708], // 达林顿/晶体管阵列
  ['Driver ICs', 'Driver ICs', 107], // 驱动芯片 — the family only
  ['Driver ICs', 'IGBT', 10701], // 栅极驱动 — IGBT gate drivers
  ['Driver ICs', 'LCD Drivers', 10704], // 显示驱动
  ['Driver ICs', 'LED Drivers', 10703], // LED 驱动
  ['Driver ICs', 'MOS Drivers', 10701], // 栅极驱动
  ['Driver ICs', 'Motor Drivers', 10702], // 电机驱动
  ['Display Modules / LED Drivers / Display Drivers', 'Driver ICs', 107], // 驱动芯片 — the family only
  ['Display Modules / LED Drivers / Display Drivers', 'LCD Displays Modules', 50203], // 图形 LCD / TFT
  ['Display Modules / LED Drivers / Display Drivers', 'LCD Drivers', 10704], // 显示驱动
  ['Display Modules / LED Drivers / Display Drivers', 'LED Display Drivers', 10704], // 显示驱动 — 7-segment and matrix drivers
  ['Display Modules / LED Drivers / Display Drivers', 'LED Displays - Dot Matrix', 50206], // LED点阵屏
  ['Display Modules / LED Drivers / Display Drivers', 'LED Drivers', 10703], // LED 驱动
  ['Display Modules / LED Drivers / Display Drivers', 'Led Segment Display', 50201], // 数码管
  ['Display Modules / LED Drivers / Display Drivers', 'OLED Drivers', 10704], // 显示驱动
  ['Display Modules / LED Drivers / Display Drivers', 'Other Lighting Drivers', 10703], // LED 驱动 — CCFL and other lighting drivers
  ['Display Modules / LED Drivers / Display Drivers', 'VFD Drivers', 10704], // 显示驱动
  ['LED Drivers', 'Digital Tube Drivers', 10704], // 显示驱动 — 7-segment (数码管) drivers
  ['LED Drivers', 'LCD Drivers', 10704], // 显示驱动
  ['LED Drivers', 'LED Drivers', 10703], // LED 驱动
  ['LED Drivers', 'Laser Drivers', 10709], // 激光驱动
  ['LED Drivers', 'Lighting Drivers & Controllers', 10703], // LED 驱动
  ['Motor Driver ICs', 'Brushed DC Motor Drivers', 10702], // 电机驱动
  ['Motor Driver ICs', 'Brushless DC (BLDC) Motor Driver', 10702], // 电机驱动
  ['Motor Driver ICs', 'Brushless DC Motor Drivers', 10702], // 电机驱动
  ['Motor Driver ICs', 'Gate Drivers', 10701], // 栅极驱动
  ['Motor Driver ICs', 'Relay / Coil Drivers', 10705], // 继电器驱动
  ['Motor Driver ICs', 'Stepper Motor Driver', 10702], // 电机驱动
  ['Nixie Tube Driver/LED Driver', 'LCD Drivers', 10704], // 显示驱动
  ['Nixie Tube Driver/LED Driver', 'LED Display Drivers', 10704], // 显示驱动 — 7-segment and matrix drivers
  ['Nixie Tube Driver/LED Driver', 'LED Displays - Dot Matrix', 50206], // LED点阵屏
  ['Nixie Tube Driver/LED Driver', 'LED Drivers', 10703], // LED 驱动
  ['Nixie Tube Driver/LED Driver', 'Led Segment Display', 50201], // 数码管
  ['Nixie Tube Driver/LED Driver', 'OLED Displays Modules', 50204], // OLED 显示屏
  ['Nixie Tube Driver/LED Driver', 'OLED Drivers', 10704], // 显示驱动
  ['Nixie Tube Driver/LED Driver', 'Other Lighting Drivers', 10703], // LED 驱动 — CCFL and other lighting drivers
  // ── Amplifiers and comparators (three spellings) ────────────────────────────────────────────────────
  ['Amplifiers', 'Analog Comparators', 207], // 比较器
  ['Amplifiers', 'Audio Power OpAmps', 204], // 音频功率放大器
  ['Amplifiers', 'Comparators', 207], // 比较器
  ['Amplifiers', 'Current-Sensing Amplifiers', 203], // 电流检测放大器
  ['Amplifiers', 'Differential OpAmps', 202], // 差分放大器
  ['Amplifiers', 'FET InputAmplifiers', 20005], // FET输入运放
  ['Amplifiers', 'General Purpose Amplifiers', 200], // 运算放大器 — general-purpose op amps
  ['Amplifiers', 'Instrumentation OpAmps', 201], // 仪表放大器
  ['Amplifiers', 'Isolation Amplifiers', 208], // 隔离放大器
  ['Amplifiers', 'Linear - Analog Multipliers & Dividers', 209], // 模拟乘法器/除法器
  ['Amplifiers', 'Low Noise OpAmps', 200], // 运算放大器 — no low-noise node; channel-count nodes unknown
  ['Amplifiers', 'Low Power OpAmps', 200], // 运算放大器 — no low-power node; channel-count nodes unknown
  ['Amplifiers', 'Operational Amplifier', 200], // 运算放大器 — channel count is a parameter, not in the pair
  ['Amplifiers', 'Operational Amplifiers', 200], // 运算放大器
  ['Amplifiers', 'Precision OpAmps', 20004], // 精密运放
  ['Amplifiers', 'Programmable/Variable Gain Amplifiers (PGAs/VGAs)', 210], // 可编程增益放大器(PGA/VGA)
  ['Amplifiers', 'Sample-and-Hold Amplifiers', 212], // 采样保持放大器
  ['Amplifiers', 'Special Purpose Amplifiers', 211], // 专用放大器
  ['Amplifiers', 'Video Amplifiers', 205], // 视频放大器
  ['Amplifiers/Comparators', 'Audio Amplifiers', 204], // 音频功率放大器
  ['Amplifiers/Comparators', 'Audio Power OpAmps', 204], // 音频功率放大器
  ['Amplifiers/Comparators', 'Comparators', 207], // 比较器
  ['Amplifiers/Comparators', 'Current Sense Amplifiers', 203], // 电流检测放大器
  ['Amplifiers/Comparators', 'Current-Sensing Amplifiers', 203], // 电流检测放大器
  ['Amplifiers/Comparators', 'Differential Amplifiers', 202], // 差分放大器
  ['Amplifiers/Comparators', 'FET Input Amplifiers', 20005], // FET输入运放
  ['Amplifiers/Comparators', 'FET InputAmplifiers', 20005], // FET输入运放
  ['Amplifiers/Comparators', 'Instrumentation Amplifiers', 201], // 仪表放大器
  ['Amplifiers/Comparators', 'Instrumentation OpAmps', 201], // 仪表放大器
  ['Amplifiers/Comparators', 'Linear - Analog Multipliers, Dividers', 209], // 模拟乘法器/除法器
  ['Amplifiers/Comparators', 'Operational Amplifier', 200], // 运算放大器 — channel count is a parameter, not in the pair
  ['Amplifiers/Comparators', 'Precision Op Amps', 20004], // 精密运放
  ['Amplifiers/Comparators', 'Precision OpAmps', 20004], // 精密运放
  ['Amplifiers/Comparators', 'Programmable / Variable Gain Amplifiers (PGA/VGA)', 210], // 可编程增益放大器(PGA/VGA)
  ['Amplifiers/Comparators', 'Special Purpose Amplifiers', 211], // 专用放大器
  ['Amplifiers/Comparators', 'Video Amplifiers', 205], // 视频放大器
  ['Operational Amplifier/Comparator', 'Audio Power OpAmps', 204], // 音频功率放大器
  ['Operational Amplifier/Comparator', 'Comparators', 207], // 比较器
  ['Operational Amplifier/Comparator', 'Current-Sensing Amplifiers', 203], // 电流检测放大器
  ['Operational Amplifier/Comparator', 'Differential OpAmps', 202], // 差分放大器
  ['Operational Amplifier/Comparator', 'FET InputAmplifiers', 20005], // FET输入运放
  ['Operational Amplifier/Comparator', 'Instrumentation OpAmps', 201], // 仪表放大器
  ['Operational Amplifier/Comparator', 'Isolation Amplifiers', 208], // 隔离放大器
  ['Operational Amplifier/Comparator', 'Linear - Analog Multipliers & Dividers', 209], // 模拟乘法器/除法器
  ['Operational Amplifier/Comparator', 'Operational Amplifier', 200], // 运算放大器 — channel count is a parameter, not in the pair
  ['Operational Amplifier/Comparator', 'Precision OpAmps', 20004], // 精密运放
  ['Operational Amplifier/Comparator', 'Programmable/Variable Gain Amplifiers (PGAs/VGAs)', 210], // 可编程增益放大器(PGA/VGA)
  ['Operational Amplifier/Comparator', 'Sample-and-Hold Amplifiers', 212], // 采样保持放大器
  ['Operational Amplifier/Comparator', 'Special Purpose Amplifiers', 211], // 专用放大器
  ['Operational Amplifier/Comparator', 'Video Amplifiers', 205], // 视频放大器
  // ── Data converters (five spellings) ────────────────────────────────────────────────────────────────
  ['ADC/DAC/Data Conversion', 'ADC/DAC - Specialized', 10408], // 专用ADC/DAC
  ['ADC/DAC/Data Conversion', 'Analog Front End (AFEs)', 10404], // 模拟前端(AFE)
  ['ADC/DAC/Data Conversion', 'Analog To Digital Converters (ADCs)', 10401], // 模数转换器 (ADC)
  ['ADC/DAC/Data Conversion', 'Digital Potentiometers', 111], // 数字电位器
  ['ADC/DAC/Data Conversion', 'Digital To Analog Converters (DACs)', 10402], // 数模转换器 (DAC)
  ['ADC/DAC/Data Conversion', 'Direct Digital Synthesis (DDS)', 10403], // 直接数字频率合成 (DDS)
  ['ADC/DAC/Data Conversion', 'Energy Metering ICs', 407], // 电能计量与功率监控
  ['ADC/DAC/Data Conversion', 'RMS-To-DC Converters', 10406], // RMS-DC转换器
  ['ADC/DAC/Data Conversion', 'RMS-to-DC Converters', 10406], // RMS-DC转换器
  ['ADC/DAC/Data Conversion', 'Touch Screen Controllers', 10405], // 触摸屏控制器
  ['ADC/DAC/Data Conversion', 'Voltage-To-Frequency / Frequency-To-Voltage Converters', 10407], // 电压/频率转换器(V/F、F/V)
  ['ADC/DAC/Data Conversion', 'Voltage-to-Frequency / Frequency-to-Voltage Converters', 10407], // 电压/频率转换器(V/F、F/V)
  ['Analog ICs', 'Analog Switches', 10501], // 模拟开关
  ['Analog ICs', 'Analog To Digital Converters (ADCs)', 10401], // 模数转换器 (ADC)
  ['Analog ICs', 'Digital Potentiometer ICs', 111], // 数字电位器
  ['Analog ICs', 'Digital To Analog Converters (DACs)', 10402], // 数模转换器 (DAC)
  ['Data Acquisition', 'ADC/DAC - Specialized', 10408], // 专用ADC/DAC
  ['Data Acquisition', 'ADCs/DACs - Special Purpose', 10408], // 专用ADC/DAC
  ['Data Acquisition', 'Analog Front End (AFE)', 10404], // 模拟前端(AFE)
  ['Data Acquisition', 'Analog To Digital Converters (ADC)', 10401], // 模数转换器 (ADC)
  ['Data Acquisition', 'Analog To Digital Converters (ADCs)', 10401], // 模数转换器 (ADC)
  ['Data Acquisition', 'Digital Potentiometers', 111], // 数字电位器
  ['Data Acquisition', 'Digital To Analog Converters (DAC)', 10402], // 数模转换器 (DAC)
  ['Data Acquisition', 'Digital To Analog Converters (DACs)', 10402], // 数模转换器 (DAC)
  ['Data Acquisition', 'Energy Metering', 407], // 电能计量与功率监控
  ['Data Acquisition', 'Touch Screen Controllers', 10405], // 触摸屏控制器
  ['Data Acquisition', 'V/F And F/V Converters', 10407], // 电压/频率转换器(V/F、F/V)
  ['Data Acquisition', 'Voltage-To-Frequency / Frequency-To-Voltage Converters', 10407], // 电压/频率转换器(V/F、F/V)
  ['Data Converters', 'ADC/DAC - Specialized', 10408], // 专用ADC/DAC
  ['Data Converters', 'Analog Front End (AFEs)', 10404], // 模拟前端(AFE)
  ['Data Converters', 'Analog Switches & Multiplexers', 105], // 模拟开关与多路复用器 — the tree keeps analog switches with the ICs
  ['Data Converters', 'Analog To Digital Converters (ADCs)', 10401], // 模数转换器 (ADC)
  ['Data Converters', 'Digital Potentiometers', 111], // 数字电位器
  ['Data Converters', 'Digital To Analog Converters (DACs)', 10402], // 数模转换器 (DAC)
  ['Data Converters', 'Direct Digital Synthesis (DDS)', 10403], // 直接数字频率合成 (DDS)
  ['Data Converters', 'Energy Metering ICs', 407], // 电能计量与功率监控
  ['Data Converters', 'RMS-to-DC Converters', 10406], // RMS-DC转换器
  ['Data Converters', 'Touch Screen Controllers', 10405], // 触摸屏控制器
  ['Data Converters', 'Voltage-to-Frequency / Frequency-to-Voltage Converters', 10407], // 电压/频率转换器(V/F、F/V)
  ['data converters', 'Analog Front End (AFEs)', 10404], // 模拟前端(AFE)
  ['data converters', 'Analog To Digital Converters (ADCs)', 10401], // 模数转换器 (ADC)
  // ── Clock and timing (five spellings) ───────────────────────────────────────────────────────────────
  ['Clock And Timing', 'Clock / Timing - Application Specific', 106], // 时钟与定时 — application-specific clock ICs: the family only
  ['Clock And Timing', 'Clock And Data Recovery/Retiming', 10605], // 抖动消除与时钟数据恢复
  ['Clock And Timing', 'Clock Buffers, Drivers', 10604], // 时钟缓冲器
  ['Clock And Timing', 'Clock Buffers/Drivers/Distributions', 10604], // 时钟缓冲器
  ['Clock And Timing', 'Clock Generators / Frequency Synthesizers / PLL', 10603], // 锁相环与时钟发生器
  ['Clock And Timing', 'Jitter Attenuators', 10605], // 抖动消除与时钟数据恢复
  ['Clock And Timing', 'Real-Time Clocks(RTC)', 10602], // 实时时钟 (RTC)
  ['Clock And Timing', 'Time Delay', 10606], // 延迟线 — delay lines
  ['Clock And Timing', 'Timers', 10601], // 定时器 (555 等)
  ['Clock And Timing', 'Timers / Clock Oscillators', 10601], // 定时器 (555 等) — 555s, programmable timers and silicon oscillators
  ['Clock and Timing', 'Clock / Timing - Application Specific', 106], // 时钟与定时 — application-specific clock ICs: the family only
  ['Clock and Timing', 'Clock Buffers, Drivers', 10604], // 时钟缓冲器
  ['Clock and Timing', 'Clock Generators / Frequency Synthesizers / PLL', 10603], // 锁相环与时钟发生器
  ['Clock and Timing', 'Clock and Data Recovery / Retiming', 10605], // 抖动消除与时钟数据恢复
  ['Clock and Timing', 'Delay Lines', 10606], // 延迟线
  ['Clock and Timing', 'Real-time Clocks (RTC)', 10602], // 实时时钟 (RTC)
  ['Clock and Timing', 'Timers / Clock Oscillators', 10601], // 定时器 (555 等) — 555s, programmable timers and silicon oscillators
  ['clock and timing', 'Timers / Clock Oscillators', 10601], // 定时器 (555 等) — 555s, programmable timers and silicon oscillators
  ['Clock/Timing', '555 Timers / Counters', 10601], // 定时器 (555 等)
  ['Clock/Timing', 'Application Specific Clock/Timing', 106], // 时钟与定时 — application-specific clock ICs: the family only
  ['Clock/Timing', 'Clock And Data Recovery / Retiming', 10605], // 抖动消除与时钟数据恢复
  ['Clock/Timing', 'Clock Buffers, Drivers, Distributors', 10604], // 时钟缓冲器
  ['Clock/Timing', 'Clock Buffers/Drivers/Distributions', 10604], // 时钟缓冲器
  ['Clock/Timing', 'Clock Generators / Frequency Synthesizers / PLL', 10603], // 锁相环与时钟发生器
  ['Clock/Timing', 'Clock Generators, PLLs, Frequency Synthesizers', 10603], // 锁相环与时钟发生器
  ['Clock/Timing', 'Jitter Attenuators', 10605], // 抖动消除与时钟数据恢复
  ['Clock/Timing', 'Real Time Clocks', 10602], // 实时时钟 (RTC)
  ['Clock/Timing', 'Real-Time Clocks(RTC)', 10602], // 实时时钟 (RTC)
  ['Clock/Timing', 'Timers', 10601], // 定时器 (555 等)
  ['Clock/Timing', 'Timers / Counters', 10601], // 定时器 (555 等)
  ['RTC/Clock Chip', 'Clock / Timing - Application Specific', 106], // 时钟与定时 — application-specific clock ICs: the family only
  ['RTC/Clock Chip', 'Clock And Data Recovery / Retiming', 10605], // 抖动消除与时钟数据恢复
  ['RTC/Clock Chip', 'Clock Buffers, Drivers', 10604], // 时钟缓冲器
  ['RTC/Clock Chip', 'Clock Generators / Frequency Synthesizers / PLL', 10603], // 锁相环与时钟发生器
  ['RTC/Clock Chip', 'Clock Jitter Cleaners & Synchronizers', 10605], // 抖动消除与时钟数据恢复
  ['RTC/Clock Chip', 'Clock and Data Recovery / Retiming', 10605], // 抖动消除与时钟数据恢复
  ['RTC/Clock Chip', 'Delay Lines', 10606], // 延迟线
  ['RTC/Clock Chip', 'Real-Time Clocks (RTC)', 10602], // 实时时钟 (RTC)
  ['RTC/Clock Chip', 'Real-time Clocks (RTC)', 10602], // 实时时钟 (RTC)
  ['RTC/Clock Chip', 'Timers / Clock Oscillators', 10601], // 定时器 (555 等) — 555s, programmable timers and silicon oscillators
  // ── Logic ───────────────────────────────────────────────────────────────────────────────────────────
  ['Logic', 'Buffer/Driver/Transceiver', 25005], // 缓冲器、驱动器与收发器
  ['Logic', 'Buffers, Drivers, Receivers, Transceivers', 25005], // 缓冲器、驱动器与收发器
  ['Logic', 'Counters / Dividers', 25003], // 计数器与分频器
  ['Logic', 'Counters, Dividers', 25003], // 计数器与分频器
  ['Logic', 'Digital Comparators', 25007], // 算术与比较器
  ['Logic', 'Flip Flops', 25002], // 触发器与锁存器
  ['Logic', 'Gates', 25001], // 门电路与反相器
  ['Logic', 'Inverters', 25001], // 门电路与反相器
  ['Logic', 'Latches', 25002], // 触发器与锁存器
  ['Logic', 'Logic Gates', 25001], // 门电路与反相器
  ['Logic', 'Monostable Multivibrators', 25008], // 单稳态触发器
  ['Logic', 'Parity Generators And Checkers', 25007], // 算术与比较器
  ['Logic', 'Shift Registers', 25004], // 移位寄存器
  ['Logic', 'Shifting Register', 25004], // 移位寄存器
  ['Logic', 'Signal Switches / Encoders & Decoders / Multiplexers', 25006], // 译码器、编码器与数据选择器
  ['Logic', 'Signal Switches, Multiplexers, Decoders', 25006], // 译码器、编码器与数据选择器
  ['Logic', 'Specialty Logic', 254], // 专用逻辑芯片
  ['Logic', 'Translators / Level Shifters', 253], // 电平转换器
  ['Logic', 'Translators, Level Shifters', 253], // 电平转换器
  ['Logic ICs', '4000 Series', 252], // 4000 系列 CMOS
  ['Logic ICs', '74 Series', 250], // 74 系列逻辑
  ['Logic ICs', 'Buffer/Driver/Transceiver', 25005], // 缓冲器、驱动器与收发器
  ['Logic ICs', 'Buffers / Drivers', 25005], // 缓冲器、驱动器与收发器
  ['Logic ICs', 'Buffers, Drivers, Receivers, Transceivers', 25005], // 缓冲器、驱动器与收发器
  ['Logic ICs', 'CPLD & FPGA', 103], // 可编程逻辑器件
  ['Logic ICs', 'Codec ICs', 10801], // 音频编解码与转换器 — the one part is an audio codec (WM8731)
  ['Logic ICs', 'Counters / Dividers', 25003], // 计数器与分频器
  ['Logic ICs', 'Digital Comparators', 25007], // 算术与比较器
  ['Logic ICs', 'FIFO Memory', 35303], // 双口 RAM / FIFO
  ['Logic ICs', 'Flip Flops', 25002], // 触发器与锁存器
  ['Logic ICs', 'Gates', 25001], // 门电路与反相器
  ['Logic ICs', 'Gates and Inverters', 25001], // 门电路与反相器
  ['Logic ICs', 'Inverters', 25001], // 门电路与反相器
  ['Logic ICs', 'Latches', 25002], // 触发器与锁存器
  ['Logic ICs', 'Level Translators,  Shifters', 253], // 电平转换器
  ['Logic ICs', 'Logic-Buffers, Drivers, Receivers, Transceivers', 25005], // 缓冲器、驱动器与收发器
  ['Logic ICs', 'Monostable Multivibrators', 25008], // 单稳态触发器
  ['Logic ICs', 'Parity Generators & Checkers', 25007], // 算术与比较器
  ['Logic ICs', 'Receivers & Transceivers', 25005], // 缓冲器、驱动器与收发器 — bus receivers and transceivers
  ['Logic ICs', 'Registers', 25002], // 触发器与锁存器 — octal D-type registers
  ['Logic ICs', 'Shifting Register', 25004], // 移位寄存器
  ['Logic ICs', 'Signal Switches / Encoders & Decoders / Multiplexers', 25006], // 译码器、编码器与数据选择器
  ['Logic ICs', 'Signal Switches, Multiplexers, Decoders', 25006], // 译码器、编码器与数据选择器
  ['Logic ICs', 'Special Logic ICs', 254], // 专用逻辑芯片
  ['Logic ICs', 'Timer', 10601], // 定时器 (555 等)
  ['Logic ICs', 'Translators / Level Shifters', 253], // 电平转换器
  ['Logic ICs', 'Universal Bus Function', 25005], // 缓冲器、驱动器与收发器 — bus transceivers
  // ── Interface and isolation (six spellings) ─────────────────────────────────────────────────────────
  ['Communication Interface Chip', 'Analog Switches - Special Purpose', 10501], // 模拟开关
  ['Communication Interface Chip', 'Analog Switches / Multiplexers', 105], // 模拟开关与多路复用器 — the tree keeps analog switches with the ICs
  ['Communication Interface Chip', 'Audio Interface ICs', 108], // 音视频芯片 — codecs, audio processors and sample-rate converters: the audio family
  ['Communication Interface Chip', 'CAN Transceivers', 30101], // CAN 收发器
  ['Communication Interface Chip', 'Ethernet Transceivers', 30301], // 以太网 PHY
  ['Communication Interface Chip', 'I/O Expanders', 304], // I/O 扩展器
  ['Communication Interface Chip', 'Interface - PCIs / PCIEs', 314], // PCI/PCIe接口芯片
  ['Communication Interface Chip', 'Interface - Specialized', 315], // 专用接口芯片
  ['Communication Interface Chip', 'LIN Transceivers', 30102], // LIN 收发器
  ['Communication Interface Chip', 'LVDS ICs', 312], // LVDS / 差分接口
  ['Communication Interface Chip', 'RS-485/RS-422 ICs', 30201], // RS-485 / RS-422 收发器
  ['Communication Interface Chip', 'RS232 ICs', 30202], // RS-232 收发器
  ['Communication Interface Chip', 'Security Verification / Encryption ICs', 109], // 安全与加密芯片
  ['Communication Interface Chip', 'Serializers / Deserializers', 316], // 串行器/解串器
  ['Communication Interface Chip', 'Signal Buffers, Repeaters, Splitters', 317], // 信号缓冲/中继/分配器
  ['Communication Interface Chip', 'Telecommunication Interface ICs', 308], // 电信接口
  ['Communication Interface Chip', 'UART', 30203], // UART 控制器
  ['Communication Interface Chip', 'USB Converters', 30001], // USB 转串口/桥接
  ['Communication Interface Chip', 'USB HUB Controllers', 30002], // USB 集线器
  ['Communication Interface Chip', 'Video Interface ICs', 10803], // 视频芯片 — video encoders, decoders, receivers
  ['Communication Interface Chip/UART/485/232', 'Analog Switches - Special Purpose', 10501], // 模拟开关
  ['Communication Interface Chip/UART/485/232', 'Analog Switches / Multiplexers', 105], // 模拟开关与多路复用器 — the tree keeps analog switches with the ICs
  ['Communication Interface Chip/UART/485/232', 'Audio Interface ICs', 108], // 音视频芯片 — codecs, audio processors and sample-rate converters: the audio family
  ['Communication Interface Chip/UART/485/232', 'CAN ICs', 301], // CAN / LIN 收发器 — transceivers and controllers mixed
  ['Communication Interface Chip/UART/485/232', 'Digital Isolators', 310], // 数字隔离器
  ['Communication Interface Chip/UART/485/232', 'Ethernet ICs', 303], // 以太网芯片 — PHYs, controllers and switches mixed
  ['Communication Interface Chip/UART/485/232', 'I/O Expanders', 304], // I/O 扩展器
  ['Communication Interface Chip/UART/485/232', 'Interface - PCIs / PCIEs', 314], // PCI/PCIe接口芯片
  ['Communication Interface Chip/UART/485/232', 'Interface - Specialized', 315], // 专用接口芯片
  ['Communication Interface Chip/UART/485/232', 'LIN Transceivers', 30102], // LIN 收发器
  ['Communication Interface Chip/UART/485/232', 'LVDS ICs', 312], // LVDS / 差分接口
  ['Communication Interface Chip/UART/485/232', 'Multi-protocol Transceivers', 302], // RS-232 / RS-485 / UART — RS-232/RS-485 combination transceivers
  ['Communication Interface Chip/UART/485/232', 'Pre-ordered Chips', 313], // 其他接口芯片 — JLC catch-all: parts of any function
  ['Communication Interface Chip/UART/485/232', 'RS-485/RS-422 ICs', 30201], // RS-485 / RS-422 收发器
  ['Communication Interface Chip/UART/485/232', 'RS232 ICs', 30202], // RS-232 收发器
  ['Communication Interface Chip/UART/485/232', 'Security Verification / Encryption ICs', 109], // 安全与加密芯片
  ['Communication Interface Chip/UART/485/232', 'Serializers / Deserializers', 316], // 串行器/解串器
  ['Communication Interface Chip/UART/485/232', 'Signal Buffers, Repeaters, Splitters', 317], // 信号缓冲/中继/分配器
  ['Communication Interface Chip/UART/485/232', 'Telecommunication Interface ICs', 308], // 电信接口
  ['Communication Interface Chip/UART/485/232', 'UART', 30203], // UART 控制器
  ['Communication Interface Chip/UART/485/232', 'USB ICs', 300], // USB 接口芯片
  ['Communication Interface Chip/UART/485/232', 'Video Interface ICs', 10803], // 视频芯片 — video encoders, decoders, receivers
  ['Interface', 'Analog Switches - Special Purpose', 10501], // 模拟开关
  ['Interface', 'Analog Switches / Multiplexers', 105], // 模拟开关与多路复用器 — the tree keeps analog switches with the ICs
  ['Interface', 'Analog Switches, Multiplexers', 105], // 模拟开关与多路复用器 — the tree keeps analog switches with the ICs
  ['Interface', 'Audio Interface ICs', 108], // 音视频芯片 — codecs, audio processors and sample-rate converters: the audio family
  ['Interface', 'CAN Controllers', 30103], // CAN 控制器
  ['Interface', 'CAN Transceivers', 30101], // CAN 收发器
  ['Interface', 'Ethernet Controllers', 30302], // 以太网控制器
  ['Interface', 'Ethernet Switches', 30303], // 以太网交换芯片
  ['Interface', 'Ethernet Transceivers', 30301], // 以太网 PHY
  ['Interface', 'I/O Expanders', 304], // I/O 扩展器
  ['Interface', 'Interface - PCIs / PCIEs', 314], // PCI/PCIe接口芯片
  ['Interface', 'Interface - Specialized', 315], // 专用接口芯片
  ['Interface', 'LIN Transceivers', 30102], // LIN 收发器
  ['Interface', 'LVDS ICs', 312], // LVDS / 差分接口
  ['Interface', 'RS-485 / RS-422 ICs', 30201], // RS-485 / RS-422 收发器
  ['Interface', 'RS-485/RS-422 ICs', 30201], // RS-485 / RS-422 收发器
  ['Interface', 'RS232 ICs', 30202], // RS-232 收发器
  ['Interface', 'Security Verification / Encryption ICs', 109], // 安全与加密芯片
  ['Interface', 'Serializers, Deserializers', 316], // 串行器/解串器
  ['Interface', 'Signal Buffers, Repeaters, Splitters', 317], // 信号缓冲/中继/分配器
  ['Interface', 'Telecom Interface ICs', 308], // 电信接口
  ['Interface', 'UART', 30203], // UART 控制器
  ['Interface', 'USB Converters', 30001], // USB 转串口/桥接
  ['Interface', 'USB HUB Controllers', 30002], // USB 集线器
  ['Interface', 'Video Interface ICs', 10803], // 视频芯片 — video encoders, decoders, receivers
  ['Interface ICs', 'Analog Switches - Special Purpose', 10501], // 模拟开关
  ['Interface ICs', 'Analog Switches / Multiplexers', 105], // 模拟开关与多路复用器 — the tree keeps analog switches with the ICs
  ['Interface ICs', 'Audio Interface ICs', 108], // 音视频芯片 — codecs, audio processors and sample-rate converters: the audio family
  ['Interface ICs', 'CAN ICs', 301], // CAN / LIN 收发器 — transceivers and controllers mixed
  ['Interface ICs', 'Digital Isolators', 310], // 数字隔离器
  ['Interface ICs', 'Ethernet ICs', 303], // 以太网芯片 — PHYs, controllers and switches mixed
  ['Interface ICs', 'I/O Expanders', 304], // I/O 扩展器
  ['Interface ICs', 'Interface - Direct Digital Synthesis (DDS)', 10403], // 直接数字频率合成 (DDS)
  ['Interface ICs', 'Interface - PCIs / PCIEs', 314], // PCI/PCIe接口芯片
  ['Interface ICs', 'Interface - Specialized', 315], // 专用接口芯片
  ['Interface ICs', 'Interface -LIN Transceiver', 30102], // LIN 收发器
  ['Interface ICs', 'Interface ICs', 313], // 其他接口芯片 — the family repeated as subcategory: nothing finer known
  ['Interface ICs', 'LIN Transceivers', 30102], // LIN 收发器
  ['Interface ICs', 'LVDS ICs', 312], // LVDS / 差分接口
  ['Interface ICs', 'Multi-protocol Transceivers', 302], // RS-232 / RS-485 / UART — RS-232/RS-485 combination transceivers
  ['Interface ICs', 'Pre-ordered Chips', 313], // 其他接口芯片 — JLC catch-all: parts of any function
  ['Interface ICs', 'RS-485 & RS-422', 30201], // RS-485 / RS-422 收发器
  ['Interface ICs', 'RS-485/RS-422 ICs', 30201], // RS-485 / RS-422 收发器
  ['Interface ICs', 'RS232 ICs', 30202], // RS-232 收发器
  ['Interface ICs', 'Security Verification / Encryption ICs', 109], // 安全与加密芯片
  ['Interface ICs', 'Sensor Interface ICs', 110], // 模拟专用芯片 — sensor signal conditioners (LVDT etc.)
  ['Interface ICs', 'Serializers / Deserializers', 316], // 串行器/解串器
  ['Interface ICs', 'Signal Buffers, Repeaters, Splitters', 317], // 信号缓冲/中继/分配器
  ['Interface ICs', 'Telecommunication Interface ICs', 308], // 电信接口
  ['Interface ICs', 'UART', 30203], // UART 控制器
  ['Interface ICs', 'USB ICs', 300], // USB 接口芯片
  ['Interface ICs', 'Video Interface ICs', 10803], // 视频芯片 — video encoders, decoders, receivers
  ['Isolators', 'Digital Isolators', 310], // 数字隔离器
  ['Isolators', 'Digital Isolators With Power', 310], // 数字隔离器
  ['Isolators', 'Isolated ADCs', 10401], // 模数转换器 (ADC) — isolated ADCs and modulators are ADCs
  ['Isolators', 'Isolated RS-485/422 Transceivers', 30201], // RS-485 / RS-422 收发器
  ['Isolators', 'Isolation Amplifiers', 208], // 隔离放大器
  ['Signal Isolation Devices', 'Digital Isolators', 310], // 数字隔离器
  ['Signal Isolation Devices', 'Digital Isolators (With Power)', 310], // 数字隔离器
  ['Signal Isolation Devices', 'Digital Isolators With Iso-Power', 310], // 数字隔离器
  ['Signal Isolation Devices', 'Digital Isolators With Power', 310], // 数字隔离器
  ['Signal Isolation Devices', 'I2C Isolators', 310], // 数字隔离器
  ['Signal Isolation Devices', 'Isolated ADCs', 10401], // 模数转换器 (ADC) — isolated ADCs and modulators are ADCs
  ['Signal Isolation Devices', 'Isolated ADCs With Power', 10401], // 模数转换器 (ADC) — isolated ADCs and modulators are ADCs
  ['Signal Isolation Devices', 'Isolated CAN Transceivers', 30101], // CAN 收发器
  ['Signal Isolation Devices', 'Isolated CAN Transceivers (With Power)', 30101], // CAN 收发器
  ['Signal Isolation Devices', 'Isolated Comparators', 207], // 比较器
  ['Signal Isolation Devices', 'Isolated RS-232 Transceivers', 30202], // RS-232 收发器
  ['Signal Isolation Devices', 'Isolated RS-485/422 Transceivers', 30201], // RS-485 / RS-422 收发器
  ['Signal Isolation Devices', 'Isolated RS-485/422 Transceivers With Power', 30201], // RS-485 / RS-422 收发器
  ['Signal Isolation Devices', 'Isolated USB ICs', 30005], // USB 隔离器
  ['Signal Isolation Devices', 'Isolation Amplifiers', 208], // 隔离放大器
  ['Signal Isolation Devices', 'Isolation Amplifiers With Power', 208], // 隔离放大器
  ['Signal Isolation Devices', 'Optocoupler Emulator (Optocoupler Replacement)', 501], // 光耦 — pin-compatible optocoupler replacements
  // ── Sensors ─────────────────────────────────────────────────────────────────────────────────────────
  ['Sensors', 'Accelerometers', 40301], // 加速度计
  ['Sensors', 'Ambient Light Sensors', 40903], // 环境光与颜色传感器
  ['Sensors', 'Angle Sensors', 415], // 位置传感器
  ['Sensors', 'Angle, Linear Position Sensors', 415], // 位置传感器 — magnetic encoders and ToF position parts
  ['Sensors', 'Angular Velocity Sensors', 40302], // 陀螺仪
  ['Sensors', 'Attitude Sensor/Gyroscope', 40303], // 惯性测量单元 (IMU) — 6/9-axis attitude sensors
  ['Sensors', 'Attitude Sensors', 40303], // 惯性测量单元 (IMU) — 6/9-axis attitude sensors
  ['Sensors', 'Biometric Sensors', 416], // 人体感应/生物传感器 — the parts are PIR detectors
  ['Sensors', 'Capacitive Sensor IC', 411], // 触摸传感器
  ['Sensors', 'Current Sensors', 405], // 电流传感器
  ['Sensors', 'Fiber Optic/Laser Sensors', 413], // 测距传感器 — ToF / IR distance sensors
  ['Sensors', 'Float Level Senors', 417], // 液位传感器
  ['Sensors', 'Flow Sensor', 418], // 流量传感器
  ['Sensors', 'Flow Sensors', 418], // 流量传感器
  ['Sensors', 'Force Sensors', 419], // 力传感器
  ['Sensors', 'Gas Sensors', 408], // 气体传感器
  ['Sensors', 'Hall Sensor', 404], // 磁传感器 — switches, linear and 3D mixed
  ['Sensors', 'Heart Rate Sensor', 416], // 人体感应/生物传感器
  ['Sensors', 'Human Body Sensing Sensor', 416], // 人体感应/生物传感器
  ['Sensors', 'Humidity Sensors/Temperature and Humidity Sensors', 401], // 温湿度传感器
  ['Sensors', 'Humidity, Moisture Sensors', 401], // 温湿度传感器
  ['Sensors', 'Image Sensors', 420], // 图像传感器
  ['Sensors', 'Magnetic Sensors', 404], // 磁传感器 — switches, linear and angle sensors mixed
  ['Sensors', 'Motion Sensors - Accelerometers', 40301], // 加速度计
  ['Sensors', 'NTC Thermistors', 55004], // 热敏电阻
  ['Sensors', 'Optical Sensors', 409], // 光学传感器
  ['Sensors', 'PTC Thermistors', 55004], // 热敏电阻
  ['Sensors', 'Photointerrupters - Slot Type - Logic Output', 41001], // 槽型光电开关(光断续器)
  ['Sensors', 'Photointerrupters - Slot Type - Transistor Output', 41001], // 槽型光电开关(光断续器)
  ['Sensors', 'Photoresistors', 40902], // 光敏电阻
  ['Sensors', 'Position Sensor', 415], // 位置传感器
  ['Sensors', 'Position Sensors', 415], // 位置传感器
  ['Sensors', 'Pressure Sensors', 402], // 压力传感器
  ['Sensors', 'Proximity Sensors', 41003], // 接近传感器
  ['Sensors', 'Reflective Optical Interrupters', 41002], // 反射式光电传感器
  ['Sensors', 'Sensor Modules', 752], // 传感器模块
  ['Sensors', 'Specialized Sensors', 423], // 专用传感器
  ['Sensors', 'Temperature And Humidity Sensor', 401], // 温湿度传感器
  ['Sensors', 'Temperature Sensors', 400], // 温度传感器
  ['Sensors', 'Temperature and Humidity Sensor', 401], // 温湿度传感器
  ['Sensors', 'Thermostat Switches', 65107], // 温控开关 — bimetal thermostats
  ['Sensors', 'Touch Sensors', 411], // 触摸传感器
  ['Sensors', 'Ultrasonic Receivers, Transmitters', 421], // 超声波传感器
  ['Sensors', 'Vibration Sensors', 422], // 振动传感器
  ['Magnetic Sensors', '3D Magnetic Sensors', 40403], // 磁力计与角度传感器
  ['Magnetic Sensors', 'Current Sensors', 405], // 电流传感器
  ['Magnetic Sensors', 'Hall Switches', 40401], // 霍尔开关
  ['Magnetic Sensors', 'Linear Hall Sensors', 40402], // 线性霍尔传感器
  ['Magnetic Sensors', 'Magnetic Angle Sensors', 40403], // 磁力计与角度传感器
  ['Magnetic Sensors', 'Reed Switches', 65106], // 干簧管
  // ── RF (three spellings) ────────────────────────────────────────────────────────────────────────────
  ['RF & Radio', 'Antennas', 556], // 天线
  ['RF & Radio', 'Balun', 55302], // 射频变压器/巴伦
  ['RF & Radio', 'Diplexers', 712], // 双工器
  ['RF & Radio', 'Low Noise Amplifiers (LNA) - RF', 70101], // 低噪声放大器 (LNA)
  ['RF & Radio', 'RF Amplifiers', 701], // 射频放大器
  ['RF & Radio', 'RF Chips', 707], // NFC / RFID — the parts are RFID/NFC ICs
  ['RF & Radio', 'RF Coupler', 71002], // 耦合器/功分器
  ['RF & Radio', 'RF Detectors', 70104], // 射频检波器
  ['RF & Radio', 'RF Filters', 704], // 射频滤波器
  ['RF & Radio', 'RF Front End Circuits', 713], // 射频前端
  ['RF & Radio', 'RF Misc ICs and Modules', 714], // 其他射频芯片与模块 — JLC's own miscellany
  ['RF & Radio', 'RF Mixers', 703], // 混频器
  ['RF & Radio', 'RF Switches', 702], // 射频开关
  ['RF & Radio', 'RF Transceiver ICs', 700], // 射频收发芯片
  ['RF & Radio', 'RF attenuator', 71001], // 衰减器
  ['RF & Radio', 'Radio Frequency Cable', 61902], // 射频线缆 — coax cable assemblies
  ['RF & Radio', 'SAW Filters', 55502], // SAW 声表滤波器
  ['RF & Radio', 'Tunable Filters', 704], // 射频滤波器
  ['RF & Radio', 'Voltage Controlled Oscillators (VCO)', 711], // 压控振荡器(VCO)
  ['RF And Wireless', 'Antennas', 556], // 天线
  ['RF And Wireless', 'Balun', 55302], // 射频变压器/巴伦
  ['RF And Wireless', 'Diplexers', 712], // 双工器
  ['RF And Wireless', 'Duplexers', 712], // 双工器
  ['RF And Wireless', 'Low Noise Amplifiers (LNA) - RF', 70101], // 低噪声放大器 (LNA)
  ['RF And Wireless', 'RF Amplifiers', 701], // 射频放大器
  ['RF And Wireless', 'RF Attenuator', 71001], // 衰减器
  ['RF And Wireless', 'RF Attenuators', 71001], // 衰减器
  ['RF And Wireless', 'RF Cables', 61902], // 射频线缆 — coax cable assemblies
  ['RF And Wireless', 'RF Chips', 707], // NFC / RFID — the parts are RFID/NFC ICs
  ['RF And Wireless', 'RF Coupler', 71002], // 耦合器/功分器
  ['RF And Wireless', 'RF Detectors', 70104], // 射频检波器
  ['RF And Wireless', 'RF Directional Coupler', 71002], // 耦合器/功分器
  ['RF And Wireless', 'RF Filters', 704], // 射频滤波器
  ['RF And Wireless', 'RF Front End Circuits', 713], // 射频前端
  ['RF And Wireless', 'RF Misc ICs And Modules', 714], // 其他射频芯片与模块 — JLC's own miscellany
  ['RF And Wireless', 'RF Mixers', 703], // 混频器
  ['RF And Wireless', 'RF Modulators And Demodulators', 715], // 射频调制解调器
  ['RF And Wireless', 'RF Power Amplifiers', 70102], // 功率放大器 (PA)
  ['RF And Wireless', 'RF Power Splitters / Combiners', 71002], // 耦合器/功分器
  ['RF And Wireless', 'RF Switches', 702], // 射频开关
  ['RF And Wireless', 'RF Transceiver ICs', 700], // 射频收发芯片
  ['RF And Wireless', 'RFID ICs', 707], // NFC / RFID
  ['RF And Wireless', 'Radio Frequency Cable', 61902], // 射频线缆 — coax cable assemblies
  ['RF And Wireless', 'SAW Filters', 55502], // SAW 声表滤波器
  ['RF And Wireless', 'Tunable Filters', 704], // 射频滤波器
  ['Radio Frequency Chip/Antenna', 'Antennas', 556], // 天线
  ['Radio Frequency Chip/Antenna', 'Balun', 55302], // 射频变压器/巴伦
  ['Radio Frequency Chip/Antenna', 'Diplexers', 712], // 双工器
  ['Radio Frequency Chip/Antenna', 'Low Noise Amplifiers (LNA) - RF', 70101], // 低噪声放大器 (LNA)
  ['Radio Frequency Chip/Antenna', 'RF Amplifiers', 701], // 射频放大器
  ['Radio Frequency Chip/Antenna', 'RF Attenuator', 71001], // 衰减器
  ['Radio Frequency Chip/Antenna', 'RF Chips', 707], // NFC / RFID — the parts are RFID/NFC ICs
  ['Radio Frequency Chip/Antenna', 'RF Coupler', 71002], // 耦合器/功分器
  ['Radio Frequency Chip/Antenna', 'RF Detectors', 70104], // 射频检波器
  ['Radio Frequency Chip/Antenna', 'RF Filters', 704], // 射频滤波器
  ['Radio Frequency Chip/Antenna', 'RF Front End Circuits', 713], // 射频前端
  ['Radio Frequency Chip/Antenna', 'RF Misc ICs And Modules', 714], // 其他射频芯片与模块 — JLC's own miscellany
  ['Radio Frequency Chip/Antenna', 'RF Misc ICs and Modules', 714], // 其他射频芯片与模块 — JLC's own miscellany
  ['Radio Frequency Chip/Antenna', 'RF Mixers', 703], // 混频器
  ['Radio Frequency Chip/Antenna', 'RF Modulators / Demodulator', 715], // 射频调制解调器
  ['Radio Frequency Chip/Antenna', 'RF Power Amplifiers', 70102], // 功率放大器 (PA)
  ['Radio Frequency Chip/Antenna', 'RF Power Splitters / Combiners', 71002], // 耦合器/功分器
  ['Radio Frequency Chip/Antenna', 'RF Switches', 702], // 射频开关
  ['Radio Frequency Chip/Antenna', 'RF Transceiver ICs', 700], // 射频收发芯片
  ['Radio Frequency Chip/Antenna', 'RF attenuator', 71001], // 衰减器
  ['Radio Frequency Chip/Antenna', 'Radio Frequency Cable', 61902], // 射频线缆 — coax cable assemblies
  ['Radio Frequency Chip/Antenna', 'SAW Filters', 55502], // SAW 声表滤波器
  ['Radio Frequency Chip/Antenna', 'Voltage Controlled Oscillators (VCO)', 711], // 压控振荡器(VCO)
  // ── Modules and boards ──────────────────────────────────────────────────────────────────────────────
  ['IoT/Communication Modules', '2G/3G/4G/5G Modules', 75006], // 蜂窝通信模块
  ['IoT/Communication Modules', 'Bluetooth Modules', 75002], // 蓝牙模块
  ['IoT/Communication Modules', 'CAN Bus Modules', 753], // 总线/接口通信模块
  ['IoT/Communication Modules', 'Ethernet Modules', 753], // 总线/接口通信模块
  ['IoT/Communication Modules', 'GNSS Modules', 75005], // GNSS / GPS 模块
  ['IoT/Communication Modules', 'LoRa Modules', 75003], // LoRa / Sub-GHz 模块
  ['IoT/Communication Modules', 'RF Modules', 750], // 无线模块 — cellular, GNSS and Wi-Fi mixed
  ['IoT/Communication Modules', 'RFID Modules', 75008], // RFID模块
  ['IoT/Communication Modules', 'RS232 Bus Modules', 753], // 总线/接口通信模块
  ['IoT/Communication Modules', 'RS485 Bus Modules', 753], // 总线/接口通信模块
  ['IoT/Communication Modules', 'Satellite Positioning Modules', 75005], // GNSS / GPS 模块
  ['IoT/Communication Modules', 'USB Conversion Modules', 753], // 总线/接口通信模块
  ['IoT/Communication Modules', 'USB Modules', 753], // 总线/接口通信模块
  ['IoT/Communication Modules', 'WiFi Modules', 75001], // WiFi 模块
  ['IoT/Communication Modules', 'ZigBee Modules', 75004], // ZigBee / 802.15.4 模块
  ['Functional Modules', 'LCD Displays Modules', 50203], // 图形 LCD / TFT
  ['Functional Modules', 'Modules', 754], // 功能模块 — relay, power and interface boards
  ['Functional Modules', 'OLED Displays Modules', 50204], // OLED 显示屏
  ['Functional Modules', 'Sensor Modules', 752], // 传感器模块
  ['Functional Modules', 'V-Audio Modules', 756], // 语音模块 — voice playback / recognition modules
  ['Functional Modules', 'WIFI Modules', 75001], // WiFi 模块
  ['Functional Modules', 'Wireless Modules', 750], // 无线模块 — cellular, GNSS and Wi-Fi mixed
  ['Educational Kits', 'Modules', 754], // 功能模块 — relay, power and interface boards
  ['Educational Kits', 'V-Audio Modules', 756], // 语音模块 — voice playback / recognition modules
  ['Development Boards & Tools', 'Development Boards & Kits', 751], // 开发板与核心板
  ['Development Boards & Tools', 'Programmers, Emulators, And Debuggers', 755], // 编程器/仿真器
  ['Development Boards & Tools', 'Raspberry Pi', 751], // 开发板与核心板
  // ── Connectors and terminals ────────────────────────────────────────────────────────────────────────
  ['Connectors', 'AC Power Connector', 60402], // AC电源连接器
  ['Connectors', 'AC Power Connectors', 60402], // AC电源连接器
  ['Connectors', 'AC/DC Power Connectors', 604], // 电源连接器 — AC and DC mixed
  ['Connectors', 'AC/DC Power Plugs & Receptacles', 604], // 电源连接器
  ['Connectors', 'Audio & Video Connectors', 602], // 音视频连接器
  ['Connectors', 'Audio Connector (Headphone)', 60201], // 音频连接器
  ['Connectors', 'Audio Connectors', 60201], // 音频连接器
  ['Connectors', 'Audio Connectors (Headphones)', 60201], // 音频连接器
  ['Connectors', 'Automobile Connectors', 616], // 汽车连接器
  ['Connectors', 'Backplane Connector', 613], // 板对板/背板连接器
  ['Connectors', 'Banana Connectors / Alligator Clips', 622], // 香蕉头/鳄鱼夹/测试环
  ['Connectors', 'Banana Connectors / Alligator Clips / Test Rings', 622], // 香蕉头/鳄鱼夹/测试环
  ['Connectors', 'Banana Connectors/Alligator Clips', 622], // 香蕉头/鳄鱼夹/测试环
  ['Connectors', 'Barrier Terminal Blocks', 60804], // 栅栏式接线端子
  ['Connectors', 'Battery Connectors', 618], // 电池座/电池连接器
  ['Connectors', 'Blade / Shrapnel Contact Battery Connector', 618], // 电池座/电池连接器
  ['Connectors', 'Blade / Shrapnel Contact Battery Connectors', 618], // 电池座/电池连接器
  ['Connectors', 'Board-To-Board And Backplane Connector', 613], // 板对板/背板连接器
  ['Connectors', 'Button And Strip Battery Connector', 618], // 电池座/电池连接器
  ['Connectors', 'Card Edge Connectors', 609], // 板卡与总线连接器
  ['Connectors', 'Card Sockets Connectors', 606], // 卡座 (SD/SIM)
  ['Connectors', 'Circular Connectors', 60502], // 圆形连接器
  ['Connectors', 'Circular Connectors & Cable Connectors', 60502], // 圆形连接器
  ['Connectors', 'Circular DIN Connectors', 60502], // 圆形连接器
  ['Connectors', 'Coaxial Connectors (RF)', 607], // 射频同轴连接器
  ['Connectors', 'Cold-Pressed Terminals', 617], // 冷压端子
  ['Connectors', 'Cold-Pressed?Terminals', 617], // 冷压端子
  ['Connectors', 'Cold-pressed?Terminals', 617], // 冷压端子
  ['Connectors', 'Connector Accessories', 623], // 连接器配件
  ['Connectors', 'Connector Housings', 61201], // 连接器胶壳
  ['Connectors', 'Connector Shells', 61201], // 连接器胶壳 — filed by JLC as connector housings
  ['Connectors', 'Connectors - Housings', 61201], // 连接器胶壳
  ['Connectors', 'D-Sub / VGA Connector', 60501], // D-Sub连接器
  ['Connectors', 'D-Sub / VGA Connectors', 60501], // D-Sub连接器
  ['Connectors', 'D-Sub Connectors', 60501], // D-Sub连接器
  ['Connectors', 'D-Sub/DVI/HDMI Connectors', 60501], // D-Sub连接器 — mixed bin, mostly D-Sub
  ['Connectors', 'DC Power Connector', 60401], // DC电源连接器
  ['Connectors', 'DC Power Connectors', 60401], // DC电源连接器
  ['Connectors', 'DIN41612 Connectors', 609], // 板卡与总线连接器
  ['Connectors', 'DVI Connectors', 60202], // HDMI/DVI/DP连接器
  ['Connectors', 'DisplayPort (DP) Connector', 60202], // HDMI/DVI/DP连接器
  ['Connectors', 'Edgeboard Connectors', 609], // 板卡与总线连接器
  ['Connectors', 'Ethernet Connectors / Modular Connectors (RJ45 RJ11)', 603], // 以太网连接器(RJ45/RJ11)
  ['Connectors', 'Ethernet Connectors/Modular Connectors (RJ45 RJ11)', 603], // 以太网连接器(RJ45/RJ11)
  ['Connectors', 'FFC Cable (Flexible Flat Cable)', 61901], // FFC/FPC排线
  ['Connectors', 'FFC, FPC (Flat Flexible) Connector Assemblies', 614], // FFC/FPC连接器 — board-side FFC/FPC connectors
  ['Connectors', 'FFC, FPC Connectors', 614], // FFC/FPC连接器
  ['Connectors', 'FFC/FPC Connect Cables', 61901], // FFC/FPC排线
  ['Connectors', 'FFC/FPC Connectors', 614], // FFC/FPC连接器
  ['Connectors', 'Feed-Voltage/Radio-Frequency Insulator', 627], // 穿心绝缘子 — glass-bead feed-throughs
  ['Connectors', 'Female Headers', 60004], // 排母
  ['Connectors', 'Fiber Optic Connectors', 624], // 光纤/光模块连接器
  ['Connectors', 'Global Sourcing Parts', 625], // 其他连接器 — JLC catch-all within connectors
  ['Connectors', 'HDMI Connectors', 60202], // HDMI/DVI/DP连接器
  ['Connectors', 'Hard Disk Connector (SAS/SATA/M.2)', 609], // 板卡与总线连接器
  ['Connectors', 'Housing Contact', 61202], // 压接端子 — crimp contacts for wire-to-board housings
  ['Connectors', 'Housings (Wire To Board / Wire To Wire )', 61201], // 连接器胶壳
  ['Connectors', 'IC / Transistor Socket', 620], // IC插座
  ['Connectors', 'IC Sockets', 620], // IC插座
  ['Connectors', 'IDC Connectors', 615], // IDC连接器(牛角)
  ['Connectors', 'IEEE 1394 / Firewire Connector', 609], // 板卡与总线连接器
  ['Connectors', 'Line Pressing Terminals', 61202], // 压接端子 — crimp contacts for wire-to-board housings
  ['Connectors', 'Memory Connector (DDR)', 609], // 板卡与总线连接器
  ['Connectors', 'Mezzanine Connectors (Board To Board)', 613], // 板对板/背板连接器
  ['Connectors', 'Mezzanine Connectors (Board to Board)', 613], // 板对板/背板连接器
  ['Connectors', 'Micro-Match Connector', 615], // IDC连接器(牛角) — TE Micro-MaTch ribbon (IDC) connectors
  ['Connectors', 'Optical Module Connector', 624], // 光纤/光模块连接器
  ['Connectors', 'PCB Welding Terminal', 626], // PCB焊接端子
  ['Connectors', 'PCI / PCIe Connector', 609], // 板卡与总线连接器
  ['Connectors', 'Pin / Jack', 623], // 连接器配件 — loose contact pins and jacks
  ['Connectors', 'Pin Header & Female Header', 600], // 排针排母
  ['Connectors', 'Pin Headers', 60003], // 排针
  ['Connectors', 'Pluggable System Terminal Block', 60802], // 插拔式接线端子
  ['Connectors', 'Pogo Pin Spring Probe Connector', 621], // 弹簧顶针(Pogo Pin)
  ['Connectors', 'Power Connectors', 604], // 电源连接器
  ['Connectors', 'Pre-Ordered Connectors', 625], // 其他连接器 — JLC catch-all within connectors
  ['Connectors', 'Pre-ordered Connectors', 625], // 其他连接器 — JLC catch-all within connectors
  ['Connectors', 'RCA Connector', 60201], // 音频连接器
  ['Connectors', 'RF Connectors / Coaxial Connectors', 607], // 射频同轴连接器
  ['Connectors', 'Radio-Frequency Insulator', 627], // 穿心绝缘子 — glass-bead feed-throughs
  ['Connectors', 'Rectangular Connectors Housings', 61201], // 连接器胶壳 — wire-to-board housings
  ['Connectors', 'SD Card / Memory Card Connector', 60601], // SD卡座
  ['Connectors', 'SD Card Connectors', 60601], // SD卡座
  ['Connectors', 'SIM Card Connectors', 60602], // SIM卡座
  ['Connectors', 'Screw Terminal', 60801], // 螺钉式接线端子
  ['Connectors', 'Screw Terminal Blocks', 60801], // 螺钉式接线端子
  ['Connectors', 'Screw terminal', 60801], // 螺钉式接线端子
  ['Connectors', 'Shunts & Jumpers', 611], // 短路帽/跳线
  ['Connectors', 'Shunts, Jumpers', 611], // 短路帽/跳线
  ['Connectors', 'Spring Clamp System Terminal Block', 60803], // 弹簧式接线端子
  ['Connectors', 'Terminals', 608], // 接线端子 — the parts are terminal blocks
  ['Connectors', 'Test Points / Test Rings', 901], // 测试点
  ['Connectors', 'Thimble/Copper Rod/Test Ring', 621], // 弹簧顶针(Pogo Pin) — the parts are pogo pins
  ['Connectors', 'USB Connectors', 601], // USB连接器
  ['Connectors', 'Wire To Board / Wire To Wire Connector', 612], // 线对板/线对线连接器
  ['Connectors', 'Wire To Board Connector', 612], // 线对板/线对线连接器
  ['Connectors', 'Wiring Quick-Connect Terminals', 617], // 冷压端子
  ['Connectors', 'XLR (Cannon) Connector', 60201], // 音频连接器
  ['Connectors', 'XLR (Cannon) Connectors', 60201], // 音频连接器
  ['Terminal', 'BV Terminal', 617], // 冷压端子
  ['Terminal', 'EN Terminal', 617], // 冷压端子
  ['Terminal', 'Knife Terminal', 617], // 冷压端子
  ['Terminal', 'Magnetic Wire Terminal', 617], // 冷压端子
  ['Terminal', 'PCB Welding Terminal', 626], // PCB焊接端子
  ['Terminal', 'Quick Terminal', 617], // 冷压端子
  ['Terminal', 'Ring Terminal', 617], // 冷压端子
  ['Terminal', 'SC Terminal', 617], // 冷压端子
  ['Terminal', 'SMD Quick Terminal', 626], // PCB焊接端子 — PCB-mounted quick-connect tabs
  ['Terminal', 'Spade Terminal', 617], // 冷压端子
  ['Terminal', 'Square Copper Terminal', 617], // 冷压端子
  ['Terminal', 'Wire Pin Terminal', 617], // 冷压端子
  ['Battery Products', 'Battery Holders, Clips & Contacts', 618], // 电池座/电池连接器
  // ── Wires and cables ────────────────────────────────────────────────────────────────────────────────
  ['Wire/Cable/DataCable', 'Between Series Adapter Cables', 619], // 线材/线缆组件
  ['Wire/Cable/DataCable', 'CablesAndClamps', 619], // 线材/线缆组件
  ['Wire/Cable/DataCable', 'Coaxial Cables (RF)', 61902], // 射频线缆
  ['Wire/Cable/DataCable', 'CoaxialCable(Rf)', 61902], // 射频线缆
  ['Wire/Cable/DataCable', 'Fiber Optic Cables', 619], // 线材/线缆组件
  ['Wire/Cable/DataCable', 'Fixed Attenuator', 71001], // 衰减器 — an in-line coax attenuator
  ['Wire/Cable/DataCable', 'Flat Flex Ribbon Jumpers, Cables', 61901], // FFC/FPC排线
  ['Wire/Cable/DataCable', 'Heat Shrink Boots, Caps', 910], // 耗材/辅料
  ['Wire/Cable/DataCable', 'Jumper Wire/EnameledWire/Pre-Crimped Leads', 61905], // 杜邦线/预压端子线
  ['Wire/Cable/DataCable', 'Jumper/EnameledWire/PrePressedWiring', 61905], // 杜邦线/预压端子线
  ['Wire/Cable/DataCable', 'Labels, Labeling', 910], // 耗材/辅料
  ['Wire/Cable/DataCable', 'Network Cables', 61904], // 网线
  ['Wire/Cable/DataCable', 'PowerCord/BrakeCord/ExtensionCord', 61903], // 电源线
  ['Wire/Cable/DataCable', 'Rectangular Cable Assemblies', 619], // 线材/线缆组件
  ['Wire/Cable/DataCable', 'Smart Cables', 619], // 线材/线缆组件 — USB-serial cables
  ['Wire/Cable/DataCable', 'Specialized Cable Assemblies', 619], // 线材/线缆组件
  ['Wire/Cable/DataCable', 'USB Cables/Data Cables', 61906], // USB线/数据线
  ['Wires And Cables', 'Cables And Wire Clips', 619], // 线材/线缆组件
  ['Wires And Cables', 'Dupont Wire / Terminal Block Wire / Electronic Wire', 61905], // 杜邦线/预压端子线
  ['Wires And Cables', 'Hub/Adapter', 619], // 线材/线缆组件
  // ── Switches and relays ─────────────────────────────────────────────────────────────────────────────
  ['Key/Switch', 'DIP Switches', 65102], // 拨码开关
  ['Key/Switch', 'Metal Dome Pot', 65101], // 轻触开关 — metal domes (锅仔片) are tactile elements
  ['Key/Switch', 'Microswitches', 65109], // 微动开关
  ['Key/Switch', 'Multi-Directional Switches', 65111], // 多向/导航开关
  ['Key/Switch', 'Push Switches', 65108], // 按键开关
  ['Key/Switch', 'Push Switches - Horizontal Type', 65108], // 按键开关
  ['Key/Switch', 'Rocker Switches', 65110], // 船型开关
  ['Key/Switch', 'Rotary Encoders', 65104], // 旋转编码器
  ['Key/Switch', 'Rotary Switches', 65105], // 旋转/编码开关
  ['Key/Switch', 'Slide Switches', 65103], // 拨动/钮子开关
  ['Key/Switch', 'Special Switch', 651], // 开关 — the family only
  ['Key/Switch', 'Special switch', 651], // 开关 — the family only
  ['Key/Switch', 'Switch Accessories Or Caps', 65113], // 开关配件/按键帽
  ['Key/Switch', 'Switch accessories or Caps', 65113], // 开关配件/按键帽
  ['Key/Switch', 'Tactile Switches', 65101], // 轻触开关
  ['Key/Switch', 'Toggle Switches', 65103], // 拨动/钮子开关
  ['Switches', 'DIP Switches', 65102], // 拨码开关
  ['Switches', 'Global Sourcing Parts', 651], // 开关 — JLC catch-all: the switch family is named
  ['Switches', 'Keylock Switches', 651], // 开关 — no keylock node
  ['Switches', 'Limit Switches', 65112], // 限位/行程开关
  ['Switches', 'Mechanical Keyboard Shaft', 651], // 开关 — keyboard key switches; no node of their own
  ['Switches', 'Metal Dome Pot', 65101], // 轻触开关 — metal domes (锅仔片) are tactile elements
  ['Switches', 'Microswitches', 65109], // 微动开关
  ['Switches', 'Multi-Directional Switches', 65111], // 多向/导航开关
  ['Switches', 'Multidirectional Switch', 65111], // 多向/导航开关
  ['Switches', 'Navigation Switches, Joystick', 65111], // 多向/导航开关
  ['Switches', 'Push Switches', 65108], // 按键开关
  ['Switches', 'Push Switches - Horizontal Type', 65108], // 按键开关
  ['Switches', 'Pushbutton Switches', 65108], // 按键开关
  ['Switches', 'Rocker Switches', 65110], // 船型开关
  ['Switches', 'Rotary Coding Switch', 65105], // 旋转/编码开关
  ['Switches', 'Rotary Encoders', 65104], // 旋转编码器
  ['Switches', 'Rotary Switches', 65105], // 旋转/编码开关
  ['Switches', 'Rotary Wheel Switches', 65105], // 旋转/编码开关
  ['Switches', 'Slide Switches', 65103], // 拨动/钮子开关
  ['Switches', 'Specialty Switches', 651], // 开关 — the family only
  ['Switches', 'Switch Accessories / Caps', 65113], // 开关配件/按键帽
  ['Switches', 'Tactile Switches', 65101], // 轻触开关
  ['Switches', 'Toggle Switches', 65103], // 拨动/钮子开关
  ['switches', 'Slide Switches', 65103], // 拨动/钮子开关
  ['Pushbutton Switches & Relays', 'DIP Switches', 65102], // 拨码开关
  ['Pushbutton Switches & Relays', 'Relays', 650], // 继电器
  ['Pushbutton Switches & Relays', 'Rocker Switches', 65110], // 船型开关
  ['Pushbutton Switches & Relays', 'Slide Switches', 65103], // 拨动/钮子开关
  ['Pushbutton Switches & Relays', 'Tactile Switches', 65101], // 轻触开关
  ['Relays', 'Automotive Relays', 65005], // 汽车继电器
  ['Relays', 'Magnetic Latching Relays', 65006], // 磁保持继电器
  ['Relays', 'Power Relays', 65002], // 功率继电器
  ['Relays', 'Reed Relays', 65004], // 干簧继电器
  ['Relays', 'Relay Sockets & Accessories', 65007], // 继电器座/配件
  ['Relays', 'Relay Sockets And Accessories', 65007], // 继电器座/配件
  ['Relays', 'Signal Relays', 65001], // 信号继电器
  ['relays', 'Power Relays', 65002], // 功率继电器
  // ── Buzzers, speakers, microphones, motors (six spellings) ──────────────────────────────────────────
  ['Audio Components/Vibration Motors', 'Buzzers', 65201], // 蜂鸣器
  ['Audio Components/Vibration Motors', 'MEMS Microphones', 41201], // MEMS麦克风
  ['Audio Components/Vibration Motors', 'Microphones', 412], // 麦克风 — electret and MEMS mixed
  ['Audio Components/Vibration Motors', 'Speakers', 65202], // 扬声器/喇叭
  ['Audio Components/Vibration Motors', 'Vibration Motor', 65301], // 振动马达
  ['Audio Products / Vibration Motors', 'Buzzers', 65201], // 蜂鸣器
  ['Audio Products / Vibration Motors', 'MEMS Microphones', 41201], // MEMS麦克风
  ['Audio Products / Vibration Motors', 'Microphones', 412], // 麦克风 — electret and MEMS mixed
  ['Audio Products / Vibration Motors', 'Speakers', 65202], // 扬声器/喇叭
  ['Audio Products / Vibration Motors', 'Vibration Motors', 65301], // 振动马达
  ['Audio Products/Micromotors', 'Buzzers', 65201], // 蜂鸣器
  ['Audio Products/Micromotors', 'MEMS Microphones', 41201], // MEMS麦克风
  ['Audio Products/Micromotors', 'Micro Motor & Motor', 653], // 电机与风扇
  ['Audio Products/Micromotors', 'Microphones', 412], // 麦克风 — electret and MEMS mixed
  ['Audio Products/Micromotors', 'Speakers', 65202], // 扬声器/喇叭
  ['audio products/micromotors', 'MEMS Microphones', 41201], // MEMS麦克风
  ['Audio Products/Motors', 'Buzzers', 65201], // 蜂鸣器
  ['Audio Products/Motors', 'MEMS Microphones', 41201], // MEMS麦克风
  ['Audio Products/Motors', 'Microphones', 412], // 麦克风 — electret and MEMS mixed
  ['Audio Products/Motors', 'Speakers', 65202], // 扬声器/喇叭
  ['Buzzers & Speakers & Microphones', 'Buzzers', 65201], // 蜂鸣器
  // ── Industrial control, meters ──────────────────────────────────────────────────────────────────────
  ['Industrial Control Electrical', 'Antenna', 556], // 天线
  ['Industrial Control Electrical', 'Antenna Spring', 908], // 弹簧/弹片 — antenna contact springs
  ['Industrial Control Electrical', 'AntennaShrapnel', 908], // 弹簧/弹片 — antenna contact springs
  ['Industrial Control Electrical', 'Battery Connector', 618], // 电池座/电池连接器
  ['Industrial Control Electrical', 'BatteryConnector', 618], // 电池座/电池连接器
  ['Industrial Control Electrical', 'Buzzer', 65201], // 蜂鸣器
  ['Industrial Control Electrical', 'Buzzers', 65201], // 蜂鸣器
  ['Industrial Control Electrical', 'Cold-Pressed Terminals', 617], // 冷压端子
  ['Industrial Control Electrical', 'Connecting Accessories', 623], // 连接器配件
  ['Industrial Control Electrical', 'Connector Accessories', 623], // 连接器配件
  ['Industrial Control Electrical', 'Contactor Accessories', 65701], // 接触器
  ['Industrial Control Electrical', 'Cooling Fan', 65302], // 散热风扇
  ['Industrial Control Electrical', 'Electromechanical Contactors', 65701], // 接触器
  ['Industrial Control Electrical', 'Encoder', 65104], // 旋转编码器
  ['Industrial Control Electrical', 'Fuse', 801], // 保险丝 — industrial fuses and current protectors
  ['Industrial Control Electrical', 'Heat Sink / Cooling Fin', 902], // 散热器
  ['Industrial Control Electrical', 'Heat Sink/Heatsink', 902], // 散热器
  ['Industrial Control Electrical', 'Interface Relays', 65002], // 功率继电器 — DIN-rail general-purpose relays
  ['Industrial Control Electrical', 'Intermediate Relays', 65002], // 功率继电器 — DIN-rail general-purpose relays
  ['Industrial Control Electrical', 'Limit Switch/Travel Switch', 65112], // 限位/行程开关
  ['Industrial Control Electrical', 'Limit Switchs,Travel Switchs', 65112], // 限位/行程开关
  ['Industrial Control Electrical', 'Micro Switch', 65109], // 微动开关
  ['Industrial Control Electrical', 'Other Industrial Control Products', 657], // 工控电器 — JLC's own miscellany within industrial control
  ['Industrial Control Electrical', 'Other Sensors', 424], // 其他传感器
  ['Industrial Control Electrical', 'Plug', 604], // 电源连接器 — XT30/XT60-type high-current plugs
  ['Industrial Control Electrical', 'Power Connector / Plug Connector', 604], // 电源连接器 — XT30/XT60-type high-current plugs
  ['Industrial Control Electrical', 'Power Connectors', 604], // 电源连接器
  ['Industrial Control Electrical', 'Power Module/Power Supply', 159], // 电源模块 — isolated DC-DC and AC-DC supplies mixed
  ['Industrial Control Electrical', 'Power Supply Module', 159], // 电源模块 — isolated DC-DC and AC-DC supplies mixed
  ['Industrial Control Electrical', 'Power Supply Module,Power Supplies', 159], // 电源模块 — isolated DC-DC and AC-DC supplies mixed
  ['Industrial Control Electrical', 'Proximity Sensors', 41003], // 接近传感器
  ['Industrial Control Electrical', 'Pushbutton Switch', 65108], // 按键开关
  ['Industrial Control Electrical', 'Pushbutton Switches', 65108], // 按键开关
  ['Industrial Control Electrical', 'Relays', 650], // 继电器
  ['Industrial Control Electrical', 'Safety Relays', 65702], // 工业继电器
  ['Industrial Control Electrical', 'Switching Power Supply', 159], // 电源模块 — isolated DC-DC and AC-DC supplies mixed
  ['Industrial Control Electrical', 'Tact Switch', 65101], // 轻触开关
  ['Industrial Control Electrical', 'Tact Switchs,Keypad Switches', 65101], // 轻触开关
  ['Industrial Control Electrical', 'Terminal Fittings', 608], // 接线端子 — terminal-block accessories
  ['Industrial Control Electrical', 'Terminal Strips', 608], // 接线端子
  ['Industrial Control Electrical', 'Thermal Relays', 65702], // 工业继电器
  ['Industrial control electrical', 'Heat sink/heatsink', 902], // 散热器
  ['Industrial control electrical', 'Interface relays', 65002], // 功率继电器 — DIN-rail general-purpose relays
  ['Industrial control electrical', 'plug', 604], // 电源连接器 — XT30/XT60-type high-current plugs
  ['Electromechanical Devices & Components', 'Electromechanical Switches', 651], // 开关 — the family only
  ['Electromechanical Devices & Components', 'Power Connectors', 604], // 电源连接器
  ['Electromechanical Devices & Components', 'Rail Terminal Blocks', 60805], // 导轨式接线端子
  ['Instrumentation/Meter', 'Frequency Meter', 954], // 仪表
  ['Instrumentation/Meter', 'Power Meter', 954], // 仪表
  ['Instrumentation/Meter', 'Voltmeter', 954], // 仪表
  // ── Hardware, consumables, accessories ──────────────────────────────────────────────────────────────
  ['Hardware Fasteners', 'Inductor Core', 55209], // 磁芯/骨架等电感配件
  ['Hardware Fasteners', 'LED Isolation Column', 90703], // 螺柱/铜柱/隔离柱 — LED spacers
  ['Hardware Fasteners', 'Patch Round Nut', 90702], // 螺母
  ['Hardware Fasteners', 'Shielding Clip', 906], // 屏蔽罩
  ['Hardware Fasteners', 'Spring', 908], // 弹簧/弹片
  ['Hardware Fasteners', 'Studs & Screws', 907], // 紧固件 — both kinds
  ['Hardware Fasteners', 'TapeMagneticBeads', 55202], // 磁珠 — bare ferrite bead cores
  ['Hardware Fasteners/Seals', 'Nuts', 90702], // 螺母
  ['Hardware/Fasteners/Sealing', '6-Lobe Pan Head Machine Screws', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Angular Contact Ball Bearings', 909], // 轴承
  ['Hardware/Fasteners/Sealing', 'Cylindrical Roller Bearings', 909], // 轴承
  ['Hardware/Fasteners/Sealing', 'Deep Groove Ball Bearings', 909], // 轴承
  ['Hardware/Fasteners/Sealing', 'Flat Washers', 90704], // 垫圈/挡圈
  ['Hardware/Fasteners/Sealing', 'Hex Nut', 90702], // 螺母
  ['Hardware/Fasteners/Sealing', 'Hex Socket Cylindrical Head Screw', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Hex Socket Cylindrical Head Tri-Combination', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Internal Threaded Hex Stud', 90703], // 螺柱/铜柱/隔离柱
  ['Hardware/Fasteners/Sealing', 'Knurled Studs', 90703], // 螺柱/铜柱/隔离柱
  ['Hardware/Fasteners/Sealing', 'Other Hardware', 907], // 紧固件 — JLC's own miscellany within hardware
  ['Hardware/Fasteners/Sealing', 'Other Nuts', 90702], // 螺母
  ['Hardware/Fasteners/Sealing', 'Other Studs', 90703], // 螺柱/铜柱/隔离柱
  ['Hardware/Fasteners/Sealing', 'Phillips Countersunk Flat Tail Self-Tapping Screws', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Phillips Half Round Head Self-Tapping Screws', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Phillips Large Flat Head Machine Screws', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Phillips Pan Head Machine Screws', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Phillips Pan Head Machine Screws Tri-Combination', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Phillips Pan Head Screw And Bounce Pad Combination', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Phillips Pan Head Screws With Collar', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Phillips Pan Head Self-Tapping Screws', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Phillips Recessed Countersunk Machine Screws', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Phillips Round-Headed, Flat-Tailed Self-Tapping Screws', 90701], // 螺丝
  ['Hardware/Fasteners/Sealing', 'Press Spring', 908], // 弹簧/弹片
  ['Hardware/Fasteners/Sealing', 'SMD Round Nut', 90702], // 螺母
  ['Hardware/Fasteners/Sealing', 'SMT Hex Nut Post', 90703], // 螺柱/铜柱/隔离柱
  ['Hardware/Fasteners/Sealing', 'Self-Clinching Studs', 90703], // 螺柱/铜柱/隔离柱
  ['Hardware/Fasteners/Sealing', 'Shielding Clips', 906], // 屏蔽罩
  ['Hardware/Fasteners/Sealing', 'Single-Ended Hex Stud', 90703], // 螺柱/铜柱/隔离柱
  ['Hardware/Fasteners/Sealing', 'Spherical Roller Bearings', 909], // 轴承
  ['Hardware/Fasteners/Sealing', 'Spring Plates Nut', 90702], // 螺母
  ['Hardware/Fasteners/Sealing', 'Springs', 908], // 弹簧/弹片
  ['Hardware/Fasteners/Sealing', 'Studs & Screws', 907], // 紧固件 — both kinds
  ['Hardware/Fasteners/Sealing', 'Through-Hole Insert Round Nuts', 90702], // 螺母
  ['Hardware/Fasteners/Sealing', 'Washers & Retaining Rings', 90704], // 垫圈/挡圈
  ['hardware/fasteners/sealing', 'Hex nut', 90702], // 螺母
  ['hardware/fasteners/sealing', 'Other nuts', 90702], // 螺母
  ['hardware/fasteners/sealing', 'Press spring', 908], // 弹簧/弹片
  ['hardware/fasteners/sealing', 'SMD round nut', 90702], // 螺母
  ['hardware/fasteners/sealing', 'SMT hex nut post', 90703], // 螺柱/铜柱/隔离柱
  ['hardware/fasteners/sealing', 'Shielding clips', 906], // 屏蔽罩
  ['hardware/fasteners/sealing', 'Spring plates nut', 90702], // 螺母
  ['Hardwares/Solders/Accessories/Batteries', 'Accessories', 906], // 屏蔽罩 — the one part is a shielding clip
  ['Solders / Accessories / Batteries', 'Accessories', 621], // 弹簧顶针(Pogo Pin) — the parts are pogo pins
  ['Solders / Accessories / Batteries', 'Heat Sinks', 902], // 散热器
  ['Solders / Accessories / Batteries', 'Pre-ordered Products', 955], // 其他器件 — JLC catch-all: parts of any kind
  ['Solders / Accessories / Batteries', 'Spacers', 90703], // 螺柱/铜柱/隔离柱
  ['Consumables', 'Heat Shrink Tubing', 910], // 耗材/辅料
  ['Consumables', 'Holders/Clips', 90703], // 螺柱/铜柱/隔离柱 — the one part is a PCB spacer
  ['Consumables', 'MetalProducts*SmtCopperSheets', 910], // 耗材/辅料 — SMT copper blocks and sheets
  ['Consumables', 'Network Cables', 61904], // 网线
  ['Consumables', 'Network cables', 61904], // 网线
  ['Consumables And Auxiliary Materials', 'Metal Products * SMT Copper Sheet', 910], // 耗材/辅料 — SMT copper blocks and sheets
  ['Electronic Tools/Instruments/Consumables', 'Contacts / Springs', 621], // 弹簧顶针(Pogo Pin) — the parts are pogo pins
  ['Electronic Tools/Instruments/Consumables', 'Pre-Ordered Products', 955], // 其他器件 — JLC catch-all: parts of any kind
  ['Electronic Tools/Instruments/Consumables', 'Pre-ordered Products', 955], // 其他器件 — JLC catch-all: parts of any kind
  // ── JLC catch-alls: parts of any kind, filed as such ────────────────────────────────────────────────
  ['Global Sourcing Parts', 'Global Sourcing Parts', 955], // 其他器件 — JLC catch-all: parts of any kind
  ['global sourcing parts', 'Global Sourcing Parts', 955], // 其他器件 — JLC catch-all: parts of any kind
  ['Old Batch', 'Old Batch', 955], // 其他器件 — JLC catch-all: parts of any kind
  ['old batch', 'old batch', 955], // 其他器件 — JLC catch-all: parts of any kind
  ['Other', 'Comprehensive Electronic', 955], // 其他器件 — JLC catch-all
  ['Other', 'Electronic Cable', 619], // 线材/线缆组件 — JLC's 'Other' names the family
  ['Other', 'Electronic Wire', 619], // 线材/线缆组件 — JLC's 'Other' names the family
  ['Others', 'New Arrivals', 955], // 其他器件 — JLC catch-all: parts of any kind
  ['Others', 'No specification for star making plan', 955], // 其他器件
  ['Others', 'Others', 955], // 其他器件
  ['Others', 'Uncategorized', 955], // 其他器件
  ['Others', 'others', 955], // 其他器件
  ['others', 'others', 955], // 其他器件
  ['Test', 'Button/Signal Lamp/Main Switch', 65108], // 按键开关 — industrial push buttons
  ['Test', 'Other', 955], // 其他器件 — JLC catch-all
  ['test', 'Button/Signal Lamp/Main Switch', 65108], // 按键开关 — industrial push buttons
  ['test', 'PreSaleOfNewProducts', 955], // 其他器件 — JLC catch-all
];

const pairKey = (category: string, subcategory: string): string => `${category}\u0000${subcategory}`;

const BY_PAIR: ReadonlyMap<string, number> = new Map(JLC_CATEGORY_ROWS.map(([category, subcategory, cateId]) => [pairKey(category, subcategory), cateId]));

/** Category id of one JLC (category, subcategory) pair, spelled exactly as in the snapshot; undefined when the pair is not in the table. */
export function jlcCategoryId(category: string, subcategory: string): number | undefined {
  return BY_PAIR.get(pairKey(category, subcategory));
}
