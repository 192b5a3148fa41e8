// The catalogue's three-level category tree (立创商城 / LCSC style, Chinese and English) and the
// mapping of every KiCad 6 symbol library onto it. A library gives the default category; the
// symbol's name, description and keywords may refine it to a finer level-3 node (an STM32F1 part
// lands in 'ARM Cortex-M3', a Regulator_Switching part described as "Step-Down" in 'Buck').
//
// Id scheme (stable, never reused): level 1 = 1..18; level-2 ids of level-1 node n are the
// 50-wide block starting at 50·n + 50 (集成电路 1 → 100..149, 电源管理 2 → 150..199 …);
// level-3 ids are parent·100 + k (k = 1..99), e.g. 10003 = MCU › ARM Cortex-M3.

import { looksLikePartNumber } from './mpn.ts';

export type CategoryDef = {
  readonly cateId: number;
  readonly cateName: string;
  readonly cateNameEn: string;
  readonly level: 1 | 2 | 3;
  readonly parentId: number | null;
  readonly sort: number;
};

type Row = readonly [id: number, parent: number | null, zh: string, en: string];

// prettier-ignore
const ROWS: readonly Row[] = [
  // ── 1 集成电路 ──────────────────────────────────────────────────────────────
  [1, null, '集成电路', 'Integrated Circuits'],
  [100, 1, '微控制器 (MCU)', 'Microcontrollers (MCU)'],
  [10001, 100, 'ARM Cortex-M0', 'ARM Cortex-M0'],
  [10002, 100, 'ARM Cortex-M0+', 'ARM Cortex-M0+'],
  [10003, 100, 'ARM Cortex-M3', 'ARM Cortex-M3'],
  [10004, 100, 'ARM Cortex-M4', 'ARM Cortex-M4'],
  [10005, 100, 'ARM Cortex-M7', 'ARM Cortex-M7'],
  [10006, 100, 'ARM Cortex-M33', 'ARM Cortex-M33'],
  [10007, 100, 'ARM7 / 经典 ARM', 'ARM7 / Classic ARM'],
  [10008, 100, '8051 内核', '8051 Core'],
  [10009, 100, 'AVR', 'AVR'],
  [10010, 100, 'PIC 8 位', 'PIC 8-bit'],
  [10011, 100, 'PIC24 / dsPIC 16 位', 'PIC24 / dsPIC 16-bit'],
  [10012, 100, 'PIC32 (MIPS)', 'PIC32 (MIPS)'],
  [10013, 100, 'MSP430', 'MSP430'],
  [10014, 100, 'STM8', 'STM8'],
  [10015, 100, 'RISC-V', 'RISC-V'],
  [10016, 100, '68HC / S08 / HCS12', '68HC / S08 / HCS12'],
  [10017, 100, '其他微控制器', 'Other Microcontrollers'],
  [101, 1, '微处理器 (MPU/CPU)', 'Microprocessors (MPU/CPU)'],
  [10101, 101, 'ARM 应用处理器', 'ARM Application Processors'],
  [10102, 101, '8/16 位微处理器', '8/16-bit Microprocessors'],
  [10103, 101, 'PowerPC 及 64 位处理器', 'PowerPC & 64-bit Processors'],
  [10104, 101, '协处理器与外设控制器', 'Coprocessors & Peripheral Controllers'],
  [102, 1, '数字信号处理器 (DSP)', 'Digital Signal Processors (DSP)'],
  [103, 1, '可编程逻辑器件', 'Programmable Logic'],
  [10301, 103, 'FPGA', 'FPGA'],
  [10302, 103, 'CPLD', 'CPLD'],
  [10303, 103, 'PAL / GAL / EPLD', 'PAL / GAL / EPLD'],
  [104, 1, '数据转换器', 'Data Converters'],
  [10401, 104, '模数转换器 (ADC)', 'Analog-to-Digital Converters (ADC)'],
  [10402, 104, '数模转换器 (DAC)', 'Digital-to-Analog Converters (DAC)'],
  [10403, 104, '直接数字频率合成 (DDS)', 'Direct Digital Synthesizers (DDS)'],
  [105, 1, '模拟开关与多路复用器', 'Analog Switches & Multiplexers'],
  [10501, 105, '模拟开关', 'Analog Switches'],
  [10502, 105, '多路复用器', 'Multiplexers'],
  [106, 1, '时钟与定时', 'Clock & Timing'],
  [10601, 106, '定时器 (555 等)', 'Timers (555 etc.)'],
  [10602, 106, '实时时钟 (RTC)', 'Real-Time Clocks (RTC)'],
  [10603, 106, '锁相环与时钟发生器', 'PLLs & Clock Generators'],
  [10604, 106, '时钟缓冲器', 'Clock Buffers'],
  [107, 1, '驱动芯片', 'Driver ICs'],
  [10701, 107, '栅极驱动', 'Gate Drivers'],
  [10702, 107, '电机驱动', 'Motor Drivers'],
  [10703, 107, 'LED 驱动', 'LED Drivers'],
  [10704, 107, '显示驱动', 'Display Drivers'],
  [10705, 107, '继电器驱动', 'Relay Drivers'],
  [10706, 107, '触觉驱动', 'Haptic Drivers'],
  [10707, 107, '半导体制冷 (TEC) 驱动', 'TEC Drivers'],
  [10708, 107, '达林顿/晶体管阵列', 'Darlington & Transistor Arrays'],
  [108, 1, '音视频芯片', 'Audio & Video ICs'],
  [10801, 108, '音频编解码与转换器', 'Audio Codecs & Converters'],
  [10802, 108, '音频处理', 'Audio Processing'],
  [10803, 108, '视频芯片', 'Video ICs'],
  [109, 1, '安全与加密芯片', 'Security & Crypto ICs'],
  [110, 1, '模拟专用芯片', 'Analog Special Function'],
  [111, 1, '数字电位器', 'Digital Potentiometers'],
  // ── 2 电源管理 ──────────────────────────────────────────────────────────────
  [2, null, '电源管理', 'Power Management'],
  [150, 2, '线性稳压器 (LDO)', 'Linear Regulators (LDO)'],
  [15001, 150, '正压固定输出', 'Positive Fixed Output'],
  [15002, 150, '可调输出', 'Adjustable Output'],
  [15003, 150, '负压输出', 'Negative Output'],
  [15004, 150, '多路输出', 'Multiple Outputs'],
  [151, 2, '开关稳压器 (DC-DC)', 'Switching Regulators (DC-DC)'],
  [15101, 151, '降压 (Buck)', 'Step-Down (Buck)'],
  [15102, 151, '升压 (Boost)', 'Step-Up (Boost)'],
  [15103, 151, '升降压 (Buck-Boost)', 'Buck-Boost'],
  [15104, 151, '反相', 'Inverting'],
  [15105, 151, '离线开关电源 (AC-DC)', 'Off-Line Switchers (AC-DC)'],
  [15106, 151, '隔离 DC-DC 转换器', 'Isolated DC-DC Converters'],
  [15107, 151, '稳压模块', 'Regulator Modules'],
  [152, 2, '开关电源控制器', 'Switching Controllers'],
  [15201, 152, 'PWM 控制器', 'PWM Controllers'],
  [15202, 152, 'PFC 控制器', 'PFC Controllers'],
  [15203, 152, '谐振控制器', 'Resonant Controllers'],
  [153, 2, '电荷泵', 'Charge Pumps'],
  [154, 2, '基准电压源', 'Voltage References'],
  [155, 2, '恒流源', 'Current Sources'],
  [156, 2, '电池管理', 'Battery Management'],
  [15601, 156, '充电管理', 'Battery Chargers'],
  [15602, 156, '电量计', 'Fuel Gauges'],
  [15603, 156, '电池保护', 'Battery Protection'],
  [15604, 156, '电源路径管理 / PMIC', 'Power Path / PMIC'],
  [157, 2, '电源监控与复位', 'Supervisors & Reset'],
  [158, 2, '电源开关与热插拔', 'Power Switches & Hot-Swap'],
  [159, 2, '电源模块', 'Power Modules'],
  [15901, 159, 'AC-DC 电源模块', 'AC-DC Power Modules'],
  [15902, 159, 'DC-DC 电源模块', 'DC-DC Power Modules'],
  // ── 3 放大器 ────────────────────────────────────────────────────────────────
  [3, null, '放大器与比较器', 'Amplifiers & Comparators'],
  [200, 3, '运算放大器', 'Operational Amplifiers'],
  [20001, 200, '单路运放', 'Single Op Amps'],
  [20002, 200, '双路运放', 'Dual Op Amps'],
  [20003, 200, '四路运放', 'Quad Op Amps'],
  [201, 3, '仪表放大器', 'Instrumentation Amplifiers'],
  [202, 3, '差分放大器', 'Difference Amplifiers'],
  [203, 3, '电流检测放大器', 'Current Sense Amplifiers'],
  [204, 3, '音频功率放大器', 'Audio Power Amplifiers'],
  [20401, 204, 'D 类功放', 'Class-D Amplifiers'],
  [20402, 204, 'AB 类功放', 'Class-AB Amplifiers'],
  [20403, 204, '耳机放大器', 'Headphone Amplifiers'],
  [205, 3, '视频放大器', 'Video Amplifiers'],
  [206, 3, '缓冲放大器', 'Buffer Amplifiers'],
  [207, 3, '比较器', 'Comparators'],
  [208, 3, '隔离放大器', 'Isolation Amplifiers'],
  // ── 4 逻辑器件 ──────────────────────────────────────────────────────────────
  [4, null, '逻辑器件', 'Logic'],
  [250, 4, '74 系列逻辑', '74 Series Logic'],
  [25001, 250, '门电路与反相器', 'Gates & Inverters'],
  [25002, 250, '触发器与锁存器', 'Flip-Flops & Latches'],
  [25003, 250, '计数器与分频器', 'Counters & Dividers'],
  [25004, 250, '移位寄存器', 'Shift Registers'],
  [25005, 250, '缓冲器、驱动器与收发器', 'Buffers, Drivers & Transceivers'],
  [25006, 250, '译码器、编码器与数据选择器', 'Decoders, Encoders & Multiplexers'],
  [25007, 250, '算术与比较器', 'Arithmetic & Comparators'],
  [251, 4, '单/双门小逻辑', 'Single/Dual-Gate Logic'],
  [25101, 251, '门电路与反相器', 'Gates & Inverters'],
  [25102, 251, '缓冲器与驱动器', 'Buffers & Drivers'],
  [25103, 251, '触发器与锁存器', 'Flip-Flops & Latches'],
  [25104, 251, '多路选择与开关', 'Multiplexers & Switches'],
  [252, 4, '4000 系列 CMOS', '4000 Series CMOS'],
  [25201, 252, '门电路与反相器', 'Gates & Inverters'],
  [25202, 252, '触发器与锁存器', 'Flip-Flops & Latches'],
  [25203, 252, '计数器与分频器', 'Counters & Dividers'],
  [25204, 252, '移位寄存器', 'Shift Registers'],
  [25205, 252, '缓冲器', 'Buffers'],
  [25206, 252, '译码器与多路复用器', 'Decoders & Multiplexers'],
  [253, 4, '电平转换器', 'Level Translators'],
  // ── 5 接口芯片 ──────────────────────────────────────────────────────────────
  [5, null, '接口芯片', 'Interface ICs'],
  [300, 5, 'USB 接口芯片', 'USB ICs'],
  [30001, 300, 'USB 转串口/桥接', 'USB Bridges (UART/SPI/I2C/FIFO)'],
  [30002, 300, 'USB 集线器', 'USB Hubs'],
  [30003, 300, 'USB Type-C / PD 控制器', 'USB Type-C / PD Controllers'],
  [30004, 300, 'USB 开关与电源开关', 'USB Switches & Power Switches'],
  [30005, 300, 'USB 隔离器', 'USB Isolators'],
  [30006, 300, 'USB 收发器 (PHY)', 'USB Transceivers (PHY)'],
  [301, 5, 'CAN / LIN 收发器', 'CAN / LIN Transceivers'],
  [30101, 301, 'CAN 收发器', 'CAN Transceivers'],
  [30102, 301, 'LIN 收发器', 'LIN Transceivers'],
  [30103, 301, 'CAN 控制器', 'CAN Controllers'],
  [302, 5, 'RS-232 / RS-485 / UART', 'RS-232 / RS-485 / UART'],
  [30201, 302, 'RS-485 / RS-422 收发器', 'RS-485 / RS-422 Transceivers'],
  [30202, 302, 'RS-232 收发器', 'RS-232 Transceivers'],
  [30203, 302, 'UART 控制器', 'UART Controllers'],
  [303, 5, '以太网芯片', 'Ethernet ICs'],
  [30301, 303, '以太网 PHY', 'Ethernet PHYs'],
  [30302, 303, '以太网控制器', 'Ethernet Controllers'],
  [304, 5, 'I/O 扩展器', 'I/O Expanders'],
  [305, 5, 'HDMI 接口', 'HDMI Interface'],
  [306, 5, 'HID 控制器', 'HID Controllers'],
  [307, 5, '线路驱动器与接收器', 'Line Drivers & Receivers'],
  [308, 5, '电信接口', 'Telecom Interface'],
  [309, 5, '电流环接口', 'Current Loop Interface'],
  [310, 5, '数字隔离器', 'Digital Isolators'],
  [311, 5, 'I2C / SMBus 接口', 'I2C / SMBus Interface'],
  [312, 5, 'LVDS / 差分接口', 'LVDS / Differential Interface'],
  [313, 5, '其他接口芯片', 'Other Interface ICs'],
  // ── 6 存储器 ────────────────────────────────────────────────────────────────
  [6, null, '存储器', 'Memory'],
  [350, 6, 'EEPROM', 'EEPROM'],
  [35001, 350, 'I2C EEPROM', 'I2C EEPROM'],
  [35002, 350, 'SPI EEPROM', 'SPI EEPROM'],
  [35003, 350, 'Microwire EEPROM', 'Microwire EEPROM'],
  [35004, 350, '并行 EEPROM', 'Parallel EEPROM'],
  [351, 6, 'EPROM / PROM / ROM', 'EPROM / PROM / ROM'],
  [352, 6, 'FLASH 存储器', 'Flash Memory'],
  [35201, 352, '串行 FLASH', 'Serial Flash'],
  [35202, 352, '并行 FLASH', 'Parallel Flash'],
  [353, 6, 'RAM 存储器', 'RAM'],
  [35301, 353, 'SRAM', 'SRAM'],
  [35302, 353, 'DRAM / SDRAM', 'DRAM / SDRAM'],
  [35303, 353, '双口 RAM / FIFO', 'Dual-Port RAM / FIFO'],
  [354, 6, 'FRAM / NVRAM', 'FRAM / NVRAM'],
  [355, 6, '唯一 ID / 硅序列号', 'Unique ID / Silicon Serial Number'],
  // ── 7 传感器 ────────────────────────────────────────────────────────────────
  [7, null, '传感器', 'Sensors'],
  [400, 7, '温度传感器', 'Temperature Sensors'],
  [40001, 400, '数字温度传感器', 'Digital Temperature Sensors'],
  [40002, 400, '模拟温度传感器', 'Analog Temperature Sensors'],
  [40003, 400, '热电偶/RTD 接口', 'Thermocouple / RTD Interfaces'],
  [401, 7, '温湿度传感器', 'Humidity Sensors'],
  [402, 7, '压力传感器', 'Pressure Sensors'],
  [403, 7, '运动传感器', 'Motion Sensors'],
  [40301, 403, '加速度计', 'Accelerometers'],
  [40302, 403, '陀螺仪', 'Gyroscopes'],
  [40303, 403, '惯性测量单元 (IMU)', 'Inertial Measurement Units (IMU)'],
  [404, 7, '磁传感器', 'Magnetic Sensors'],
  [40401, 404, '霍尔开关', 'Hall-Effect Switches & Latches'],
  [40402, 404, '线性霍尔传感器', 'Linear Hall-Effect Sensors'],
  [40403, 404, '磁力计与角度传感器', 'Magnetometers & Angle Sensors'],
  [405, 7, '电流传感器', 'Current Sensors'],
  [406, 7, '电压传感器', 'Voltage Sensors'],
  [407, 7, '电能计量与功率监控', 'Energy Metering & Power Monitors'],
  [408, 7, '气体传感器', 'Gas Sensors'],
  [409, 7, '光学传感器', 'Optical Sensors'],
  [40901, 409, '光电二极管', 'Photodiodes'],
  [40902, 409, '光敏电阻', 'Photoresistors (LDR)'],
  [40903, 409, '环境光与颜色传感器', 'Ambient Light & Colour Sensors'],
  [40904, 409, '光电晶体管', 'Phototransistors'],
  [410, 7, '接近与反射式传感器', 'Proximity & Reflective Sensors'],
  [411, 7, '触摸传感器', 'Touch Sensors'],
  [412, 7, '麦克风', 'Microphones'],
  [413, 7, '测距传感器', 'Distance Sensors'],
  [414, 7, '环境与多功能传感器', 'Environmental & Multi-Function Sensors'],
  // ── 8 分立半导体 ────────────────────────────────────────────────────────────
  [8, null, '分立半导体', 'Discrete Semiconductors'],
  [450, 8, '二极管', 'Diodes'],
  [45001, 450, '通用/整流二极管', 'General-Purpose & Rectifier Diodes'],
  [45002, 450, '肖特基二极管', 'Schottky Diodes'],
  [45003, 450, '稳压(齐纳)二极管', 'Zener Diodes'],
  [45004, 450, 'TVS 瞬态抑制二极管', 'TVS Diodes'],
  [45005, 450, '开关二极管', 'Switching Diodes'],
  [45006, 450, '变容二极管', 'Varactor Diodes'],
  [45007, 450, '快恢复二极管', 'Fast-Recovery Diodes'],
  [451, 8, '整流桥', 'Bridge Rectifiers'],
  [452, 8, '三极管 (BJT)', 'Bipolar Transistors (BJT)'],
  [45201, 452, 'NPN 三极管', 'NPN Transistors'],
  [45202, 452, 'PNP 三极管', 'PNP Transistors'],
  [45203, 452, '数字三极管 (带电阻)', 'Digital (Pre-Biased) Transistors'],
  [45204, 452, '达林顿管', 'Darlington Transistors'],
  [45205, 452, '双三极管', 'Dual Transistors'],
  [453, 8, '场效应管 (MOSFET)', 'MOSFETs'],
  [45301, 453, 'N 沟道 MOSFET', 'N-Channel MOSFETs'],
  [45302, 453, 'P 沟道 MOSFET', 'P-Channel MOSFETs'],
  [45303, 453, '双 MOSFET / 互补对', 'Dual / Complementary MOSFETs'],
  [45304, 453, '结型场效应管 (JFET)', 'JFETs'],
  [454, 8, 'IGBT', 'IGBTs'],
  [455, 8, '功率模块 (IGBT/IPM)', 'Power Modules (IGBT/IPM)'],
  [456, 8, '晶闸管', 'Thyristors'],
  [45601, 456, '双向可控硅 (TRIAC)', 'TRIACs'],
  [45602, 456, '单向可控硅 (SCR)', 'SCRs'],
  [45603, 456, 'DIAC / 触发二极管', 'DIACs & Trigger Devices'],
  [457, 8, '单结晶体管', 'Unijunction Transistors'],
  // ── 9 光电器件 ──────────────────────────────────────────────────────────────
  [9, null, '光电器件', 'Optoelectronics'],
  [500, 9, 'LED 发光二极管', 'LEDs'],
  [50001, 500, '单色 LED', 'Single-Colour LEDs'],
  [50002, 500, 'RGB / 多色 LED', 'RGB & Multi-Colour LEDs'],
  [50003, 500, '可编程 (内置 IC) LED', 'Addressable LEDs (Integrated IC)'],
  [50004, 500, '红外发射管', 'Infrared LEDs'],
  [50005, 500, 'LED 阵列/光条', 'LED Arrays & Bar Graphs'],
  [50006, 500, '大功率 LED', 'High-Power LEDs'],
  [501, 9, '光耦', 'Optocouplers'],
  [50101, 501, '晶体管输出光耦', 'Transistor-Output Optocouplers'],
  [50102, 501, '逻辑/高速光耦', 'Logic / High-Speed Optocouplers'],
  [50103, 501, '可控硅输出光耦', 'Triac-Output Optocouplers'],
  [50104, 501, '栅极驱动光耦', 'Gate-Driver Optocouplers'],
  [502, 9, '显示器', 'Displays'],
  [50201, 502, '数码管', 'LED Seven-Segment Displays'],
  [50202, 502, '字符 LCD', 'Character LCDs'],
  [50203, 502, '图形 LCD / TFT', 'Graphic LCD / TFT'],
  [50204, 502, 'OLED 显示屏', 'OLED Displays'],
  [50205, 502, '段码 LCD', 'Segment LCDs'],
  [503, 9, '红外接收头', 'IR Receiver Modules'],
  [504, 9, '激光二极管', 'Laser Diodes'],
  [505, 9, '光纤收发器件', 'Fiber-Optic Transmitters & Receivers'],
  // ── 10 无源器件 ─────────────────────────────────────────────────────────────
  [10, null, '无源器件', 'Passive Components'],
  [550, 10, '电阻', 'Resistors'],
  [55001, 550, '固定电阻', 'Fixed Resistors'],
  [55002, 550, '电位器与可调电阻', 'Potentiometers & Trimmers'],
  [55003, 550, '排阻', 'Resistor Networks'],
  [55004, 550, '热敏电阻', 'Thermistors'],
  [55005, 550, '分流电阻', 'Shunt Resistors'],
  [551, 10, '电容', 'Capacitors'],
  [55101, 551, '无极性电容', 'Non-Polarized Capacitors'],
  [55102, 551, '电解/极性电容', 'Electrolytic & Polarized Capacitors'],
  [55103, 551, '可调电容', 'Variable & Trimmer Capacitors'],
  [55104, 551, '穿心电容', 'Feed-Through Capacitors'],
  [552, 10, '电感与磁珠', 'Inductors & Ferrite Beads'],
  [55201, 552, '电感', 'Inductors'],
  [55202, 552, '磁珠', 'Ferrite Beads'],
  [55203, 552, '耦合电感', 'Coupled Inductors'],
  [553, 10, '变压器', 'Transformers'],
  [55301, 553, '电源变压器', 'Power Transformers'],
  [55302, 553, '射频变压器/巴伦', 'RF Transformers & Baluns'],
  [55303, 553, '脉冲/网络变压器', 'Pulse & LAN Transformers'],
  [55304, 553, '电流互感器', 'Current Transformers'],
  [55305, 553, '音频变压器', 'Audio Transformers'],
  [554, 10, '晶振与振荡器', 'Crystals & Oscillators'],
  [55401, 554, '无源晶振', 'Crystals'],
  [55402, 554, '有源晶振', 'Oscillators'],
  [55403, 554, '陶瓷谐振器', 'Ceramic Resonators'],
  [55404, 554, '压控/温补振荡器', 'VCXO / TCXO / OCXO'],
  [555, 10, '滤波器', 'Filters'],
  [55501, 555, 'EMI / 电源滤波器', 'EMI & Power-Line Filters'],
  [55502, 555, 'SAW 声表滤波器', 'SAW Filters'],
  [55503, 555, '共模扼流圈', 'Common-Mode Chokes'],
  [55504, 555, '有源滤波器芯片', 'Active Filter ICs'],
  [556, 10, '天线', 'Antennas'],
  // ── 11 连接器 ───────────────────────────────────────────────────────────────
  [11, null, '连接器', 'Connectors'],
  [600, 11, '排针排母/通用连接器', 'Pin Headers & Generic Connectors'],
  [60001, 600, '单排', 'Single Row'],
  [60002, 600, '双排', 'Double Row'],
  [601, 11, 'USB 连接器', 'USB Connectors'],
  [602, 11, '音视频连接器', 'Audio & Video Connectors'],
  [603, 11, 'RJ45 / 模块化连接器', 'RJ45 & Modular Connectors'],
  [604, 11, '电源连接器', 'Power Connectors'],
  [605, 11, 'D-Sub / 圆形连接器', 'D-Sub & Circular Connectors'],
  [606, 11, '卡座 (SD/SIM)', 'Card Sockets (SD/SIM)'],
  [607, 11, '射频同轴连接器', 'RF Coaxial Connectors'],
  [608, 11, '接线端子', 'Terminal Blocks'],
  [609, 11, '板卡与总线连接器', 'Card-Edge & Bus Connectors'],
  [610, 11, '调试/编程接口', 'Debug & Programming Headers'],
  [611, 11, '跳线', 'Jumpers'],
  // ── 12 机电器件 ─────────────────────────────────────────────────────────────
  [12, null, '机电器件', 'Electromechanical'],
  [650, 12, '继电器', 'Relays'],
  [65001, 650, '信号继电器', 'Signal Relays'],
  [65002, 650, '功率继电器', 'Power Relays'],
  [65003, 650, '固态继电器', 'Solid-State Relays'],
  [65004, 650, '干簧继电器', 'Reed Relays'],
  [651, 12, '开关', 'Switches'],
  [65101, 651, '按键开关', 'Pushbutton & Tactile Switches'],
  [65102, 651, '拨码开关', 'DIP Switches'],
  [65103, 651, '拨动/钮子开关', 'Slide & Toggle Switches'],
  [65104, 651, '旋转编码器', 'Rotary Encoders'],
  [65105, 651, '旋转/编码开关', 'Rotary & Coded Switches'],
  [65106, 651, '干簧管', 'Reed Switches'],
  [65107, 651, '温控开关', 'Thermal Switches'],
  [652, 12, '蜂鸣器与扬声器', 'Buzzers & Speakers'],
  [653, 12, '电机与风扇', 'Motors & Fans'],
  [654, 12, '断路器', 'Circuit Breakers'],
  [655, 12, '灯泡与指示灯', 'Lamps & Indicators'],
  [656, 12, '半导体制冷片', 'Peltier Elements'],
  // ── 13 射频/无线 ────────────────────────────────────────────────────────────
  [13, null, '射频/无线', 'RF & Wireless'],
  [700, 13, '射频收发芯片', 'RF Transceiver ICs'],
  [70001, 700, 'Sub-GHz / LoRa 收发器', 'Sub-GHz / LoRa Transceivers'],
  [70002, 700, '2.4 GHz 收发器', '2.4 GHz Transceivers'],
  [70003, 700, '射频发射器/接收器', 'RF Transmitters / Receivers'],
  [701, 13, '射频放大器', 'RF Amplifiers'],
  [70101, 701, '低噪声放大器 (LNA)', 'Low-Noise Amplifiers (LNA)'],
  [70102, 701, '功率放大器 (PA)', 'Power Amplifiers (PA)'],
  [70103, 701, '增益模块', 'Gain Blocks'],
  [70104, 701, '射频检波器', 'RF Detectors'],
  [70105, 701, '可变增益放大器', 'Variable-Gain Amplifiers'],
  [702, 13, '射频开关', 'RF Switches'],
  [703, 13, '混频器', 'Mixers'],
  [704, 13, '射频滤波器', 'RF Filters'],
  [70401, 704, '低通滤波器', 'Low-Pass Filters'],
  [70402, 704, '高通滤波器', 'High-Pass Filters'],
  [70403, 704, '带通滤波器', 'Band-Pass Filters'],
  [70404, 704, '带阻滤波器', 'Band-Stop Filters'],
  [705, 13, '蓝牙芯片', 'Bluetooth ICs'],
  [706, 13, 'WiFi 芯片', 'Wi-Fi ICs'],
  [707, 13, 'NFC / RFID', 'NFC / RFID'],
  [708, 13, 'ZigBee / 802.15.4 芯片', 'ZigBee / 802.15.4 ICs'],
  [709, 13, 'AM/FM 收音芯片', 'AM/FM Radio ICs'],
  [710, 13, '射频无源器件', 'RF Passives'],
  [71001, 710, '衰减器', 'Attenuators'],
  [71002, 710, '耦合器/功分器', 'Couplers & Splitters'],
  [71003, 710, '倍频器与检相器', 'Multipliers & Phase Detectors'],
  // ── 14 模块 ─────────────────────────────────────────────────────────────────
  [14, null, '模块', 'Modules'],
  [750, 14, '无线模块', 'Wireless Modules'],
  [75001, 750, 'WiFi 模块', 'Wi-Fi Modules'],
  [75002, 750, '蓝牙模块', 'Bluetooth Modules'],
  [75003, 750, 'LoRa / Sub-GHz 模块', 'LoRa / Sub-GHz Modules'],
  [75004, 750, 'ZigBee / 802.15.4 模块', 'ZigBee / 802.15.4 Modules'],
  [75005, 750, 'GNSS / GPS 模块', 'GNSS / GPS Modules'],
  [75006, 750, '蜂窝通信模块', 'Cellular Modules'],
  [75007, 750, 'UWB 模块', 'UWB Modules'],
  [751, 14, '开发板与核心板', 'Development Boards & SoMs'],
  // ── 15 电路保护 ─────────────────────────────────────────────────────────────
  [15, null, '电路保护', 'Circuit Protection'],
  [800, 15, 'ESD / 浪涌保护', 'ESD & Surge Protection'],
  [801, 15, '保险丝', 'Fuses'],
  [80101, 801, '一次性保险丝', 'One-Time Fuses'],
  [80102, 801, '自恢复保险丝', 'Resettable Fuses (PPTC)'],
  [802, 15, '压敏电阻', 'Varistors'],
  [803, 15, '气体放电管/放电间隙', 'Gas Discharge Tubes & Spark Gaps'],
  // ── 16 电池 ─────────────────────────────────────────────────────────────────
  [16, null, '电池与能源', 'Batteries & Energy'],
  [850, 16, '电池', 'Batteries'],
  [851, 16, '太阳能电池', 'Solar Cells'],
  // ── 17 机械与辅助 ───────────────────────────────────────────────────────────
  [17, null, '机械与 PCB 辅助', 'Mechanical & PCB Features'],
  [900, 17, '安装孔', 'Mounting Holes'],
  [901, 17, '测试点', 'Test Points'],
  [902, 17, '散热器', 'Heatsinks'],
  [903, 17, '外壳与导轨', 'Housings & DIN Rail'],
  [904, 17, '基准点 (Fiducial)', 'Fiducials'],
  [905, 17, '网络短接 (Net Tie)', 'Net Ties'],
  [906, 17, '屏蔽罩', 'RF Shields'],
  // ── 18 其他 ─────────────────────────────────────────────────────────────────
  [18, null, '其他', 'Other'],
  [950, 18, '电源与接地符号', 'Power & Ground Symbols'],
  [951, 18, '图形符号与标识', 'Graphic Symbols & Logos'],
  [952, 18, '仿真模型', 'Simulation Models'],
  [953, 18, '电子管', 'Vacuum Tubes'],
  [954, 18, '仪表', 'Meters'],
  [955, 18, '其他器件', 'Miscellaneous Devices'],
];

function levelOf(id: number): 1 | 2 | 3 {
  return id < 100 ? 1 : id < 1000 ? 2 : 3;
}

export const CATEGORY_TREE: readonly CategoryDef[] = (() => {
  const seen = new Map<number | null, number>();
  return ROWS.map(([cateId, parentId, cateName, cateNameEn]) => {
    const sort = (seen.get(parentId) ?? 0) + 1;
    seen.set(parentId, sort);
    return { cateId, cateName, cateNameEn, level: levelOf(cateId), parentId, sort };
  });
})();

export const CATEGORY_BY_ID: ReadonlyMap<number, CategoryDef> = new Map(CATEGORY_TREE.map((c) => [c.cateId, c]));

/** Ids from the root down to the category (inclusive), e.g. [1, 100, 10003]. */
export function categoryPath(cateId: number): number[] {
  const path: number[] = [];
  let node = CATEGORY_BY_ID.get(cateId);
  while (node) {
    path.unshift(node.cateId);
    node = node.parentId === null ? undefined : CATEGORY_BY_ID.get(node.parentId);
  }
  return path;
}

// ── Library defaults ─────────────────────────────────────────────────────────

/** Default category of every KiCad 6 library shipped in kicad-symbols (209 libraries). */
export const LIBRARY_CATEGORY: Readonly<Record<string, number>> = {
  '4xxx': 252,
  '4xxx_IEEE': 252,
  '74xGxx': 251,
  '74xx': 250,
  '74xx_IEEE': 250,
  Amplifier_Audio: 204,
  Amplifier_Buffer: 206,
  Amplifier_Current: 203,
  Amplifier_Difference: 202,
  Amplifier_Instrumentation: 201,
  Amplifier_Operational: 200,
  Amplifier_Video: 205,
  Analog: 110,
  Analog_ADC: 10401,
  Analog_DAC: 10402,
  Analog_Switch: 105,
  Audio: 108,
  Battery_Management: 156,
  Buffer: 10604,
  CPLD_Altera: 10302,
  CPLD_Microchip: 10302,
  CPLD_Xilinx: 10302,
  CPU: 101,
  CPU_NXP_6800: 10102,
  CPU_NXP_68000: 10102,
  CPU_NXP_IMX: 10101,
  CPU_PowerPC: 10103,
  Comparator: 207,
  Connector: 11,
  Connector_Generic: 600,
  Connector_Generic_MountingPin: 600,
  Connector_Generic_Shielded: 600,
  Converter_ACDC: 15901,
  Converter_DCDC: 15902,
  DSP_AnalogDevices: 102,
  DSP_Freescale: 102,
  DSP_Microchip_DSPIC33: 10011,
  DSP_Motorola: 102,
  DSP_Texas: 102,
  Device: 10,
  Diode: 450,
  Diode_Bridge: 451,
  Diode_Laser: 504,
  Display_Character: 502,
  Display_Graphic: 50203,
  Driver_Display: 10704,
  Driver_FET: 10701,
  Driver_Haptic: 10706,
  Driver_LED: 10703,
  Driver_Motor: 10702,
  Driver_Relay: 10705,
  Driver_TEC: 10707,
  FPGA_CologneChip_GateMate: 10301,
  FPGA_Efinix_Trion: 10301,
  FPGA_Lattice: 10301,
  FPGA_Microsemi: 10301,
  FPGA_Xilinx: 10301,
  FPGA_Xilinx_Artix7: 10301,
  FPGA_Xilinx_Kintex7: 10301,
  FPGA_Xilinx_Spartan6: 10301,
  FPGA_Xilinx_Virtex5: 10301,
  FPGA_Xilinx_Virtex6: 10301,
  FPGA_Xilinx_Virtex7: 10301,
  Fiber_Optic: 505,
  Filter: 555,
  GPU: 10104,
  Graphic: 951,
  Interface: 313,
  Interface_CAN_LIN: 301,
  Interface_CurrentLoop: 309,
  Interface_Ethernet: 303,
  Interface_Expansion: 304,
  Interface_HDMI: 305,
  Interface_HID: 306,
  Interface_LineDriver: 307,
  Interface_Optical: 503,
  Interface_Telecom: 308,
  Interface_UART: 302,
  Interface_USB: 300,
  Isolator: 501,
  Isolator_Analog: 208,
  Jumper: 611,
  LED: 500,
  Logic_LevelTranslator: 253,
  Logic_Programmable: 10303,
  MCU_AnalogDevices: 10008,
  MCU_Cypress: 100,
  MCU_Dialog: 10006,
  MCU_Espressif: 706,
  MCU_Intel: 101,
  MCU_Microchip_8051: 10008,
  MCU_Microchip_ATmega: 10009,
  MCU_Microchip_ATtiny: 10009,
  MCU_Microchip_AVR: 10009,
  MCU_Microchip_AVR_Dx: 10009,
  MCU_Microchip_PIC10: 10010,
  MCU_Microchip_PIC12: 10010,
  MCU_Microchip_PIC16: 10010,
  MCU_Microchip_PIC18: 10010,
  MCU_Microchip_PIC24: 10011,
  MCU_Microchip_PIC32: 10012,
  MCU_Microchip_SAMA: 10101,
  MCU_Microchip_SAMD: 10002,
  MCU_Microchip_SAME: 10004,
  MCU_Microchip_SAML: 10002,
  MCU_Microchip_SAMV: 10005,
  MCU_Module: 751,
  MCU_NXP_ColdFire: 10017,
  MCU_NXP_HC11: 10016,
  MCU_NXP_HC12: 10016,
  MCU_NXP_HCS12: 10016,
  MCU_NXP_Kinetis: 100,
  MCU_NXP_LPC: 100,
  MCU_NXP_MAC7100: 10007,
  MCU_NXP_MCore: 10017,
  MCU_NXP_NTAG: 10001,
  MCU_NXP_S08: 10016,
  MCU_Nordic: 705,
  MCU_Parallax: 10017,
  MCU_RaspberryPi: 10002,
  MCU_Renesas_Synergy_S1: 10002,
  MCU_STC: 10008,
  MCU_ST_STM32F0: 10001,
  MCU_ST_STM32F1: 10003,
  MCU_ST_STM32F2: 10003,
  MCU_ST_STM32F3: 10004,
  MCU_ST_STM32F4: 10004,
  MCU_ST_STM32F7: 10005,
  MCU_ST_STM32G0: 10002,
  MCU_ST_STM32H7: 10005,
  MCU_ST_STM32L0: 10002,
  MCU_ST_STM32L1: 10003,
  'MCU_ST_STM32L4+': 10004,
  MCU_ST_STM32L4: 10004,
  MCU_ST_STM8: 10014,
  MCU_SiFive: 10015,
  MCU_SiliconLabs: 100,
  MCU_Texas: 100,
  MCU_Texas_MSP430: 10013,
  MCU_Texas_SimpleLink: 10004,
  Mechanical: 17,
  Memory_EEPROM: 350,
  Memory_EPROM: 351,
  Memory_Flash: 352,
  Memory_NVRAM: 354,
  Memory_RAM: 353,
  Memory_ROM: 351,
  Memory_UniqueID: 355,
  Motor: 653,
  Oscillator: 55402,
  Potentiometer_Digital: 111,
  Power_Management: 158,
  Power_Protection: 800,
  Power_Supervisor: 157,
  RF: 13,
  RF_AM_FM: 709,
  RF_Amplifier: 701,
  RF_Bluetooth: 705,
  RF_Filter: 704,
  RF_GPS: 75005,
  RF_GSM: 75006,
  RF_Mixer: 703,
  RF_Module: 750,
  RF_NFC: 707,
  RF_RFID: 707,
  RF_Switch: 702,
  RF_WiFi: 75001,
  RF_ZigBee: 708,
  Reference_Current: 155,
  Reference_Voltage: 154,
  Regulator_Controller: 152,
  Regulator_Current: 158,
  Regulator_Linear: 150,
  Regulator_SwitchedCapacitor: 153,
  Regulator_Switching: 151,
  Relay: 650,
  Relay_SolidState: 65003,
  Security: 109,
  Sensor: 414,
  Sensor_Audio: 412,
  Sensor_Current: 405,
  Sensor_Distance: 413,
  Sensor_Energy: 407,
  Sensor_Gas: 408,
  Sensor_Humidity: 401,
  Sensor_Magnetic: 404,
  Sensor_Motion: 403,
  Sensor_Optical: 409,
  Sensor_Pressure: 402,
  Sensor_Proximity: 410,
  Sensor_Temperature: 400,
  Sensor_Touch: 411,
  Sensor_Voltage: 406,
  Simulation_SPICE: 952,
  Switch: 651,
  Timer: 10601,
  Timer_PLL: 10603,
  Timer_RTC: 10602,
  Transformer: 553,
  Transistor_Array: 10708,
  Transistor_BJT: 452,
  Transistor_FET: 453,
  Transistor_IGBT: 454,
  Transistor_Power_Module: 455,
  Triac_Thyristor: 456,
  Valve: 953,
  Video: 10803,
  power: 950,
  pspice: 952,
};

/** Known library names (the keys of LIBRARY_CATEGORY). */
export const KICAD_LIBRARIES: readonly string[] = Object.keys(LIBRARY_CATEGORY).sort();

// ── Symbol-level refinement ──────────────────────────────────────────────────

type Rule = readonly [RegExp, number];

/** First matching rule wins; the text is 'name | description | keywords'. */
function firstMatch(text: string, rules: readonly Rule[]): number | null {
  for (const [re, id] of rules) if (re.test(text)) return id;
  return null;
}

/** MCU core from the text ('ARM Cortex-M3', 'Cortex M0+', '8051', 'RISC-V' …). */
const MCU_CORE_RULES: readonly Rule[] = [
  [/Cortex[- ]?M0\+|Cortex[- ]?M0P|\bM0\+/i, 10002],
  [/Cortex[- ]?M0\b/i, 10001],
  [/Cortex[- ]?M33\b/i, 10006],
  [/Cortex[- ]?M3\b|\bARM-M3\b|\bARM M3\b/i, 10003],
  [/Cortex[- ]?M4F?\b|Cortex ?M4\b/i, 10004],
  [/Cortex[- ]?M7\b/i, 10005],
  [/Cortex[- ]?A\d/i, 10101],
  [/ARM7|ARM9|ARM ?7TDM/i, 10007],
  [/\b8051\b|MCS-51|\bC8051|\bEFM8/i, 10008],
  [/\bAVR\b|ATmega|ATtiny|AT90/i, 10009],
  [/\bdsPIC|\bPIC24/i, 10011],
  [/\bPIC32|\bMIPS\b/i, 10012],
  [/\bPIC1[0268]/i, 10010],
  [/MSP430/i, 10013],
  [/\bSTM8/i, 10014],
  [/RISC-?V/i, 10015],
  [/\bS08\b|HCS?1[12]|68HC/i, 10016],
];

function refineMcu(text: string, fallback: number): number {
  return firstMatch(text, MCU_CORE_RULES) ?? fallback;
}

const RULES: Readonly<Record<string, readonly Rule[] | ((t: string, name: string) => number | null)>> = {
  MCU_Cypress: (t) => refineMcu(t, 10017),
  MCU_NXP_Kinetis: (t) => refineMcu(t, 100),
  MCU_NXP_LPC: (t) => refineMcu(t, 100),
  MCU_SiliconLabs: (t) => refineMcu(t, 100),
  MCU_Texas: (t) => refineMcu(t, 100),
  MCU_Intel: [
    [/MCS-?48|MCS-?51|8051|Microcontroller|\buC\b/i, 10017],
    [/Coprocessor|\bFPU\b/i, 10104],
    [/./, 10102],
  ],
  MCU_NXP_ColdFire: (t) => refineMcu(t, 10017),
  MCU_Microchip_SAMD: (t) => refineMcu(t, 10002),
  MCU_Microchip_SAML: (t) => refineMcu(t, 10002),
  MCU_Microchip_SAME: (t) => refineMcu(t, 10004),
  CPU: [
    [/QorIQ|PowerPC|64-bit/i, 10103],
    [/./, 10102],
  ],
  GPU: [[/./, 10104]],
  Analog_ADC: [[/./, 10401]],
  Analog: [
    [/\bADC\b.*\bDAC\b|\bDAC\b.*\bADC\b/i, 104],
    [/Analog[- ]to[- ]Digital|\bADC\b/i, 10401],
    [/Digital[- ]to[- ]Analog|\bDAC\b/i, 10402],
  ],
  Analog_Switch: [
    [/multiplexer|\bmux\b|SP[4-9]T|SP1[0-6]T/i, 10502],
    [/switch/i, 10501],
  ],
  Audio: [
    [/\bDAC\b|\bADC\b|codec|D\/A|A\/D|converter/i, 10801],
    [/./, 10802],
  ],
  Interface: [
    [/Direct Digital Synthesizer|\bDDS\b/i, 10403],
    [/clock (?:buffer|fanout|driver|converter)|fanout buffer/i, 10604],
    [/RS-?485|RS-?422/i, 30201],
    [/RS-?232/i, 30202],
    [/\bI2C\b|SMBus/i, 311],
    [/LVDS|PECL|differential/i, 312],
  ],
  Interface_UART: [
    [/RS-?485|RS-?422/i, 30201],
    [/RS-?232|EIA-?232/i, 30202],
    [/UART|ACIA|Asynchronous|Serial Communication|DUART|USART/i, 30203],
  ],
  Interface_CAN_LIN: [
    [/\bLIN\b/, 30102],
    [/CAN controller|Stand-?alone CAN/i, 30103],
    [/\bCAN\b/i, 30101],
  ],
  Interface_Ethernet: [
    [/PHY|Physical Layer|Transceiver/i, 30301],
    [/Controller|MAC\b/i, 30302],
  ],
  Interface_USB: [
    [/isolat/i, 30005],
    [/\bhub\b/i, 30002],
    [/Type-?C|USB-C|Power Delivery|\bPD\b/i, 30003],
    [/UART|Serial|FIFO|Bridge|SPI|I2C|Protocol Converter|FT1248/i, 30001],
    [/switch|Charging Port|power|\bmux/i, 30004],
    [/PHY|Transceiver|ULPI/i, 30006],
  ],
  Interface_LineDriver: [[/LVDS|PECL/i, 312]],
  Isolator: [
    [/Digital Isolator|\bIsolators?\b|iCoupler|isoPower|\bISO\d|Si86|Si84|ADuM|ADUM/i, 310],
    [/Triac|Opto-Triac/i, 50103],
    [/Gate Drive|IGBT/i, 50104],
    [/Logic|High[- ]Speed|Schmitt|Mbd|MBd|Mbps|Open Collector|Digital/i, 50102],
    [/Transistor|Darlington|Phototransistor|CTR|NPN|DC Opto|AC Opto/i, 50101],
  ],
  Relay_SolidState: [
    [/Solid State Relay|Photorelay|Photo ?MOS|MOSFET Output|\bSSR\b/i, 65003],
    [/Opto-?Triac|Triac/i, 50103],
  ],
  Relay: [
    [/reed/i, 65004],
    [/signal relay|\bsignal\b|RF Switching/i, 65001],
    [/power relay|\bpower\b|\d+A\b/i, 65002],
  ],
  Regulator_Linear: [
    [/\bnegative\b/i, 15003],
    [/\bdual\b(?! mode).*(?:LDO|regulator)|\btriple\b/i, 15004],
    [/adjustable|\badj\b/i, 15002],
    [/fixed|positive|\d\.?\d*V\b/i, 15001],
  ],
  Regulator_Switching: [
    [/isolat/i, 15106],
    [/power module|regulator module|\bmodule\b/i, 15107],
    [/off-?line|TOPSwitch|TinySwitch|LinkSwitch|InnoSwitch|\bSMPS\b|AC-?DC|flyback/i, 15105],
    [/buck-?boost|step-?up\/down|SEPIC|inverting buck|up\/down/i, 15103],
    [/inverting|negative/i, 15104],
    [/step-?down|\bbuck\b/i, 15101],
    [/step-?up|\bboost\b/i, 15102],
  ],
  Regulator_Controller: [
    [/\bPFC\b|power factor/i, 15202],
    [/resonant|\bLLC\b/i, 15203],
    [/PWM|current-?mode|flyback|forward|SMPS/i, 15201],
  ],
  Battery_Management: [
    [/fuel gauge|gas gauge|coulomb/i, 15602],
    [/protect/i, 15603],
    [/charg/i, 15601],
    [/power path|PMIC|power manager/i, 15604],
  ],
  Amplifier_Operational: [
    [/\bquad\b|\bquadruple\b|\b4 ?ch/i, 20003],
    [/\bdual\b|\b2 ?ch/i, 20002],
    [/\bsingle\b|\b1 ?ch/i, 20001],
  ],
  Amplifier_Audio: [
    [/class[- ]?D\b|filterless/i, 20401],
    [/headphone/i, 20403],
    [/class[- ]?AB\b/i, 20402],
  ],
  '74xx': (t) => logicFunction(t, 25000),
  '74xx_IEEE': (t) => logicFunction(t, 25000),
  '4xxx': (t) => logicFunction4000(t),
  '4xxx_IEEE': (t) => logicFunction4000(t),
  '74xGxx': [
    [/flip-?flop|latch/i, 25103],
    [/multiplexer|demultiplexer|\bmux\b|bus switch|analog switch|\bswitch\b/i, 25104],
    [/buffer|driver|transceiver|translat/i, 25102],
    [/\b(?:AND|NAND|OR|NOR|XOR|XNOR|inverter|gate|schmitt)\b/i, 25101],
  ],
  Memory_EEPROM: [
    [/Microwire|^93(?:AA|LC|C)\d/i, 35003],
    [/\bSPI\b/, 35002],
    [/\bI2C\b|I²C|Two-Wire|2-wire/i, 35001],
    [/^(?:AT)?25(?:AA|LC|C)?\d/i, 35002],
    [/^(?:AT)?24(?:AA|LC|C)\d/i, 35001],
    [/parallel|\b28C/i, 35004],
  ],
  Memory_Flash: [
    [/\bSPI\b|serial|DataFlash|QSPI/i, 35201],
    [/parallel|\bx8\b|\bx16\b|\d+k? ?x ?\d+|FLASH EEPROM|Flash ROM|bits?\)/i, 35202],
  ],
  Memory_RAM: [
    [/dual[- ]port|FIFO/i, 35303],
    [/SDRAM|DRAM/i, 35302],
    [/SRAM|Static RAM/i, 35301],
  ],
  Sensor_Temperature: [
    [/thermocouple|termocouple|RTD|PT100|PT1000|cold junction/i, 40003],
    [/digital|I2C|I²C|SPI|1-Wire|OneWire|SMBus|2 wire|two-wire|\bPWM\b/i, 40001],
    [/analog|voltage output|current output|\bmV\/|µA\/K|uA\/K/i, 40002],
  ],
  Sensor_Motion: [
    [/IMU|inertial|[69]-axis|accelerometer.*gyro|gyro.*accelerometer/i, 40303],
    [/gyro/i, 40302],
    [/accelerometer/i, 40301],
  ],
  Sensor_Magnetic: [
    [/magnetometer|compass|angle|rotary|position|3D magnetic|\bAMR\b/i, 40403],
    [/linear|ratiometric/i, 40402],
    [/switch|latch/i, 40401],
  ],
  Sensor_Optical: [
    [/photodiode|\bPIN\b|SiPM|photomultiplier|MPPC/i, 40901],
    [/light dependent|\bLDR\b|photo ?resistor/i, 40902],
    [/ambient light|colou?r|spectral|RGB|\bALS\b|lux/i, 40903],
    [/photo ?transistor/i, 40904],
  ],
  Display_Character: [
    [/7[- ]segment|seven[- ]segment|numeric|digit/i, 50201],
    [/LCD.*(?:\d+x\d+|dot-?matrix|character)|character/i, 50202],
  ],
  Display_Graphic: [
    [/OLED/i, 50204],
    [/./, 50203],
  ],
  Driver_Display: [[/./, 10704]],
  LED: [
    [/addressable|integrated (?:controller|IC)|NeoPixel|\bWS28|SK68|APA10/i, 50003],
    [/infrared|\bIR\b/i, 50004],
    [/array|bar ?graph|10-element/i, 50005],
    [/RGB|bi-?colou?r|multi-?colou?r|tri-?colou?r/i, 50002],
    [/high[- ]power|XHP|\d+W\b/i, 50006],
    [/./, 50001],
  ],
  Diode: [
    [/\bTVS\b|transient|Transil|TRANSZORB|suppressor/i, 45004],
    [/zener|\bZ[0-9]|voltage regulator diode/i, 45003],
    [/schottky/i, 45002],
    [/varactor|varicap|capacitance diode|tuning/i, 45006],
    [/fast|ultrafast|recovery/i, 45007],
    [/switching|small signal|high[- ]speed/i, 45005],
    [/rectifier|general purpose|diode/i, 45001],
  ],
  Transistor_BJT: [
    [/unijunction|\bUJT\b/i, 457],
    [/digital|pre-?biased|resistor-?equipped|\bBRT\b/i, 45203],
    [/darlington/i, 45204],
    [/\bdual\b|double|matched pair|\bx2\b/i, 45205],
    [/\bPNP\b/, 45202],
    [/\bNPN\b/, 45201],
  ],
  Transistor_FET: [
    [/JFET/i, 45304],
    [/\bdual\b|complementary|N and P|N\+P|N & P|\bN\/P\b/i, 45303],
    [/P-?Channel|PMOS|P-MOS/i, 45302],
    [/N-?Channel|NMOS|N-MOS/i, 45301],
  ],
  Triac_Thyristor: [
    [/\bDIAC\b|SIDAC/i, 45603],
    [/triac/i, 45601],
    [/thyristor|\bSCR\b|silicon controlled/i, 45602],
  ],
  Power_Protection: [[/./, 800]],
  Transformer: [
    [/\bbalun\b|\bRF\b|unbalanced|Mini-Circuits/i, 55302],
    [/current (?:sense )?transformer|current transducer|\bCST\d/i, 55304],
    [/LAN|Ethernet|pulse|gate drive|\bPoE\b|10\/100/i, 55303],
    [/audio|line transformer|\bLL1\d/i, 55305],
    [/\bVA\b|mains|power|flyback|PCB Transformer|primary/i, 55301],
  ],
  Oscillator: [
    [/clock generator|synthesi[sz]er|\bPLL\b|programmable clock/i, 10603],
    [/VCXO|TCXO|TXCO|OCXO|voltage[- ]controlled|temperature compensated|oven/i, 55404],
    [/./, 55402],
  ],
  Filter: [
    [/SAW/i, 55502],
    [/common[- ]mode|choke/i, 55503],
    [/EMI|mains|line filter|power line/i, 55501],
    [/\bbalun\b/i, 55302],
    [/active|switched[- ]capacitor|universal filter/i, 55504],
  ],
  RF: [
    [/attenuator|\bVVA\b/i, 71001],
    [/coupler|splitter|combiner|divider|\bbalun\b|\bchoke\b|bias[- ]tee/i, 71002],
    [/multiplier|phase detector|prescaler|counter/i, 71003],
    [/LoRa|sub-?GHz|\b(?:315|433|868|915) ?MHz|ISM/i, 70001],
    [/2\.4 ?GHz/i, 70002],
    [/transmitter|receiver|transceiver/i, 70003],
  ],
  RF_Amplifier: [
    [/\bLNA\b|low[- ]noise/i, 70101],
    [/detector/i, 70104],
    [/variable gain|\bVGA\b|digital step/i, 70105],
    [/gain block/i, 70103],
    [/power amplifier|\bPA\b|\d+ ?W\b|dBm/i, 70102],
  ],
  RF_Filter: [
    [/band[- ]?stop|notch|band[- ]?reject/i, 70404],
    [/band[- ]?pass/i, 70403],
    [/high[- ]?pass/i, 70402],
    [/low[- ]?pass/i, 70401],
  ],
  RF_Bluetooth: [[/module/i, 75002]],
  RF_ZigBee: [[/module|XBee|breakout/i, 75004]],
  RF_Module: [
    [/Wi-?Fi|802\.11|ESP8266|ESP32/i, 75001],
    [/\bUWB\b|ultra wide band/i, 75007],
    [/LoRa|SigFox|Sub-?GHz|long range|\b(?:315|433|868|915) ?MHz|IQRF|FSK/i, 75003],
    [/Bluetooth|\bBLE\b|nRF5/i, 75002],
    [/ZigBee|802\.15\.4|Thread/i, 75004],
    [/GPS|GNSS/i, 75005],
    [/GSM|LTE|NB-IoT|Cellular|3G|4G/i, 75006],
  ],
  RF_WiFi: [[/./, 75001]],
  Sensor: [
    [/energy meter|metering/i, 407],
    [/gesture|proximity/i, 410],
  ],
  Switch: (_t, name) => switchCategory(name),
  Motor: [[/./, 653]],
  Mechanical: (_t, name) =>
    /^MountingHole/.test(name) ? 900 : /^Heatsink/.test(name) ? 902 : /^Housing|^DIN_Rail/.test(name) ? 903 : /^Fiducial/.test(name) ? 904 : 17,
  Jumper: [[/./, 611]],
  Connector: (_t, name) => connectorCategory(name),
  Connector_Generic: (_t, name) => genericConnector(name),
  Connector_Generic_MountingPin: (_t, name) => genericConnector(name),
  Connector_Generic_Shielded: (_t, name) => genericConnector(name),
  Device: (t, name) => deviceCategory(name, t),
};

/** 74-series function from description/keywords ('Quad 2-input NAND', 'TTL CNT CNT4'…). */
function logicFunction(t: string, base: number): number | null {
  const f = logicKind(t);
  if (f === null) return null;
  return base + f; // 25001..25007
}

function logicKind(t: string): number | null {
  if (/shift[- ]?reg|\bSR\b|serial[- ]in|parallel[- ]in.*serial|\bSHIFT/i.test(t)) return 4;
  if (/counter|divider|\bCNT\b|\bdivide/i.test(t)) return 3;
  if (/decoder|encoder|demultiplexer|multiplexer|\bmux\b|data selector|\bDEMUX\b/i.test(t)) return 6;
  if (/adder|\bALU\b|comparator|arithmetic|parity|magnitude/i.test(t)) return 7;
  if (/flip-?flop|latch|\bDFF|\bJK\b|register|\bREG\b/i.test(t)) return 2;
  if (/buffer|driver|transceiver|line receiver|bus|3-state|tri-?state/i.test(t)) return 5;
  if (/\b(?:AND|NAND|OR|NOR|XOR|XNOR|inverter|inverting|gate|schmitt|not inv)|\bNand\d|\bNor\d|\bAnd\d|\bOr\d/i.test(t)) return 1;
  return null;
}

function logicFunction4000(t: string): number | null {
  const f = logicKind(t);
  const map: Readonly<Record<number, number>> = { 1: 25201, 2: 25202, 3: 25203, 4: 25204, 5: 25205, 6: 25206, 7: 25201 };
  return f === null ? null : (map[f] ?? null);
}

function switchCategory(name: string): number {
  if (/^SW_DIP/.test(name)) return 65102;
  if (/^SW_Reed/.test(name)) return 65106;
  if (/Temperature/.test(name)) return 65107;
  if (/^SW_Coded|^SW_Rotary/.test(name)) return 65105;
  if (/Push|MEC_5|E3_|_Tactile|NKK_GW/.test(name)) return 65101;
  if (/^SW_(?:SPST|SPDT|DPST|DPDT|DP3T|SP3T)/.test(name)) return 65103;
  return 651;
}

function genericConnector(name: string): number {
  if (/^Conn_01x/.test(name)) return 60001;
  if (/^Conn_02x|^Conn_2Rows/.test(name)) return 60002;
  return 600;
}

function connectorCategory(name: string): number {
  if (/^TestPoint|^CoaxialSwitch_Testpoint/.test(name)) return 901;
  if (/^Conn_0\dx|^Conn_\d+X\d/.test(name)) return genericConnector(name.replace(/^Conn_(\d+)X/, 'Conn_0$1x'));
  if (/^USB|Wuerth_749901|Wuerth_7499010121A/.test(name) && /USB/.test(name)) return 601;
  if (/^USB/.test(name)) return 601;
  if (/^(?:RJ\d|\dP\dC|8P8C|Pulse_JXD|RJ45_)|RB1-125B8G1A|Wuerth_74980111211|Wuerth_7499151120|Wuerth_7499010121A/.test(name)) return 603;
  if (/^(?:Audio|XLR|SpeakON|HDMI|SCART|JK|Jack-DC$)/.test(name)) return /^Jack-DC/.test(name) ? 604 : 602;
  if (/^(?:Barrel_Jack|CUI_PD|Conn_Wall|ATX-|Conn_Coaxial_Power)/.test(name)) return 604;
  if (/^(?:DB\d|DIN-|Mini-DIN|LEMO|DIN41612)/.test(name)) return /^DIN41612/.test(name) ? 609 : 605;
  if (/SD_Card|SIM_Card|ExpressCard/.test(name)) return 606;
  if (/^Conn_(?:Coaxial|Triaxial)/.test(name)) return 607;
  if (/^Screw_Terminal/.test(name)) return 608;
  if (/^(?:Bus_|SODIMM|MXM|IEEE1394|Samtec_|Raspberry_Pi|UEXT)/.test(name)) return 609;
  if (/^(?:AVR-|Conn_ARM|Conn_PIC|Conn_ST_|Microsemi_FlashPro)/.test(name)) return 610;
  return 11;
}

function deviceCategory(name: string, t: string): number {
  const rules: readonly Rule[] = [
    [/^R_Pack|^R_Network/, 55003],
    [/^R_Potentiometer|^R_Trim|^R_Variable/, 55002],
    [/^R_Shunt/, 55005],
    [/^R_Photo/, 40902],
    [/^Thermistor/, 55004],
    [/^R(?:_|$)|^VoltageDivider/, 55001],
    [/^C_Polarized/, 55102],
    [/^C_Trim|^C_Variable/, 55103],
    [/^C_Feedthrough/, 55104],
    [/^Filter_EMI_C$/, 55501],
    [/^C(?:_|$)/, 55101],
    [/^L_(?:Coupled|Ferrite_Coupled|Iron_Coupled)|^L_Pack/, 55203],
    [/^FerriteBead/, 55202],
    [/^L(?:_|$)/, 55201],
    [/^Filter_EMI_CommonMode/, 55503],
    [/^Filter_EMI/, 55501],
    [/^Transformer_Audio/, 55305],
    [/^Transformer/, 55301],
    [/^Crystal/, 55401],
    [/^Resonator/, 55403],
    [/^D_Schottky/, 45002],
    [/^D_Zener/, 45003],
    [/^D_TVS/, 45004],
    [/^D_Capacitance/, 45006],
    [/^D_Bridge/, 451],
    [/^D_Photo|^D_SiPM|^D_Radiation/, 40901],
    [/^D_Laser/, 504],
    [/^DIAC/, 45603],
    [/^D_(?:Shockley|Tunnel|Unitunnel|TemperatureDependent)/, 450],
    [/^D(?:_|$)/, 45001],
    [/^LED_(?:[RGBAK]{4}|RGB|Dual)|^LED_BGR|^LED_ARGB/, 50002],
    [/^LED/, 50001],
    [/^Q_Photo/, 40904],
    [/^Q_(?:Dual_)?N(?:PN|MOS)_.*BRT|^Q_[NP]PN_\w*BRT/, 45203],
    [/^Q_Dual_(?:NMOS|PMOS)/, 45303],
    [/^Q_Dual_/, 45205],
    [/^Q_[NP]PN_Darlington/, 45204],
    [/^Q_NPN/, 45201],
    [/^Q_PNP/, 45202],
    [/^Q_NMOS/, 45301],
    [/^Q_PMOS/, 45302],
    [/^Q_[NP]JFET/, 45304],
    [/^Q_NIGBT/, 454],
    [/^Q_TRIAC/, 45601],
    [/^Q_SCR/, 45602],
    [/^Q_[NP]UJT/, 457],
    [/^Fuse|^Polyfuse/, 0],
    [/^Varistor/, 802],
    [/^GDT|^SparkGap/, 803],
    [/^Battery/, 850],
    [/^Solar_Cell/, 851],
    [/^Buzzer|^Speaker|^Earphone/, 652],
    [/^Microphone/, 412],
    [/^Antenna/, 556],
    [/^CircuitBreaker/, 654],
    [/^Lamp/, 655],
    [/^PeltierElement/, 656],
    [/^(?:Ammeter|Voltmeter|Ohmmeter|Galvanometer|Oscilloscope|FrequencyCounter)/, 954],
    [/^RotaryEncoder/, 65104],
    [/^NetTie/, 905],
    [/^RFShield/, 906],
    [/^Thermocouple/, 40003],
    [/^HallGenerator/, 404],
    [/^Opamp_/, 200],
  ];
  const id = firstMatch(name, rules);
  if (id === 0) return /^Polyfuse/.test(name) ? 80102 : 80101;
  if (id !== null) return id;
  void t;
  return 955;
}

/**
 * Category of one KiCad symbol: the library's default, refined by the symbol's name, description
 * and keywords when they state something finer. Unknown libraries fall back to 'Other' (18).
 */
export function categoryForSymbol(libraryName: string, symbolName: string, description = '', keywords = ''): number {
  const base = LIBRARY_CATEGORY[libraryName];
  if (base === undefined) return 18;
  const rule = RULES[libraryName];
  if (!rule) return base;
  const name = typeof symbolName === 'string' ? symbolName : '';
  const text = `${name} | ${description ?? ''} | ${keywords ?? ''}`;
  const refined = typeof rule === 'function' ? rule(text, name) : firstMatch(text, rule);
  return refined !== null && CATEGORY_BY_ID.has(refined) ? refined : base;
}

/** Libraries whose every symbol is a drawing aid or a template, never a product. */
const TEMPLATE_LIBRARIES: ReadonlySet<string> = new Set(['power', 'Graphic', 'Simulation_SPICE', 'pspice', 'Mechanical', 'Device', 'Connector_Generic', 'Connector_Generic_MountingPin', 'Connector_Generic_Shielded', 'Jumper']);

/**
 * True when a symbol is a template rather than an orderable product: the generic R, C, L, LED,
 * D, Q_NPN_BEC of 'Device', Conn_01x04, SW_Push, test points, mounting holes, power flags, logos,
 * simulation sources. Descriptions that say so ("Generic connector", "for simulation only",
 * "Power symbol creates a global label") count too.
 */
export function isGenericLibrarySymbol(libraryName: string, symbolName: string, description = ''): boolean {
  if (TEMPLATE_LIBRARIES.has(libraryName)) return true;
  const d = description ?? '';
  if (/^Generic\b|\bgeneric\b.*(?:connector|symbol|switch|template)|for simulation only|Power symbol creates a global label|script generated/i.test(d)) return true;
  return !looksLikePartNumber(symbolName, libraryName);
}
