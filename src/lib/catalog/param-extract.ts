// Parameters stated in a KiCad symbol's description (ki_description) and keywords (ki_keywords),
// e.g. "ARM Cortex-M3 MCU, 64KB flash, 20KB RAM, 72MHz, 2-3.6V, 37 GPIO, LQFP-48". Only what the
// text states is returned: no value is inferred from a part number's family, except the STM32
// package code, which ST's published ordering scheme defines (see stm32Package).
//
// Each extractor is guarded by the library it applies to, because the same text means different
// things in different libraries ("2-3.6V" is the supply of an MCU but may be the input range of a
// regulator; "16-bit" is an ADC's resolution but an MCU's word size).

import { parseQuantity, parseRange, type Unit } from './units.ts';

export type ParamKind = 'number' | 'text';

export type ParamDef = {
  readonly key: string;
  readonly nameZh: string;
  readonly nameEn: string;
  readonly unit: Unit | null;
  readonly kind: ParamKind;
};

// prettier-ignore
export const PARAM_DEFS = [
  { key: 'core', nameZh: '内核', nameEn: 'Core', unit: null, kind: 'text' },
  { key: 'flashSize', nameZh: 'Flash 容量', nameEn: 'Flash Size', unit: 'B', kind: 'number' },
  { key: 'programMemoryWords', nameZh: '程序存储器 (字)', nameEn: 'Program Memory (Words)', unit: null, kind: 'number' },
  { key: 'framSize', nameZh: 'FRAM 容量', nameEn: 'FRAM Size', unit: 'B', kind: 'number' },
  { key: 'ramSize', nameZh: 'RAM 容量', nameEn: 'RAM Size', unit: 'B', kind: 'number' },
  { key: 'eepromSize', nameZh: 'EEPROM 容量', nameEn: 'EEPROM Size', unit: 'B', kind: 'number' },
  { key: 'memorySize', nameZh: '存储容量', nameEn: 'Memory Size', unit: 'bit', kind: 'number' },
  { key: 'maxFrequency', nameZh: '最高主频', nameEn: 'Max Frequency', unit: 'Hz', kind: 'number' },
  { key: 'gpioCount', nameZh: 'I/O 数量', nameEn: 'GPIO Count', unit: null, kind: 'number' },
  { key: 'supplyVoltageMin', nameZh: '工作电压 (最小)', nameEn: 'Supply Voltage (Min)', unit: 'V', kind: 'number' },
  { key: 'supplyVoltageMax', nameZh: '工作电压 (最大)', nameEn: 'Supply Voltage (Max)', unit: 'V', kind: 'number' },
  { key: 'inputVoltageMin', nameZh: '输入电压 (最小)', nameEn: 'Input Voltage (Min)', unit: 'V', kind: 'number' },
  { key: 'inputVoltageMax', nameZh: '输入电压 (最大)', nameEn: 'Input Voltage (Max)', unit: 'V', kind: 'number' },
  { key: 'outputVoltage', nameZh: '输出电压', nameEn: 'Output Voltage', unit: 'V', kind: 'number' },
  { key: 'outputVoltageType', nameZh: '输出类型', nameEn: 'Output Type', unit: null, kind: 'text' },
  { key: 'outputCurrent', nameZh: '输出电流', nameEn: 'Output Current', unit: 'A', kind: 'number' },
  { key: 'dropoutVoltage', nameZh: '压差', nameEn: 'Dropout Voltage', unit: 'V', kind: 'number' },
  { key: 'switchingFrequency', nameZh: '开关频率', nameEn: 'Switching Frequency', unit: 'Hz', kind: 'number' },
  { key: 'power', nameZh: '功率', nameEn: 'Power', unit: 'W', kind: 'number' },
  { key: 'isolationVoltage', nameZh: '隔离电压', nameEn: 'Isolation Voltage', unit: 'V', kind: 'number' },
  { key: 'channels', nameZh: '通道数', nameEn: 'Channels', unit: null, kind: 'number' },
  { key: 'resolution', nameZh: '分辨率', nameEn: 'Resolution', unit: 'bit', kind: 'number' },
  { key: 'sampleRate', nameZh: '采样率', nameEn: 'Sample Rate', unit: 'SPS', kind: 'number' },
  { key: 'dataRate', nameZh: '数据速率', nameEn: 'Data Rate', unit: 'bps', kind: 'number' },
  { key: 'interface', nameZh: '接口', nameEn: 'Interface', unit: null, kind: 'text' },
  { key: 'package', nameZh: '封装', nameEn: 'Package', unit: null, kind: 'text' },
  { key: 'operatingTempMin', nameZh: '工作温度 (最低)', nameEn: 'Operating Temperature (Min)', unit: '°C', kind: 'number' },
  { key: 'operatingTempMax', nameZh: '工作温度 (最高)', nameEn: 'Operating Temperature (Max)', unit: '°C', kind: 'number' },
  { key: 'tolerance', nameZh: '精度', nameEn: 'Tolerance', unit: '%', kind: 'number' },
  { key: 'tempCoefficient', nameZh: '温度系数', nameEn: 'Temperature Coefficient', unit: 'ppm', kind: 'number' },
  { key: 'drainSourceVoltage', nameZh: '漏源电压 (Vds)', nameEn: 'Drain-Source Voltage (Vds)', unit: 'V', kind: 'number' },
  { key: 'drainCurrent', nameZh: '漏极电流 (Id)', nameEn: 'Drain Current (Id)', unit: 'A', kind: 'number' },
  { key: 'onResistance', nameZh: '导通电阻', nameEn: 'On-Resistance', unit: 'Ω', kind: 'number' },
  { key: 'collectorEmitterVoltage', nameZh: '集射极电压 (Vce)', nameEn: 'Collector-Emitter Voltage (Vce)', unit: 'V', kind: 'number' },
  { key: 'collectorCurrent', nameZh: '集电极电流 (Ic)', nameEn: 'Collector Current (Ic)', unit: 'A', kind: 'number' },
  { key: 'forwardCurrent', nameZh: '正向电流 (If)', nameEn: 'Forward Current (If)', unit: 'A', kind: 'number' },
  { key: 'reverseStandoffVoltage', nameZh: '反向关断电压 (Vrwm)', nameEn: 'Reverse Standoff Voltage (Vrwm)', unit: 'V', kind: 'number' },
  { key: 'rmsInputVoltage', nameZh: '最大输入电压 (有效值)', nameEn: 'Max Input Voltage (RMS)', unit: 'V', kind: 'number' },
  { key: 'offStateVoltage', nameZh: '断态电压 (Vdrm)', nameEn: 'Off-State Voltage (Vdrm)', unit: 'V', kind: 'number' },
  { key: 'onStateCurrentRms', nameZh: '通态电流 (有效值)', nameEn: 'On-State Current (RMS)', unit: 'A', kind: 'number' },
  { key: 'currentTransferRatio', nameZh: '电流传输比 (CTR)', nameEn: 'Current Transfer Ratio (CTR)', unit: '%', kind: 'number' },
  { key: 'wavelength', nameZh: '波长', nameEn: 'Wavelength', unit: 'm', kind: 'number' },
  { key: 'gain', nameZh: '增益 (V/V)', nameEn: 'Gain (V/V)', unit: null, kind: 'number' },
  { key: 'bandwidth', nameZh: '带宽', nameEn: 'Bandwidth', unit: 'Hz', kind: 'number' },
  { key: 'thresholdVoltage', nameZh: '阈值电压', nameEn: 'Threshold Voltage', unit: 'V', kind: 'number' },
  { key: 'coilVoltage', nameZh: '线圈电压', nameEn: 'Coil Voltage', unit: 'V', kind: 'number' },
  { key: 'logicElements', nameZh: '逻辑单元数', nameEn: 'Logic Elements / LUTs', unit: null, kind: 'number' },
  { key: 'macrocells', nameZh: '宏单元数', nameEn: 'Macrocells', unit: null, kind: 'number' },
  { key: 'steps', nameZh: '抽头数', nameEn: 'Wiper Positions', unit: null, kind: 'number' },
  { key: 'displayResolution', nameZh: '显示分辨率', nameEn: 'Display Resolution', unit: null, kind: 'text' },
  { key: 'humidityAccuracy', nameZh: '湿度精度 (%RH)', nameEn: 'Humidity Accuracy (%RH)', unit: '%', kind: 'number' },
  { key: 'temperatureAccuracy', nameZh: '温度精度', nameEn: 'Temperature Accuracy', unit: '°C', kind: 'number' },
  // JLCPCB/LCSC attribute keys (jlcparts/attribute-params.ts); Chinese names as LCSC lists them.
  { key: 'resistance', nameZh: '阻值', nameEn: 'Resistance', unit: 'Ω', kind: 'number' },
  { key: 'capacitance', nameZh: '容值', nameEn: 'Capacitance', unit: 'F', kind: 'number' },
  { key: 'inductance', nameZh: '电感值', nameEn: 'Inductance', unit: 'H', kind: 'number' },
  { key: 'ratedVoltage', nameZh: '额定电压', nameEn: 'Rated Voltage', unit: 'V', kind: 'number' },
  { key: 'ratedVoltageAc', nameZh: '额定电压 (交流)', nameEn: 'Rated Voltage (AC)', unit: 'V', kind: 'number' },
  { key: 'ratedCurrent', nameZh: '额定电流', nameEn: 'Rated Current', unit: 'A', kind: 'number' },
  { key: 'maxWorkingVoltage', nameZh: '最大工作电压', nameEn: 'Max Working Voltage', unit: 'V', kind: 'number' },
  { key: 'overloadVoltage', nameZh: '最大过载电压', nameEn: 'Max Overload Voltage', unit: 'V', kind: 'number' },
  { key: 'dielectric', nameZh: '介质材料', nameEn: 'Dielectric', unit: null, kind: 'text' },
  { key: 'capacitanceTolerance', nameZh: '容值偏差 (绝对值)', nameEn: 'Capacitance Tolerance (Absolute)', unit: 'F', kind: 'number' },
  { key: 'saturationCurrent', nameZh: '饱和电流', nameEn: 'Saturation Current', unit: 'A', kind: 'number' },
  { key: 'dcResistance', nameZh: '直流电阻 (DCR)', nameEn: 'DC Resistance (DCR)', unit: 'Ω', kind: 'number' },
  { key: 'esr', nameZh: '等效串联电阻 (ESR)', nameEn: 'ESR', unit: 'Ω', kind: 'number' },
  { key: 'rippleCurrent', nameZh: '纹波电流', nameEn: 'Ripple Current', unit: 'A', kind: 'number' },
  { key: 'impedance', nameZh: '阻抗', nameEn: 'Impedance', unit: 'Ω', kind: 'number' },
  { key: 'selfResonantFrequency', nameZh: '自谐振频率', nameEn: 'Self-Resonant Frequency', unit: 'Hz', kind: 'number' },
  { key: 'qFactor', nameZh: 'Q 值', nameEn: 'Q Factor', unit: null, kind: 'number' },
  { key: 'lifetime', nameZh: '使用寿命', nameEn: 'Lifetime', unit: 's', kind: 'number' },
  { key: 'safetyClass', nameZh: '安规等级', nameEn: 'Safety Class', unit: null, kind: 'text' },
  { key: 'leakageCurrent', nameZh: '漏电流', nameEn: 'Leakage Current', unit: 'A', kind: 'number' },
  { key: 'elementCount', nameZh: '单元数', nameEn: 'Number of Elements', unit: null, kind: 'number' },
  { key: 'bConstant', nameZh: 'B 值 (25/50℃, K)', nameEn: 'B Constant (25/50 °C, K)', unit: null, kind: 'number' },
  { key: 'bConstantTolerance', nameZh: 'B 值精度', nameEn: 'B Constant Tolerance', unit: '%', kind: 'number' },
  { key: 'varistorVoltage', nameZh: '压敏电压', nameEn: 'Varistor Voltage', unit: 'V', kind: 'number' },
  { key: 'energy', nameZh: '能量 (J)', nameEn: 'Energy (J)', unit: null, kind: 'number' },
  { key: 'turns', nameZh: '圈数', nameEn: 'Turns', unit: null, kind: 'number' },
  { key: 'type', nameZh: '类型', nameEn: 'Type', unit: null, kind: 'text' },
  { key: 'frequency', nameZh: '频率', nameEn: 'Frequency', unit: 'Hz', kind: 'number' },
  { key: 'loadCapacitance', nameZh: '负载电容', nameEn: 'Load Capacitance', unit: 'F', kind: 'number' },
  { key: 'frequencyStability', nameZh: '频率稳定度', nameEn: 'Frequency Stability', unit: 'ppm', kind: 'number' },
  { key: 'frequencyTolerance', nameZh: '常温频差', nameEn: 'Frequency Tolerance', unit: 'ppm', kind: 'number' },
  { key: 'outputFrequencyMax', nameZh: '最高输出频率', nameEn: 'Max Output Frequency', unit: 'Hz', kind: 'number' },
  { key: 'junctionTempMin', nameZh: '工作结温 (最低)', nameEn: 'Junction Temperature (Min)', unit: '°C', kind: 'number' },
  { key: 'junctionTempMax', nameZh: '工作结温 (最高)', nameEn: 'Junction Temperature (Max)', unit: '°C', kind: 'number' },
  { key: 'measureTempMin', nameZh: '测温范围 (最低)', nameEn: 'Measuring Temperature (Min)', unit: '°C', kind: 'number' },
  { key: 'measureTempMax', nameZh: '测温范围 (最高)', nameEn: 'Measuring Temperature (Max)', unit: '°C', kind: 'number' },
  { key: 'quiescentCurrent', nameZh: '静态电流 (Iq)', nameEn: 'Quiescent Current (Iq)', unit: 'A', kind: 'number' },
  { key: 'standbyCurrent', nameZh: '待机电流', nameEn: 'Standby Current', unit: 'A', kind: 'number' },
  { key: 'supplyCurrent', nameZh: '工作电流', nameEn: 'Supply Current', unit: 'A', kind: 'number' },
  { key: 'outputType', nameZh: '输出形式', nameEn: 'Output Type', unit: null, kind: 'text' },
  { key: 'outputCount', nameZh: '输出数', nameEn: 'Number of Outputs', unit: null, kind: 'number' },
  { key: 'topology', nameZh: '拓扑结构', nameEn: 'Topology', unit: null, kind: 'text' },
  { key: 'function', nameZh: '功能', nameEn: 'Function', unit: null, kind: 'text' },
  { key: 'outputPolarity', nameZh: '输出极性', nameEn: 'Output Polarity', unit: null, kind: 'text' },
  { key: 'synchronousRectifier', nameZh: '同步整流', nameEn: 'Synchronous Rectification', unit: null, kind: 'text' },
  { key: 'switchType', nameZh: '开关管 (内置/外置)', nameEn: 'Switch (Built-in/External)', unit: null, kind: 'text' },
  { key: 'outputPower', nameZh: '输出功率', nameEn: 'Output Power', unit: 'W', kind: 'number' },
  { key: 'efficiency', nameZh: '效率', nameEn: 'Efficiency', unit: '%', kind: 'number' },
  { key: 'psrr', nameZh: '电源纹波抑制比 (PSRR)', nameEn: 'PSRR', unit: 'dB', kind: 'number' },
  { key: 'referenceVoltage', nameZh: '基准电压', nameEn: 'Reference Voltage', unit: 'V', kind: 'number' },
  { key: 'chargeVoltage', nameZh: '充电截止电压', nameEn: 'Charge Voltage', unit: 'V', kind: 'number' },
  { key: 'chargeCurrent', nameZh: '最大充电电流', nameEn: 'Max Charge Current', unit: 'A', kind: 'number' },
  { key: 'cellCountMin', nameZh: '电池节数 (最少)', nameEn: 'Cells (Min)', unit: null, kind: 'number' },
  { key: 'cellCountMax', nameZh: '电池节数 (最多)', nameEn: 'Cells (Max)', unit: null, kind: 'number' },
  { key: 'onResistanceVgs', nameZh: '导通电阻测试电压 (Vgs)', nameEn: 'On-Resistance Test Voltage (Vgs)', unit: 'V', kind: 'number' },
  { key: 'reverseVoltage', nameZh: '反向电压 (Vr)', nameEn: 'Reverse Voltage (Vr)', unit: 'V', kind: 'number' },
  { key: 'forwardVoltage', nameZh: '正向压降 (Vf)', nameEn: 'Forward Voltage (Vf)', unit: 'V', kind: 'number' },
  { key: 'surgeCurrent', nameZh: '正向浪涌电流 (Ifsm)', nameEn: 'Surge Current (Ifsm)', unit: 'A', kind: 'number' },
  { key: 'reverseRecoveryTime', nameZh: '反向恢复时间 (trr)', nameEn: 'Reverse Recovery Time (trr)', unit: 's', kind: 'number' },
  { key: 'reverseLeakageCurrent', nameZh: '反向漏电流 (Ir)', nameEn: 'Reverse Leakage Current (Ir)', unit: 'A', kind: 'number' },
  { key: 'configuration', nameZh: '配置', nameEn: 'Configuration', unit: null, kind: 'text' },
  { key: 'zenerVoltage', nameZh: '稳压值 (标称)', nameEn: 'Zener Voltage (Nom)', unit: 'V', kind: 'number' },
  { key: 'zenerVoltageMin', nameZh: '稳压值 (最小)', nameEn: 'Zener Voltage (Min)', unit: 'V', kind: 'number' },
  { key: 'zenerVoltageMax', nameZh: '稳压值 (最大)', nameEn: 'Zener Voltage (Max)', unit: 'V', kind: 'number' },
  { key: 'zenerImpedance', nameZh: '动态阻抗 (Zzt)', nameEn: 'Zener Impedance (Zzt)', unit: 'Ω', kind: 'number' },
  { key: 'breakdownVoltage', nameZh: '击穿电压', nameEn: 'Breakdown Voltage', unit: 'V', kind: 'number' },
  { key: 'clampingVoltage', nameZh: '钳位电压', nameEn: 'Clamping Voltage', unit: 'V', kind: 'number' },
  { key: 'peakPulseCurrent', nameZh: '峰值脉冲电流 (Ipp)', nameEn: 'Peak Pulse Current (Ipp)', unit: 'A', kind: 'number' },
  { key: 'peakPulsePower', nameZh: '峰值脉冲功率 (Ppp)', nameEn: 'Peak Pulse Power (Ppp)', unit: 'W', kind: 'number' },
  { key: 'polarity', nameZh: '极性', nameEn: 'Polarity', unit: null, kind: 'text' },
  { key: 'junctionCapacitance', nameZh: '结电容', nameEn: 'Junction Capacitance', unit: 'F', kind: 'number' },
  { key: 'sparkOverVoltage', nameZh: '直流击穿电压', nameEn: 'DC Spark-Over Voltage', unit: 'V', kind: 'number' },
  { key: 'gateThresholdVoltage', nameZh: '阈值电压 (Vgs(th))', nameEn: 'Gate Threshold Voltage (Vgs(th))', unit: 'V', kind: 'number' },
  { key: 'inputCapacitance', nameZh: '输入电容 (Ciss)', nameEn: 'Input Capacitance (Ciss)', unit: 'F', kind: 'number' },
  { key: 'gateCharge', nameZh: '栅极电荷 (Qg, C)', nameEn: 'Gate Charge (Qg, C)', unit: null, kind: 'number' },
  { key: 'gateSourceVoltageMax', nameZh: '栅源电压 (Vgs)', nameEn: 'Gate-Source Voltage (Vgs)', unit: 'V', kind: 'number' },
  { key: 'transistorPolarity', nameZh: '晶体管类型', nameEn: 'Transistor Polarity', unit: null, kind: 'text' },
  { key: 'hfe', nameZh: '直流电流增益 (hFE)', nameEn: 'DC Current Gain (hFE)', unit: null, kind: 'number' },
  { key: 'vceSaturation', nameZh: '集射极饱和电压 (Vce(sat))', nameEn: 'Collector-Emitter Saturation Voltage (Vce(sat))', unit: 'V', kind: 'number' },
  { key: 'transitionFrequency', nameZh: '特征频率 (fT)', nameEn: 'Transition Frequency (fT)', unit: 'Hz', kind: 'number' },
  { key: 'emitterBaseVoltage', nameZh: '射基极电压 (Vebo)', nameEn: 'Emitter-Base Voltage (Vebo)', unit: 'V', kind: 'number' },
  { key: 'inputResistance', nameZh: '输入电阻 (R1)', nameEn: 'Input Resistor (R1)', unit: 'Ω', kind: 'number' },
  { key: 'resistorRatio', nameZh: '电阻比 (R1/R2)', nameEn: 'Resistor Ratio (R1/R2)', unit: null, kind: 'number' },
  { key: 'gateTriggerCurrent', nameZh: '门极触发电流 (Igt)', nameEn: 'Gate Trigger Current (Igt)', unit: 'A', kind: 'number' },
  { key: 'gainBandwidth', nameZh: '增益带宽积 (GBP)', nameEn: 'Gain Bandwidth Product (GBP)', unit: 'Hz', kind: 'number' },
  { key: 'slewRate', nameZh: '压摆率 (SR, V/s)', nameEn: 'Slew Rate (SR, V/s)', unit: null, kind: 'number' },
  { key: 'inputOffsetVoltage', nameZh: '输入失调电压 (Vos)', nameEn: 'Input Offset Voltage (Vos)', unit: 'V', kind: 'number' },
  { key: 'inputBiasCurrent', nameZh: '输入偏置电流 (Ib)', nameEn: 'Input Bias Current (Ib)', unit: 'A', kind: 'number' },
  { key: 'noiseDensity', nameZh: '噪声密度 (en, V/√Hz)', nameEn: 'Noise Density (en, V/√Hz)', unit: null, kind: 'number' },
  { key: 'cmrr', nameZh: '共模抑制比 (CMRR)', nameEn: 'CMRR', unit: 'dB', kind: 'number' },
  { key: 'railToRail', nameZh: '轨到轨', nameEn: 'Rail-to-Rail', unit: null, kind: 'text' },
  { key: 'settlingTime', nameZh: '建立时间', nameEn: 'Settling Time', unit: 's', kind: 'number' },
  { key: 'snr', nameZh: '信噪比', nameEn: 'Signal-to-Noise Ratio', unit: 'dB', kind: 'number' },
  { key: 'driverCount', nameZh: '驱动器数', nameEn: 'Drivers', unit: null, kind: 'number' },
  { key: 'receiverCount', nameZh: '接收器数', nameEn: 'Receivers', unit: null, kind: 'number' },
  { key: 'logicType', nameZh: '逻辑类型', nameEn: 'Logic Type', unit: null, kind: 'text' },
  { key: 'logicFamily', nameZh: '逻辑系列', nameEn: 'Logic Family', unit: null, kind: 'text' },
  { key: 'propagationDelay', nameZh: '传播延迟', nameEn: 'Propagation Delay', unit: 's', kind: 'number' },
  { key: 'inputCount', nameZh: '输入数', nameEn: 'Number of Inputs', unit: null, kind: 'number' },
  { key: 'clockFrequency', nameZh: '时钟频率', nameEn: 'Clock Frequency', unit: 'Hz', kind: 'number' },
  { key: 'cpuBits', nameZh: '内核位数', nameEn: 'CPU Bits', unit: 'bit', kind: 'number' },
  { key: 'programMemoryType', nameZh: '程序存储器类型', nameEn: 'Program Memory Type', unit: null, kind: 'text' },
  { key: 'adcResolution', nameZh: 'ADC 分辨率', nameEn: 'ADC Resolution', unit: 'bit', kind: 'number' },
  { key: 'color', nameZh: '颜色', nameEn: 'Colour', unit: null, kind: 'text' },
  { key: 'peakWavelength', nameZh: '峰值波长', nameEn: 'Peak Wavelength', unit: 'm', kind: 'number' },
  { key: 'luminousIntensity', nameZh: '发光强度 (cd)', nameEn: 'Luminous Intensity (cd)', unit: null, kind: 'number' },
  { key: 'viewingAngle', nameZh: '视角 (°)', nameEn: 'Viewing Angle (°)', unit: null, kind: 'number' },
  { key: 'lensColor', nameZh: '透镜颜色', nameEn: 'Lens Colour', unit: null, kind: 'text' },
  { key: 'colorTemperature', nameZh: '色温 (K)', nameEn: 'Colour Temperature (K)', unit: null, kind: 'number' },
  { key: 'pitch', nameZh: '间距', nameEn: 'Pitch', unit: 'm', kind: 'number' },
  { key: 'rowSpacing', nameZh: '排距', nameEn: 'Row Spacing', unit: 'm', kind: 'number' },
  { key: 'rowCount', nameZh: '排数', nameEn: 'Number of Rows', unit: null, kind: 'number' },
  { key: 'pinsPerRow', nameZh: '每排 Pin 数', nameEn: 'Pins per Row', unit: null, kind: 'number' },
  { key: 'pinCount', nameZh: '引脚数', nameEn: 'Pin Count', unit: null, kind: 'number' },
  { key: 'portCount', nameZh: '端口数', nameEn: 'Number of Ports', unit: null, kind: 'number' },
  { key: 'mounting', nameZh: '安装方式', nameEn: 'Mounting', unit: null, kind: 'text' },
  { key: 'contactMaterial', nameZh: '触头材质', nameEn: 'Contact Material', unit: null, kind: 'text' },
  { key: 'contactPlating', nameZh: '触头镀层', nameEn: 'Contact Plating', unit: null, kind: 'text' },
  { key: 'gender', nameZh: '公母', nameEn: 'Gender', unit: null, kind: 'text' },
  { key: 'connectorType', nameZh: '连接器类型', nameEn: 'Connector Type', unit: null, kind: 'text' },
  { key: 'connectorSeries', nameZh: '参考系列', nameEn: 'Reference Series', unit: null, kind: 'text' },
  { key: 'insulationMaterial', nameZh: '绝缘体材质', nameEn: 'Insulation Material', unit: null, kind: 'text' },
  { key: 'flammabilityRating', nameZh: '阻燃等级', nameEn: 'Flammability Rating', unit: null, kind: 'text' },
  { key: 'wireGaugeAwgMin', nameZh: '线规 (AWG, 最小)', nameEn: 'Wire Gauge (AWG, Min)', unit: null, kind: 'number' },
  { key: 'wireGaugeAwgMax', nameZh: '线规 (AWG, 最大)', nameEn: 'Wire Gauge (AWG, Max)', unit: null, kind: 'number' },
  { key: 'switchCircuit', nameZh: '电路结构', nameEn: 'Circuit', unit: null, kind: 'text' },
  { key: 'actuator', nameZh: '操作方式', nameEn: 'Actuator', unit: null, kind: 'text' },
  { key: 'operatingForce', nameZh: '操作力 (N)', nameEn: 'Operating Force (N)', unit: null, kind: 'number' },
  { key: 'termination', nameZh: '引脚形式', nameEn: 'Termination', unit: null, kind: 'text' },
  { key: 'lifeCycles', nameZh: '寿命 (次)', nameEn: 'Life (Cycles)', unit: null, kind: 'number' },
  { key: 'length', nameZh: '长度', nameEn: 'Length', unit: 'm', kind: 'number' },
  { key: 'width', nameZh: '宽度', nameEn: 'Width', unit: 'm', kind: 'number' },
  { key: 'height', nameZh: '高度', nameEn: 'Height', unit: 'm', kind: 'number' },
  { key: 'diameter', nameZh: '直径', nameEn: 'Diameter', unit: 'm', kind: 'number' },
  { key: 'leadSpacing', nameZh: '引脚间距', nameEn: 'Lead Spacing', unit: 'm', kind: 'number' },
  { key: 'coilResistance', nameZh: '线圈电阻', nameEn: 'Coil Resistance', unit: 'Ω', kind: 'number' },
  { key: 'coilPower', nameZh: '线圈功率', nameEn: 'Coil Power', unit: 'W', kind: 'number' },
  { key: 'contactForm', nameZh: '触点形式', nameEn: 'Contact Form', unit: null, kind: 'text' },
  { key: 'breakingCapacity', nameZh: '分断能力', nameEn: 'Breaking Capacity', unit: 'A', kind: 'number' },
  { key: 'holdCurrent', nameZh: '保持电流', nameEn: 'Hold Current', unit: 'A', kind: 'number' },
  { key: 'tripCurrent', nameZh: '动作电流', nameEn: 'Trip Current', unit: 'A', kind: 'number' },
  { key: 'soundPressureLevel', nameZh: '声压级', nameEn: 'Sound Pressure Level', unit: 'dB', kind: 'number' },
  { key: 'sensitivity', nameZh: '灵敏度', nameEn: 'Sensitivity', unit: 'dB', kind: 'number' },
  { key: 'receiveSensitivity', nameZh: '接收灵敏度', nameEn: 'Receive Sensitivity', unit: 'dBm', kind: 'number' },
  { key: 'rfOutputPower', nameZh: '射频输出功率', nameEn: 'RF Output Power', unit: 'dBm', kind: 'number' },
  { key: 'switchingFrequencyMin', nameZh: '开关频率 (最低)', nameEn: 'Switching Frequency (Min)', unit: 'Hz', kind: 'number' },
  { key: 'switchingFrequencyMax', nameZh: '开关频率 (最高)', nameEn: 'Switching Frequency (Max)', unit: 'Hz', kind: 'number' },
  { key: 'forwardVoltageMin', nameZh: '正向压降 (最小)', nameEn: 'Forward Voltage (Min)', unit: 'V', kind: 'number' },
  { key: 'forwardVoltageMax', nameZh: '正向压降 (最大)', nameEn: 'Forward Voltage (Max)', unit: 'V', kind: 'number' },
  { key: 'wavelengthMin', nameZh: '波长 (最短)', nameEn: 'Wavelength (Min)', unit: 'm', kind: 'number' },
  { key: 'wavelengthMax', nameZh: '波长 (最长)', nameEn: 'Wavelength (Max)', unit: 'm', kind: 'number' },
  { key: 'luminousIntensityMin', nameZh: '发光强度 (最小, cd)', nameEn: 'Luminous Intensity (Min, cd)', unit: null, kind: 'number' },
  { key: 'luminousIntensityMax', nameZh: '发光强度 (最大, cd)', nameEn: 'Luminous Intensity (Max, cd)', unit: null, kind: 'number' },
  { key: 'varistorVoltageMin', nameZh: '压敏电压 (最小)', nameEn: 'Varistor Voltage (Min)', unit: 'V', kind: 'number' },
  { key: 'varistorVoltageMax', nameZh: '压敏电压 (最大)', nameEn: 'Varistor Voltage (Max)', unit: 'V', kind: 'number' },
  { key: 'toleranceMin', nameZh: '精度 (下限)', nameEn: 'Tolerance (Lower)', unit: '%', kind: 'number' },
  { key: 'toleranceMax', nameZh: '精度 (上限)', nameEn: 'Tolerance (Upper)', unit: '%', kind: 'number' },
  { key: 'withstandVoltage', nameZh: '耐压', nameEn: 'Withstand Voltage', unit: 'V', kind: 'number' },
  { key: 'insertionLoss', nameZh: '插入损耗', nameEn: 'Insertion Loss', unit: 'dB', kind: 'number' },
  { key: 'qualification', nameZh: '等级 (认证)', nameEn: 'Rating / Qualification', unit: null, kind: 'text' },
] as const satisfies readonly ParamDef[];

export type ParamKey = (typeof PARAM_DEFS)[number]['key'];

export const PARAM_DEF_BY_KEY: ReadonlyMap<string, ParamDef> = new Map(PARAM_DEFS.map((d) => [d.key, d]));

export type ExtractedParam = {
  /** Key from PARAM_DEFS. */
  readonly name: ParamKey;
  readonly nameZh: string;
  readonly nameEn: string;
  readonly unit: Unit | null;
  /** Base-unit number for 'number' parameters, null for 'text'. */
  readonly value: number | null;
  /** Text value for 'text' parameters, null for 'number'. */
  readonly text: string | null;
  /** The words of the description/keywords the value was read from (for review). */
  readonly source: string;
};

class Collector {
  readonly out: ExtractedParam[] = [];
  private readonly seen = new Set<string>();

  has(key: ParamKey): boolean {
    return this.seen.has(key);
  }

  num(key: ParamKey, value: number, source: string): void {
    if (this.seen.has(key) || !Number.isFinite(value)) return;
    const def = PARAM_DEF_BY_KEY.get(key);
    if (!def || def.kind !== 'number') return;
    this.seen.add(key);
    this.out.push({ name: key, nameZh: def.nameZh, nameEn: def.nameEn, unit: def.unit, value: Number(value.toPrecision(12)), text: null, source: source.trim() });
  }

  txt(key: ParamKey, text: string, source: string): void {
    const t = text.trim();
    if (this.seen.has(key) || t === '') return;
    const def = PARAM_DEF_BY_KEY.get(key);
    if (!def || def.kind !== 'text') return;
    this.seen.add(key);
    this.out.push({ name: key, nameZh: def.nameZh, nameEn: def.nameEn, unit: def.unit, value: null, text: t, source: source.trim() });
  }
}

/** Library families, each enabling a set of extractors. */
const isMcuLike = (lib: string): boolean => /^(?:MCU_|CPU|DSP_|RF_Module$|RF_Bluetooth$|RF_WiFi$|RF_ZigBee$|RF_GPS$|RF_GSM$)/.test(lib);
const isRegulator = (lib: string): boolean => /^(?:Regulator_|Converter_|Reference_)/.test(lib);
const isMemory = (lib: string): boolean => /^Memory_/.test(lib);
const NO_INTERFACE_LIBS = /^(?:Regulator_|Converter_|Reference_|Power_Protection$|Connector|Device$|power$|Graphic$|Mechanical$|Diode|Transistor_|Triac_|Relay|Switch$|Jumper$|Simulation_SPICE$|pspice$|Valve$|Motor$)/;
const RESOLUTION_LIBS = /^(?:Analog|Audio$|Driver_Display$|Potentiometer_Digital$|Sensor_|Video$|Interface_HID$)/;

/** Quantity from a regex capture such as '64', 'KB' (unit text may be empty). */
function qty(numText: string, unitText: string, expected: Unit): number | null {
  const r = parseQuantity(`${numText}${unitText}`, expected);
  return r.ok && r.unit === expected ? r.value : null;
}

// ── Package ──────────────────────────────────────────────────────────────────

const PACKAGE_FAMILIES = [
  'LQFP', 'TQFP', 'PQFP', 'MQFP', 'VQFP', 'HTQFP', 'QFP', 'VQFN', 'UQFN', 'WQFN', 'TQFN', 'HVQFN', 'VFQFPN', 'UFQFPN', 'QFN', 'LQFN', 'AQFN',
  'UDFN', 'WDFN', 'TDFN', 'DFN', 'VSON', 'WSON', 'USON', 'SON', 'PDSON', 'TDSON', 'SOIC', 'SSOP', 'TSSOP', 'HTSSOP', 'QSOP', 'MSOP', 'VSSOP', 'TSOP', 'SOP', 'SO',
  'TSOT', 'SOT', 'SC', 'TO', 'PDIP', 'SDIP', 'SMDIP', 'DIP', 'SIP', 'PLCC', 'LFBGA', 'TFBGA', 'UFBGA', 'FBGA', 'MAPBGA', 'DSBGA', 'BGA', 'WLCSP', 'CSP', 'LFCSP', 'LGA', 'HLGA', 'LLGA',
  'SOD', 'SMA', 'SMB', 'SMC', 'SMF', 'MELF', 'DO', 'DPAK', 'D2PAK', 'TSOC', 'CERDIP', 'PGA',
] as const;
const PACKAGE_RE = new RegExp(
  `(?<![A-Za-z0-9])(${PACKAGE_FAMILIES.join('|')})-?(\\d{1,4})((?:-\\d{1,2}(?![0-9.]))?(?:-1EP|-EP)?)(?![A-Za-z0-9.])`,
  'g',
);

/** Package names in the text, normalised to 'FAMILY-PINS' ('LQFP48' → 'LQFP-48'); joined by '/'. */
export function packagesInText(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(PACKAGE_RE)) {
    const pkg = `${m[1]}-${m[2]}${m[3] ?? ''}`;
    if (!found.includes(pkg)) found.push(pkg);
  }
  return found;
}

/**
 * STM32 ordering code (RM: "Ordering information scheme" in every STM32 datasheet): after the
 * family and line, one letter gives the pin count and a later 'T' means LQFP. Only the LQFP case
 * is decoded because its pin-count letters are unambiguous.
 */
const STM32_PINS: Readonly<Record<string, number>> = { K: 32, C: 48, R: 64, V: 100, Z: 144, I: 176, B: 208 };
export function stm32Package(symbolName: string): string | null {
  const m = /^STM32[A-Z]\d{3}([A-Z])[0-9A-Z]T[x0-9]/.exec(symbolName);
  if (!m || !m[1]) return null;
  const pins = STM32_PINS[m[1]];
  return pins ? `LQFP-${pins}` : null;
}

// ── Extractors ───────────────────────────────────────────────────────────────

const NUM = String.raw`(\d+(?:\.\d+)?)`;

function extractMemoryOfMcu(c: Collector, d: string): void {
  // "64KB flash", "256K Flash", "32kB Flash", "1MB Flash", "56kB Flash", "128 kB flash".
  const flash = new RegExp(String.raw`(?<![\d./+])${NUM}\s*([kKM]i?B?|B|[kK]iB)?\s*(?:of\s+)?(?:Flash|FLASH|flash)\b`);
  const f = flash.exec(d);
  const before = f ? d.slice(Math.max(0, f.index - 3), f.index) : '';
  if (f && f[1] && !/[+/]\s*$/.test(before)) {
    const unit = (f[2] ?? '').replace(/^([kKM])$/, '$1B');
    const v = qty(f[1], unit === '' ? 'B' : unit, 'B');
    if (v !== null && v >= 16) c.num('flashSize', v, f[0]);
  }
  // PIC program memory in words: "256W Flash", "8192W FLASH", "16KW FLASH", "512W EPROM".
  const words = new RegExp(String.raw`(?<![\d.])${NUM}\s*([kK])?W\s+(?:Flash|FLASH|EPROM|ROM)\b`).exec(d);
  if (words && words[1]) c.num('programMemoryWords', Number(words[1]) * (words[2] ? 1024 : 1), words[0]);
  const fram = new RegExp(String.raw`(?<![\d.])${NUM}\s*([kKM]B?)\s+FRAM\b`).exec(d);
  if (fram && fram[1]) {
    const v = qty(fram[1], (fram[2] ?? '').replace(/^([kKM])$/, '$1B'), 'B');
    if (v !== null) c.num('framSize', v, fram[0]);
  }
  // "20KB RAM", "4KB SRAM", "256B SRAM", "1536B SRAM", "3.8K RAM", "4352 ram", "256byte RAM".
  const ram = new RegExp(String.raw`(?<![\d./x])${NUM}\s*([kKM]i?B|[kKM]|B|byte|bytes)?\s*(?:of\s+)?(?:S?RAM|ram|SRAM)\b`).exec(d);
  if (ram && ram[1]) {
    const u = ram[2] ?? '';
    const unit = /^byte/.test(u) ? 'B' : u.replace(/^([kKM])$/, '$1B') || 'B';
    const v = qty(ram[1], unit, 'B');
    if (v !== null) c.num('ramSize', v, ram[0]);
  }
  // "512B EEPROM", "4kB EEPROM", "640 EEPROM" (bytes), "2K EEPROM"; never "No EEPROM".
  const ee = new RegExp(String.raw`(?<![\d./x])${NUM}\s*([kK]i?B|[kK]|B)?\s+(?:Data\s+)?EEPROM\b`).exec(d);
  if (ee && ee[1]) {
    const v = qty(ee[1], (ee[2] ?? '').replace(/^([kK])$/, '$1B') || 'B', 'B');
    if (v !== null) c.num('eepromSize', v, ee[0]);
  }
}

const CORE_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/Cortex[®™]?[- ]?M0\+|Cortex[- ]?M0P\b|\bM0\+/i, 'ARM Cortex-M0+'],
  [/Cortex[®™]?[- ]?M0\b/i, 'ARM Cortex-M0'],
  [/Cortex[®™]?[- ]?M33\b/i, 'ARM Cortex-M33'],
  [/Cortex[®™]?[- ]?M23\b/i, 'ARM Cortex-M23'],
  [/Cortex[®™]?[- ]?M3\b|\bARM-M3\b/i, 'ARM Cortex-M3'],
  [/Cortex[®™]?[- ]?M4F\b/i, 'ARM Cortex-M4F'],
  [/Cortex[®™]?[- ]?M4\b/i, 'ARM Cortex-M4'],
  [/Cortex[®™]?[- ]?M7\b/i, 'ARM Cortex-M7'],
  [/Cortex[®™]?[- ]?A5\b/i, 'ARM Cortex-A5'],
  [/Cortex[®™]?[- ]?A7\b/i, 'ARM Cortex-A7'],
  [/Cortex[®™]?[- ]?A9\b/i, 'ARM Cortex-A9'],
  [/ARM7TDMI|ARM ?7TDM/i, 'ARM7TDMI'],
  [/RISC-?V/i, 'RISC-V'],
  [/\bMIPS\b/, 'MIPS'],
  [/\b8051\b|MCS-51/, '8051'],
  [/MCS-48/, 'MCS-48'],
  [/\bAVR\b/, 'AVR'],
  [/\bMSP430\b/, 'MSP430'],
  [/\bSTM8\b/, 'STM8'],
  [/\bS08 core\b|\bS08\b/, 'S08'],
  [/\bHCS12\b/, 'HCS12'],
  [/\b68HC12\b|\bHC12\b/, '68HC12'],
  [/\bHC11\b/, '68HC11'],
  [/\bColdFire\b/i, 'ColdFire'],
  [/\bPowerPC\b/i, 'PowerPC'],
  [/\bXtensa\b/i, 'Xtensa'],
];

function extractCore(c: Collector, text: string): void {
  for (const [re, core] of CORE_RULES) {
    const m = re.exec(text);
    if (m) return c.txt('core', core, m[0]);
  }
}

function extractMcuFrequency(c: Collector, d: string): void {
  // "72MHz", "48-MHz", "96-MHz/32-bit", "3.2 MHz", "48Mhz"; the CPU clock, so MCU-like libs only.
  const m = new RegExp(String.raw`(?<![\d.A-Za-z])${NUM}\s*-?\s*(MHz|Mhz|GHz)\b(?!\s*(?:RF|radio|band|ISM))`).exec(d);
  if (m && m[1] && !/\d\s*(?:-|to)\s*$/.test(d.slice(0, m.index))) {
    const v = qty(m[1], m[2] === 'Mhz' ? 'MHz' : (m[2] ?? ''), 'Hz');
    // 2.4 GHz in a radio module's text is the band, not the CPU clock.
    if (v !== null && !(m[2] === 'GHz' && /Bluetooth|BLE|Wi-?Fi|802\.1|ZigBee|radio/i.test(d))) c.num('maxFrequency', v, m[0]);
  }
}

function extractGpio(c: Collector, d: string): void {
  const m = /(?<![\d.])(\d+)\s*(?:GPIOs?|I\/Os?|IOs?)\b/.exec(d);
  if (m && m[1]) c.num('gpioCount', Number(m[1]), m[0]);
}

/** Voltage ranges: "2-3.6V", "1.65V to 3.6V", "2.2 - 5.25 VDD", "Vin=3.8-36V", "9-36V Input Voltage". */
const V_RANGE = String.raw`([+-]?\d+(?:\.\d+)?)\s*V?\s*(?:-|to|~|…|\.\.\.)\s*(\d+(?:\.\d+)?)\s*V`;

function extractVoltageRanges(c: Collector, d: string, lib: string): void {
  const re = new RegExp(V_RANGE + String.raw`(?:DC|dc)?(?![A-Za-z]*\/)`, 'g');
  for (const m of d.matchAll(re)) {
    const r = parseRange(`${m[1]}-${m[2]}V`, 'V');
    if (!r.ok) continue;
    const before = d.slice(Math.max(0, (m.index ?? 0) - 14), m.index);
    const after = d.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 22);
    const ctx = `${before}|${after}`;
    if (/\b(?:Vin|VIN|input|Input|IN)\b|Vin\s*=\s*$/.test(ctx)) {
      c.num('inputVoltageMin', r.min, m[0]);
      c.num('inputVoltageMax', r.max, m[0]);
    } else if (/output|Output|Vout|VOUT|\bto\s*$/.test(ctx)) {
      continue; // output ranges of adjustable regulators are not a single fact we store
    } else if (/V(?:DD|CC|cc|dd|S)\b|supply|Supply|operating|Operating/.test(ctx) || !isRegulator(lib)) {
      // An unlabeled range is the supply everywhere except in regulators, where it may be either.
      if (/Vdrm|VDRM|Off-State|Vrms|Vce|Vds|standoff/i.test(after)) continue;
      c.num('supplyVoltageMin', r.min, m[0]);
      c.num('supplyVoltageMax', r.max, m[0]);
    }
  }
  // Single labelled input: "48V Input Voltage", "5V input" (converters with one nominal input).
  if (!c.has('inputVoltageMin')) {
    const vin = /(?<![\d.~±+/-])(\d+(?:\.\d+)?)\s*V\s+(?:Input|input)\b/.exec(d);
    if (vin && vin[1] && !new RegExp(V_RANGE + String.raw`\s+(?:Input|input)`).test(d)) {
      c.num('inputVoltageMin', Number(vin[1]), vin[0]);
      c.num('inputVoltageMax', Number(vin[1]), vin[0]);
    }
  }
  // "Maximum VIN 60V", "Vin max 40V"
  const vinMax = new RegExp(String.raw`(?:Maximum|max\.?)\s+V(?:IN|in)\s*${NUM}\s*V|V(?:IN|in)\s*max\.?\s*=?\s*${NUM}\s*V`).exec(d);
  if (vinMax) c.num('inputVoltageMax', Number(vinMax[1] ?? vinMax[2]), vinMax[0]);
  // Single labelled supply: "5V supply", "Vcc=5V", "VDD +3.0V" (not followed by 'to').
  const single = new RegExp(String.raw`(?:V(?:CC|cc|DD|dd)\s*=\s*${NUM}\s*V(?![\w~-]))|(?:(?<![\d.~-])${NUM}\s*V\s+supply)|(?:\+?${NUM}\s*V\s+VDD\b)`).exec(d);
  if (single && !c.has('supplyVoltageMin')) {
    const v = Number(single[1] ?? single[2] ?? single[3]);
    c.num('supplyVoltageMin', v, single[0]);
    c.num('supplyVoltageMax', v, single[0]);
  }
}

function extractTemperature(c: Collector, d: string): void {
  // "-40 to +125 C", "-40°C to +85°C", "0°C to +70°C", "-55 to +125 Degree Celsius", "-40C to +85C",
  // "range -50 ... +150 °C", "-40 to +85 degree".
  const re = /([+-]?\d+)\s*(?:°\s*C|C|℃)?\s*(?:to|\.\.\.|…|~)\s*([+-]?\d+)\s*(?:°\s*C|C\b|℃|deg(?:ree)?s?\s*C?(?:elsius)?|Degree\s+Celsius)/i;
  const m = re.exec(d.replace(/[\u2212\u2013]/g, '-'));
  if (!m || !m[1] || !m[2]) return;
  const lo = Number(m[1]);
  const hi = Number(m[2]);
  if (!(lo < hi) || lo < -273 || hi > 1000) return;
  c.num('operatingTempMin', lo, m[0]);
  c.num('operatingTempMax', hi, m[0]);
}

const INTERFACES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bI2C\b|I²C|\bI2c\b|\bTWI\b|Two-Wire Interface|2-wire serial/i, 'I2C'],
  [/\bI3C\b/, 'I3C'],
  [/\bQSPI\b|Quad-I\/O|Quad SPI/i, 'QSPI'],
  [/\bSPI\b|\bQSPI\b|3-wire serial/, 'SPI'],
  [/\bU?S?ART\b|\bUSART\b|\bUARTs\b/, 'UART'],
  [/\bUSB\b/, 'USB'],
  [/\bCAN(?:-FD)?\b|\bECAN\b/, 'CAN'],
  [/\bLIN\b/, 'LIN'],
  [/\bI2S\b|I²S/, 'I2S'],
  [/\b1-Wire\b|\bOneWire\b|single wire interface/i, '1-Wire'],
  [/\bSMBus\b/i, 'SMBus'],
  [/\bEthernet\b|\bRMII\b|\bMII\b/i, 'Ethernet'],
  [/\bRS-?485\b/i, 'RS-485'],
  [/\bRS-?232\b/i, 'RS-232'],
  [/\bSDIO\b/, 'SDIO'],
  [/\bPCIe?\b/, 'PCI'],
  [/\bMIPI\b/, 'MIPI'],
  [/\bHDMI\b/, 'HDMI'],
];

function extractInterfaces(c: Collector, text: string): void {
  const found: string[] = [];
  const sources: string[] = [];
  for (const [re, name] of INTERFACES) {
    const m = re.exec(text);
    if (m && !found.includes(name)) {
      // 'UART' must not come from the 'ART' in an unrelated word; the regex is whole-word, but a
      // bare 'ART'/'SART' is not an interface either.
      if (name === 'UART' && !/UART|USART/.test(m[0])) continue;
      found.push(name);
      sources.push(m[0]);
    }
  }
  if (found.length > 0) c.txt('interface', found.join(', '), sources.join(' '));
}

const CHANNEL_WORDS: Readonly<Record<string, number>> = { single: 1, dual: 2, two: 2, triple: 3, three: 3, quad: 4, quadruple: 4, four: 4, hex: 6, six: 6, octal: 8, eight: 8 };

function extractChannels(c: Collector, text: string, lib: string): void {
  const num = /(?<![\d.x])(\d{1,3})[- ]?(?:ch\b|channels?\b|Ch\b|CH\b)/i.exec(text);
  if (num && num[1]) return c.num('channels', Number(num[1]), num[0]);
  if (!/^(?:Amplifier_|Comparator$|Analog_Switch$|Isolator|Potentiometer_Digital$|Sensor_Energy$|Driver_Relay$|Power_Protection$|Interface_(?:USB|UART|CAN_LIN)$)/.test(lib)) return;
  const word = /\b(single|dual|two|triple|three|quad|quadruple|four|hex|six|octal|eight)(?:[- ]channel)?\b(?![- ](?:supply|supplies|mode|gain|output voltage|polarity|in-line|bit|port|voltage|coil|pole|digit|row|core|rail|band))/i.exec(text);
  if (word && word[1]) {
    const n = CHANNEL_WORDS[word[1].toLowerCase()];
    if (n !== undefined) c.num('channels', n, word[0]);
  }
}

function extractResolution(c: Collector, d: string): void {
  const m = /(?<![\d.x/])(\d{1,2})[- ]?(?:bits?|Bits?|BITS?)\b(?!\s*(?:PWM|bus|MCU|Microcontroller|microcontroller|CPU|wide|parallel|shift|I\/O|IO|data bus))/.exec(d);
  if (m && m[1] && !/\bto\s*$|-\s*$/.test(d.slice(0, m.index))) c.num('resolution', Number(m[1]), m[0]);
}

function extractSampleRate(c: Collector, d: string): void {
  const m = new RegExp(String.raw`(?<![\d./])${NUM}\s*([kKM]?)\s*(?:SPS|sps|Sps|S/s)\b(?!\s*/)`).exec(d);
  if (m && m[1] && !/\/\s*$/.test(d.slice(0, m.index))) {
    const v = qty(m[1], `${m[2] ?? ''}SPS`, 'SPS');
    if (v !== null) c.num('sampleRate', v, m[0]);
  }
}

function extractDataRate(c: Collector, d: string): void {
  const m = new RegExp(String.raw`(?<![\d./])${NUM}\s*([kKMG]?)\s*(?:bps|Bps|b/s|Baud|baud)\b`).exec(d);
  if (m && m[1]) {
    const v = qty(m[1], `${m[2] === 'K' ? 'k' : (m[2] ?? '')}bps`, 'bps');
    if (v !== null) c.num('dataRate', v, m[0]);
  }
}

function extractRegulator(c: Collector, d: string, lib: string): void {
  if (/\badjustable\b|\bADJ\b|\badj\b/i.test(d)) c.txt('outputVoltageType', 'Adjustable', (/\badjustable\b|\badj\b/i.exec(d) ?? [''])[0]);
  // Fixed output voltage, labelled: "Fixed Output -8V", "3.3V fixed output voltage",
  // "Fixed 5V Output Voltage", "5V Output Voltage", "2.5V Voltage Reference", "Output 3.3V".
  const labelled = [
    new RegExp(String.raw`Fixed\s+Output\s+(?:Voltage\s+)?(-?\d+(?:\.\d+)?)\s*V\b`, 'i'),
    new RegExp(String.raw`(?<![\d./±+-])(-?\d+(?:\.\d+)?)\s*V\s+(?:fixed\s+)?output(?:\s+voltage)?\b(?!\s*range)`, 'i'),
    new RegExp(String.raw`Fixed\s+(-?\d+(?:\.\d+)?)\s*V\s+Output`, 'i'),
    new RegExp(String.raw`(?<![\d./±+-])(-?\d+(?:\.\d+)?)\s*V\s+Fixed\b`, 'i'),
    new RegExp(String.raw`Output\s+Voltage\s*(?:of\s*|=\s*|:\s*)?(-?\d+(?:\.\d+)?)\s*V\b(?!\s*(?:to|-|~)\s*\d)`, 'i'),
    new RegExp(String.raw`(?<![\d./±+-])\+?(\d+(?:\.\d+)?)\s*V\s+(?:(?:Precision|Low[- ]Noise|Series|Shunt|Micropower)\s+)*(?:Voltage\s+)?Reference\b`, 'i'),
  ];
  if (!/±\s*\d+(?:\.\d+)?\s*V\s+Output|Output Voltage\s*±/.test(d)) {
    for (const re of labelled) {
      const m = re.exec(d);
      if (m && m[1]) {
        c.num('outputVoltage', Number(m[1]), m[0]);
        break;
      }
    }
  }
  // A segment that is only a voltage in a linear regulator or reference ("…, 2.8V, SOT-23").
  if (!c.has('outputVoltage') && /^(?:Regulator_Linear|Reference_Voltage)$/.test(lib)) {
    const segs = d.split(/,\s*/).filter((s) => /^[+-]?\d+(?:\.\d+)?\s*V$/.test(s.trim()));
    if (segs.length === 1 && segs[0]) c.num('outputVoltage', Number(segs[0].replace(/\s*V$/, '')), segs[0]);
  }
  if (c.has('outputVoltage') && !c.has('outputVoltageType') && /fixed/i.test(d)) c.txt('outputVoltageType', 'Fixed', 'fixed');
  // Output current: first current not labelled as input/quiescent/peak/limit.
  const cur = new RegExp(String.raw`(?<![\d.±+/])(?:Iout\s*=\s*)?${NUM}\s*-?\s*(mA|A)\b(?!\s*(?:Iq|quiescent|IQ|supply|peak|Peak|switch|Switch|limit|Limit|Id\b|If\b|Ic\b))`, 'g');
  for (const m of d.matchAll(cur)) {
    const before = d.slice(Math.max(0, (m.index ?? 0) - 12), m.index);
    if (/quiescent|Iq\s*=?\s*$|supply\s*$|\/\s*$|x\s*$/i.test(before)) continue;
    const v = qty(m[1] ?? '', m[2] ?? '', 'A');
    if (v !== null) {
      c.num('outputCurrent', v, m[0]);
      break;
    }
  }
  const drop = new RegExp(String.raw`${NUM}\s*(mV|V)\s+(?:@\s*[\d.]+\s*m?A\s+)?dropout|dropout(?:\s+voltage)?\s*(?:of\s*|=\s*)?${NUM}\s*(mV|V)`, 'i').exec(d);
  if (drop) {
    const v = qty(drop[1] ?? drop[3] ?? '', drop[2] ?? drop[4] ?? '', 'V');
    if (v !== null) c.num('dropoutVoltage', v, drop[0]);
  }
  if (/^Regulator_(?:Switching|Controller|SwitchedCapacitor)$/.test(lib)) {
    const f = new RegExp(String.raw`(?:F\s*=\s*)?(?<![\d.])${NUM}\s*(kHz|MHz|KHz)\b`).exec(d);
    if (f && f[1]) {
      const v = qty(f[1], f[2] === 'KHz' ? 'kHz' : (f[2] ?? ''), 'Hz');
      if (v !== null) c.num('switchingFrequency', v, f[0]);
    }
  }
}

function extractPower(c: Collector, d: string): void {
  // "5W", "0.5W", "160W/4ohm", "1500W", "225mW", "15W ACDC", "10 W (40 dBm)"; not "W Flash".
  const m = new RegExp(String.raw`(?<![\d.x/-])${NUM}\s*(mW|W|kW)\b(?!\s*(?:Flash|FLASH|EPROM|ROM|x\s*\d))`).exec(d);
  if (m && m[1]) {
    const v = qty(m[1], m[2] ?? '', 'W');
    if (v !== null) c.num('power', v, m[0]);
  }
}

function extractIsolation(c: Collector, d: string): void {
  const m = new RegExp(String.raw`Viso\s*${NUM}\s*(k?V)|${NUM}\s*(k?V)(?:DC|RMS|rms| RMS| VDC|DC)?\s*(?:isolat|Isolat|isolation)|(?:isolation|Isolation)\s*(?:voltage\s*)?${NUM}\s*(k?V)`).exec(d);
  if (m) {
    const n = m[1] ?? m[3] ?? m[5];
    const u = m[2] ?? m[4] ?? m[6];
    if (n && u) {
      const v = qty(n, u, 'V');
      if (v !== null) c.num('isolationVoltage', v, m[0]);
    }
  }
}

function extractTolerance(c: Collector, d: string): void {
  // "±0.2%", "+/-0.04%", "0.4%" next to "Reference" (references), "±3% Gain Tolerance".
  const m = /(?:±|\+\/-|\+-)\s*(\d+(?:\.\d+)?)\s*%(?!\s*RH)(?!\s*to)/.exec(d);
  if (m && m[1]) c.num('tolerance', Number(m[1]), m[0]);
  const tc = /(\d+(?:\.\d+)?)\s*ppm\s*\/\s*(?:°C|K|C\b)/.exec(d);
  if (tc && tc[1]) c.num('tempCoefficient', Number(tc[1]), tc[0]);
}

function extractDiscrete(c: Collector, d: string): void {
  const map: ReadonlyArray<readonly [RegExp, ParamKey, Unit]> = [
    [new RegExp(String.raw`(-?\d+(?:\.\d+)?)\s*(m?A)\s+Id\b`), 'drainCurrent', 'A'],
    [new RegExp(String.raw`(-?\d+(?:\.\d+)?)\s*(V)\s+Vds\b`), 'drainSourceVoltage', 'V'],
    [new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(mOhm|Ohm|mΩ|Ω|ohm|mohm)\s+(?:Ron|Rds|RDS|on-resistance)`), 'onResistance', 'Ω'],
    [new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(m?A)\s+Ic\b`), 'collectorCurrent', 'A'],
    [new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(V)\s+Vce\b`), 'collectorEmitterVoltage', 'V'],
    [new RegExp(String.raw`Vce\s*(\d+(?:\.\d+)?)\s*(V)\b`), 'collectorEmitterVoltage', 'V'],
    [new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(m?A)\s+If\b`), 'forwardCurrent', 'A'],
    [new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(V)\s*(?:Vrwm|VRWM)\b|(\d+(?:\.\d+)?)\s*(V)\s+Standoff`, 'i'), 'reverseStandoffVoltage', 'V'],
    [new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(V)\s+Vrms\b`), 'rmsInputVoltage', 'V'],
    [new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(V)\s+(?:Off-State Voltage|VDRM|Vdrm|Voff)\b|Vdrm\s*(\d+(?:\.\d+)?)\s*(V)`), 'offStateVoltage', 'V'],
    [new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(A)\s+(?:RMS|Ion)\b`), 'onStateCurrentRms', 'A'],
  ];
  for (const [re, key, unit] of map) {
    const m = re.exec(d);
    if (!m) continue;
    const n = m[1] ?? m[3];
    const u = (m[2] ?? m[4] ?? '').replace(/ohm/i, 'Ω').replace(/^mohm$/i, 'mΩ').replace(/^mOhm$/, 'mΩ');
    if (!n) continue;
    const v = qty(n, u, unit);
    if (v !== null) c.num(key, v, m[0]);
  }
  const ctr = /CTR\s*(\d+(?:\.\d+)?)\s*%/.exec(d);
  if (ctr && ctr[1]) c.num('currentTransferRatio', Number(ctr[1]), ctr[0]);
}

function extractMemoryChip(c: Collector, d: string): void {
  // "2Kb", "64Kb (8192x8)", "256-Mbit", "1 MiBit", "16Mb Serial DataFlash", "4kbit", "64Mb SDRAM".
  const m = new RegExp(String.raw`(?<![\d.x])${NUM}\s*-?\s*([kKMG]i?)(b|bit|Bit|BIT|bits|B)\b`).exec(d);
  if (m && m[1] && m[2]) {
    const unit = m[3] === 'B' ? `${m[2]}B` : `${m[2]}bit`;
    const r = parseQuantity(`${m[1]}${unit}`);
    if (r.ok && (r.unit === 'bit' || r.unit === 'B')) c.num('memorySize', r.unit === 'B' ? r.value * 8 : r.value, m[0]);
  }
}

function extractMisc(c: Collector, d: string, lib: string): void {
  const wl = /(?<![\d.])(\d{3,4})\s*nm\b/.exec(d);
  if (wl && wl[1]) c.num('wavelength', Number(wl[1]) * 1e-9, wl[0]);
  const gain = /(?<![\d.x])(\d+(?:\.\d+)?)\s*V\/V\b(?!\s*x)/.exec(d);
  if (gain && gain[1] && !/x\s*\d/.test(d.slice((gain.index ?? 0) + gain[0].length, (gain.index ?? 0) + gain[0].length + 4))) c.num('gain', Number(gain[1]), gain[0]);
  const bw = new RegExp(String.raw`bandwidth\s*${NUM}\s*(kHz|MHz|GHz|Hz)|${NUM}\s*(kHz|MHz|GHz)\s+(?:bandwidth|BW|GBW|Gain Bandwidth)`, 'i').exec(d);
  if (bw) {
    const v = qty(bw[1] ?? bw[3] ?? '', bw[2] ?? bw[4] ?? '', 'Hz');
    if (v !== null) c.num('bandwidth', v, bw[0]);
  }
  const th = /threshold\s*(?:of\s*)?(\d+(?:\.\d+)?)\s*V\b|(\d+(?:\.\d+)?)\s*V\s+threshold/i.exec(d);
  if (th) c.num('thresholdVoltage', Number(th[1] ?? th[2]), th[0]);
  if (/^Relay/.test(lib)) {
    const coil = /(\d+(?:\.\d+)?)\s*V(?:DC|dc)?\s+coil/i.exec(d);
    if (coil && coil[1]) c.num('coilVoltage', Number(coil[1]), coil[0]);
  }
  if (/^(?:FPGA_|CPLD_)/.test(lib)) {
    const le = /(\d+(?:\.\d+)?)\s*(K|k)?\s*(?:LUTs?|LEs?|Logic Cells|Logic Elements)\b/.exec(d);
    if (le && le[1]) c.num('logicElements', Math.round(Number(le[1]) * (le[2] ? 1000 : 1)), le[0]);
    const mc = /(\d+)[- ]?Macrocells?\b/i.exec(d);
    if (mc && mc[1]) c.num('macrocells', Number(mc[1]), mc[0]);
  }
  if (lib === 'Potentiometer_Digital') {
    const st = /(\d+)[- ](?:position|Position|step|Step|tap|Tap)s?\b/.exec(d);
    if (st && st[1]) c.num('steps', Number(st[1]), st[0]);
  }
  if (/^Display_/.test(lib)) {
    const res = /(?<![\d.])(\d{2,4})\s*x\s*(\d{1,4})\b/.exec(d);
    if (res && res[1] && res[2]) c.txt('displayResolution', `${res[1]}x${res[2]}`, res[0]);
  }
  if (lib === 'Sensor_Humidity' || lib === 'Sensor') {
    const rh = /(?:±|\+\/-)\s*(\d+(?:\.\d+)?)\s*%\s*RH/.exec(d);
    if (rh && rh[1]) c.num('humidityAccuracy', Number(rh[1]), rh[0]);
  }
  if (/^Sensor/.test(lib)) {
    const ta = /(?:±|\+\/-)\s*(\d+(?:\.\d+)?)\s*(?:°\s*C|degC|K)\b(?!\s*to)/.exec(d);
    if (ta && ta[1]) c.num('temperatureAccuracy', Number(ta[1]), ta[0]);
  }
}

/**
 * Parameters stated in a KiCad symbol's description and keywords. Returns an empty array for
 * symbols whose text states nothing measurable (e.g. 'Diode', 'Generic connector').
 */
export function extractParams(libraryName: string, symbolName: string, description: string, keywords = ''): ExtractedParam[] {
  const lib = typeof libraryName === 'string' ? libraryName : '';
  const name = typeof symbolName === 'string' ? symbolName : '';
  // Descriptions of template symbols and power flags carry no product facts.
  if (/^(?:power|Graphic|Simulation_SPICE|pspice|Connector_Generic.*|Jumper|Mechanical)$/.test(lib)) return [];
  const d = (typeof description === 'string' ? description : '').normalize('NFKC').replace(/μ/g, 'µ').replace(/\s+/g, ' ').trim();
  const k = (typeof keywords === 'string' ? keywords : '').normalize('NFKC').replace(/\s+/g, ' ').trim();
  const c = new Collector();
  if (d === '' && k === '') {
    const pkg = stm32Package(name);
    if (pkg) c.txt('package', pkg, name);
    return c.out;
  }
  const text = `${d} ${k}`;

  if (isMcuLike(lib) || lib === 'MCU_Module') {
    extractCore(c, text);
    extractMemoryOfMcu(c, d);
    extractMcuFrequency(c, d);
    extractGpio(c, d);
  }
  if (isMemory(lib)) extractMemoryChip(c, d);
  if (isRegulator(lib)) extractRegulator(c, d, lib);
  if (/^(?:Diode|Transistor_|Triac_|Isolator$|Relay_SolidState$|Power_Protection$)/.test(lib)) extractDiscrete(c, d);
  if (RESOLUTION_LIBS.test(lib)) {
    extractResolution(c, d);
    extractSampleRate(c, d);
  }
  extractVoltageRanges(c, d, lib);
  if (!NO_INTERFACE_LIBS.test(lib) && lib !== 'Device') extractInterfaces(c, text);
  if (/^(?:Interface|Isolator|Analog_|Logic_|Driver_|RF_|Sensor_|Memory_|Audio)/.test(lib)) extractDataRate(c, d);
  extractChannels(c, `${d} ${k}`, lib);
  if (/^(?:Converter_|Regulator_|Amplifier_Audio$|Diode|Transistor_|Triac_|Power_Protection$|Relay|Driver_|LED$|Diode_Laser$|RF_Amplifier$|Sensor_Current$)/.test(lib)) extractPower(c, d);
  if (/^(?:Converter_|Regulator_Switching$|Isolator|Interface_|Relay_SolidState$|Sensor_Current$|Amplifier_Difference$)/.test(lib)) extractIsolation(c, d);
  if (/^(?:Reference_|Isolator_Analog$|Regulator_Linear$|Sensor_Current$|Amplifier_Instrumentation$|Potentiometer_Digital$|Analog_DAC$|Timer_RTC$)/.test(lib)) extractTolerance(c, d);
  extractTemperature(c, d);
  extractMisc(c, d, lib);

  const pkgs = packagesInText(d);
  if (pkgs.length > 0) c.txt('package', pkgs.join('/'), pkgs.join('/'));
  else {
    const pkg = stm32Package(name);
    if (pkg) c.txt('package', pkg, name);
  }
  return c.out;
}
