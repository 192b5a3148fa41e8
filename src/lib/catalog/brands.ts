// Manufacturers that appear in the KiCad symbol libraries (library names, datasheet URLs,
// descriptions and well-known part-number prefixes), with the facts a distributor lists:
// Chinese and English name, country of the headquarters (ISO 3166-1 alpha-2) and website.
// The Chinese name is the one the maker or the Chinese distributors use; where none is
// established the English name is repeated rather than inventing a transliteration.
//
// Legacy names are folded into the current owner when the old name is no longer sold under
// (Atmel, Microsemi, Micrel → Microchip; Linear Technology, Hittite, Trinamic → ADI; Freescale,
// Philips → NXP; International Rectifier, Cypress → Infineon; Intersil, IDT, Dialog, Adesto →
// Renesas; Fairchild → onsemi; National Semiconductor → TI; IXYS → Littelfuse; Exar →
// MaxLinear). Maxim keeps its own entry because distributors still list it as 美信 (now ADI).

export type Brand = {
  /** Stable slug, used as a foreign key. */
  readonly key: string;
  readonly nameZh: string;
  readonly nameEn: string;
  /** ISO 3166-1 alpha-2 code of the headquarters. */
  readonly country: string;
  readonly website: string;
  /** Current owner when the brand now belongs to another company. */
  readonly ownedBy?: string;
  /** Datasheet host names (without 'www.'); sub-domains match too. */
  readonly domains: readonly string[];
  /** Maker names as written in KiCad descriptions/keywords (matched as whole words). */
  readonly mentions?: readonly string[];
  /** Part-number prefixes only this maker uses (regular expression sources, anchored at start). */
  readonly prefixes?: readonly string[];
};

export const BRANDS: readonly Brand[] = [
  { key: 'st', nameZh: '意法半导体', nameEn: 'STMicroelectronics', country: 'CH', website: 'https://www.st.com', domains: ['st.com'], mentions: ['STMicroelectronics'], prefixes: ['STM32', 'STM8', 'STSPIN', 'VL53L', 'LIS[23]', 'LSM[36]', 'SPBTLE', 'ST25R', 'NUCLEO'] },
  { key: 'ti', nameZh: '德州仪器', nameEn: 'Texas Instruments', country: 'US', website: 'https://www.ti.com', domains: ['ti.com', 'ti.com.cn', 'national.com'], mentions: ['Texas Instruments', 'National Semiconductor', 'Burr-Brown'], prefixes: ['TPS\\d', 'TLV\\d', 'SN(?:74|65|75)', 'MSP430', 'TMS320', 'TM4C', 'BQ\\d', 'DRV\\d', 'UCC\\d', 'INA\\d', 'OPA\\d', 'CC(?:1[0-9]{3}|2[0-9]{3}|430)', 'TCA\\d', 'TXB\\d', 'TXS\\d', 'ADS\\d', 'XTR\\d', 'THS\\d', 'TPL\\d', 'TMAG\\d', 'HDC\\d', 'LMR\\d', 'TPD\\d', 'TCAN\\d', 'DAC\\d{4}', 'AMC\\d'] },
  { key: 'microchip', nameZh: '微芯科技', nameEn: 'Microchip Technology', country: 'US', website: 'https://www.microchip.com', domains: ['microchip.com', 'atmel.com', 'microsemi.com', 'micrel.com', 'supertex.com', 'smsc.com'], mentions: ['Microchip', 'Atmel', 'Microsemi', 'Actel', 'Micrel', 'Supertex'], prefixes: ['PIC\\d', 'DSPIC', 'ATMEGA', 'ATTINY', 'ATXMEGA', 'ATSAM', 'AT90', 'ATF\\d', 'ATECC', 'ATAES', 'AT42QT', 'AVR\\d', 'MCP\\d', 'MIC\\d', 'ENC\\d', 'KSZ\\d', 'LAN\\d{4}', 'USB\\d{4}', 'PAC\\d{4}', 'AT89', 'AT24', 'AT25(?!DF)'] },
  { key: 'nxp', nameZh: '恩智浦', nameEn: 'NXP Semiconductors', country: 'NL', website: 'https://www.nxp.com', domains: ['nxp.com', 'freescale.com', 'nxp.com.cn'], mentions: ['NXP', 'Freescale', 'Philips'], prefixes: ['LPC\\d', 'MK[LWEV]?\\d\\d', 'MCIMX', 'MC9S08', 'MC9S12', 'MC68HC', 'TJA\\d', 'PCF\\d', 'PN5\\d', 'NHS\\d', 'NTAG'] },
  { key: 'adi', nameZh: '亚德诺', nameEn: 'Analog Devices', country: 'US', website: 'https://www.analog.com', domains: ['analog.com', 'linear.com', 'hittite.com', 'trinamic.com'], mentions: ['Analog Devices', 'Linear Technology', 'Hittite', 'Trinamic'], prefixes: ['AD(?:[ABD-RT-Z][A-Z]{0,3})?\\d', 'LTC?\\d', 'LTM\\d', 'HMC\\d', 'TMC\\d'] },
  { key: 'maxim', nameZh: '美信', nameEn: 'Maxim Integrated', country: 'US', website: 'https://www.analog.com', ownedBy: 'adi', domains: ['maximintegrated.com', 'maxim-ic.com'], mentions: ['Maxim', 'Dallas'], prefixes: ['MAX\\d', 'DS[123]\\d{3}'] },
  { key: 'infineon', nameZh: '英飞凌', nameEn: 'Infineon Technologies', country: 'DE', website: 'https://www.infineon.com', domains: ['infineon.com', 'irf.com', 'cypress.com'], mentions: ['Infineon', 'International Rectifier', 'Cypress'], prefixes: ['IR(?:[FL][A-Z]{0,2}\\d|G\\d|S\\d|[24]\\d{3})', 'BS[CZ]\\d', 'IP[BDPW]\\d', 'BTS\\d', 'ICE\\d', '[12]ED[A-Z]?\\d', 'CY[0-9]', 'CYBL', 'IM69D', 'F[SP]\\d+R\\d', 'IGOT'] },
  { key: 'renesas', nameZh: '瑞萨', nameEn: 'Renesas Electronics', country: 'JP', website: 'https://www.renesas.com', domains: ['renesas.com', 'intersil.com', 'idt.com', 'dialog-semiconductor.com', 'adestotech.com'], mentions: ['Renesas', 'Intersil', 'IDT', 'Dialog Semiconductor', 'Adesto'], prefixes: ['R7F', 'ISL\\d', 'DA14\\d', 'AT45DB', 'AT25DF'] },
  { key: 'onsemi', nameZh: '安森美', nameEn: 'onsemi', country: 'US', website: 'https://www.onsemi.com', domains: ['onsemi.com', 'onsemi.cn', 'fairchildsemi.com'], mentions: ['ON Semiconductor', 'onsemi', 'Fairchild'], prefixes: ['NCP(?!(?:03|15|18|21)X)\\d', 'NCV\\d', 'FUSB\\d', 'FD[A-Z]{1,2}\\d', 'NB3N'] },
  { key: 'nexperia', nameZh: '安世', nameEn: 'Nexperia', country: 'NL', website: 'https://www.nexperia.com', domains: ['nexperia.com'], mentions: ['Nexperia'], prefixes: ['PESD\\d', 'PMEG\\d'] },
  { key: 'espressif', nameZh: '乐鑫', nameEn: 'Espressif Systems', country: 'CN', website: 'https://www.espressif.com', domains: ['espressif.com', 'espressif.com.cn'], mentions: ['Espressif'], prefixes: ['ESP32', 'ESP8266', 'ESP-WROOM'] },
  { key: 'gigadevice', nameZh: '兆易创新', nameEn: 'GigaDevice', country: 'CN', website: 'https://www.gigadevice.com', domains: ['gigadevice.com', 'gigadevice.com.cn'], mentions: ['GigaDevice'], prefixes: ['GD32', 'GD25'] },
  { key: 'wch', nameZh: '沁恒', nameEn: 'WCH (Nanjing Qinheng Microelectronics)', country: 'CN', website: 'https://www.wch-ic.com', domains: ['wch.cn', 'wch-ic.com'], mentions: ['WCH'], prefixes: ['CH3[2-4]\\d', 'CH55\\d', 'CH32V', 'CH9102'] },
  { key: 'murata', nameZh: '村田', nameEn: 'Murata Manufacturing', country: 'JP', website: 'https://www.murata.com', domains: ['murata.com'], mentions: ['Murata', 'muRata', 'muRataPs'], prefixes: ['GRM\\d', 'BLM\\d', 'SAFF[AB]', 'NCP(?:03|15|18|21)X'] },
  { key: 'samsung-em', nameZh: '三星电机', nameEn: 'Samsung Electro-Mechanics', country: 'KR', website: 'https://www.samsungsem.com', domains: ['samsungsem.com'], mentions: ['Samsung Electro-Mechanics'], prefixes: ['CL(?:03|05|10|21|31|32)[A-Z]\\d'] },
  { key: 'yageo', nameZh: '国巨', nameEn: 'Yageo', country: 'TW', website: 'https://www.yageo.com', domains: ['yageo.com'], mentions: ['Yageo'], prefixes: ['RC(?:0201|0402|0603|0805|1206|1210|2010|2512)[A-Z]', 'CC(?:0201|0402|0603|0805|1206)[A-Z]{2}'] },
  { key: 'vishay', nameZh: '威世', nameEn: 'Vishay Intertechnology', country: 'US', website: 'https://www.vishay.com', domains: ['vishay.com', 'vishay.com.hk'], mentions: ['Vishay', 'Siliconix', 'TRANSZORB'], prefixes: ['TSOP\\d', 'TSSP\\d', 'TSMP\\d', 'TSDP\\d', 'TSAL\\d', 'TEPT\\d', 'VEML\\d'] },
  { key: 'rohm', nameZh: '罗姆', nameEn: 'ROHM Semiconductor', country: 'JP', website: 'https://www.rohm.com', domains: ['rohm.com', 'rohm.de', 'rohm.com.cn', 'kionix.com'], mentions: ['ROHM', 'Kionix'], prefixes: ['KX\\d{3}'] },
  { key: 'toshiba', nameZh: '东芝', nameEn: 'Toshiba Electronic Devices & Storage', country: 'JP', website: 'https://toshiba.semicon-storage.com', domains: ['toshiba.semicon-storage.com', 'toshiba.com', 'toshiba.co.jp'], mentions: ['Toshiba'] },
  { key: 'diodes', nameZh: '美台', nameEn: 'Diodes Incorporated', country: 'US', website: 'https://www.diodes.com', domains: ['diodes.com', 'zetex.com', 'pericom.com'], mentions: ['Diodes Incorporated', 'Diodes Inc', 'Zetex', 'Pericom'], prefixes: ['AP\\d{4}', 'ZX[A-Z]{2,3}\\d', 'DM[NPG]\\d', 'PAM\\d{4}', 'AH\\d{4}', 'PI\\d[A-Z]'] },
  { key: 'silabs', nameZh: '芯科', nameEn: 'Silicon Labs', country: 'US', website: 'https://www.silabs.com', domains: ['silabs.com', 'energymicro.com'], mentions: ['Silicon Labs', 'Silicon Laboratories', 'SiLabs'], prefixes: ['EFM(?:8|32)', 'EFR32', 'C8051F', 'CP21\\d\\d'] },
  { key: 'nordic', nameZh: '北欧半导体', nameEn: 'Nordic Semiconductor', country: 'NO', website: 'https://www.nordicsemi.com', domains: ['nordicsemi.com'], mentions: ['Nordic Semiconductor'], prefixes: ['NRF\\d'] },
  { key: 'raspberrypi', nameZh: '树莓派', nameEn: 'Raspberry Pi', country: 'GB', website: 'https://www.raspberrypi.com', domains: ['raspberrypi.org', 'raspberrypi.com'], mentions: ['Raspberry Pi'], prefixes: ['RP2040'] },
  { key: 'allegro', nameZh: 'Allegro', nameEn: 'Allegro MicroSystems', country: 'US', website: 'https://www.allegromicro.com', domains: ['allegromicro.com'], mentions: ['Allegro'], prefixes: ['ACS\\d{3}'] },
  { key: 'bosch', nameZh: '博世', nameEn: 'Bosch Sensortec', country: 'DE', website: 'https://www.bosch-sensortec.com', domains: ['bosch-sensortec.com', 'bosch.com'], mentions: ['Bosch'], prefixes: ['BM[EPAIGX]\\d{3}'] },
  { key: 'xilinx', nameZh: '赛灵思', nameEn: 'Xilinx (AMD)', country: 'US', website: 'https://www.amd.com', ownedBy: 'AMD', domains: ['xilinx.com'], mentions: ['Xilinx'], prefixes: ['XC18V', 'XCF\\d'] },
  { key: 'altera', nameZh: '阿尔特拉', nameEn: 'Altera', country: 'US', website: 'https://www.altera.com', domains: ['altera.com'], mentions: ['Altera'], prefixes: ['EPM\\d', 'EP[19]\\d{2}'] },
  { key: 'lattice', nameZh: '莱迪思', nameEn: 'Lattice Semiconductor', country: 'US', website: 'https://www.latticesemi.com', domains: ['latticesemi.com'], mentions: ['Lattice'], prefixes: ['ICE40', 'ICE5LP', 'LFE5'] },
  { key: 'efinix', nameZh: 'Efinix', nameEn: 'Efinix', country: 'US', website: 'https://www.efinixinc.com', domains: ['efinixinc.com'], mentions: ['Efinix'] },
  { key: 'colognechip', nameZh: 'Cologne Chip', nameEn: 'Cologne Chip', country: 'DE', website: 'https://www.colognechip.com', domains: ['colognechip.com'], mentions: ['Cologne Chip'] },
  { key: 'intel', nameZh: '英特尔', nameEn: 'Intel', country: 'US', website: 'https://www.intel.com', domains: ['intel.com'], mentions: ['Intel'] },
  { key: 'innovasic', nameZh: 'Innovasic', nameEn: 'Innovasic', country: 'US', website: 'https://www.innovasic.com', domains: ['innovasic.com'], mentions: ['Innovasic'] },
  { key: 'parallax', nameZh: 'Parallax', nameEn: 'Parallax', country: 'US', website: 'https://www.parallax.com', domains: ['parallax.com'], mentions: ['Parallax'], prefixes: ['P8X32'] },
  { key: 'sifive', nameZh: 'SiFive', nameEn: 'SiFive', country: 'US', website: 'https://www.sifive.com', domains: ['sifive.com', 'sifive.cdn.prismic.io'], mentions: ['SiFive'] },
  { key: 'stc', nameZh: '宏晶科技', nameEn: 'STCmicro', country: 'CN', website: 'https://www.stcmicro.com', domains: ['stcmicro.com', 'stcmcu.com'], mentions: ['STC'], prefixes: ['STC\\d', 'IAP15', 'IRC15'] },
  { key: 'zilog', nameZh: 'Zilog', nameEn: 'Zilog', country: 'US', website: 'https://www.zilog.com', domains: ['zilog.com'], mentions: ['Zilog'], prefixes: ['Z80', 'Z8[56]\\d{2}'] },
  { key: 'xppower', nameZh: 'XP Power', nameEn: 'XP Power', country: 'SG', website: 'https://www.xppower.com', domains: ['xppower.com'], mentions: ['XP Power', 'XP_POWER'] },
  { key: 'minicircuits', nameZh: 'Mini-Circuits', nameEn: 'Mini-Circuits', country: 'US', website: 'https://www.minicircuits.com', domains: ['minicircuits.com'], mentions: ['Mini-Circuits'] },
  { key: 'powerint', nameZh: '帕沃英蒂格盛', nameEn: 'Power Integrations', country: 'US', website: 'https://www.power.com', domains: ['power.com', 'powerint.com'], mentions: ['Power Integrations'] },
  { key: 'meanwell', nameZh: '明纬', nameEn: 'Mean Well', country: 'TW', website: 'https://www.meanwell.com', domains: ['meanwell.com', 'meanwellusa.com'], mentions: ['MeanWell', 'Mean Well', 'MEAN WELL'] },
  { key: 'recom', nameZh: 'RECOM', nameEn: 'RECOM Power', country: 'AT', website: 'https://recom-power.com', domains: ['recom-power.com'], mentions: ['Recom', 'RECOM'] },
  { key: 'traco', nameZh: 'TRACO Power', nameEn: 'TRACO Power', country: 'CH', website: 'https://www.tracopower.com', domains: ['tracopower.com'], mentions: ['Traco', 'TRACO'] },
  { key: 'artesyn', nameZh: 'Artesyn', nameEn: 'Artesyn Embedded Power', country: 'US', website: 'https://www.advancedenergy.com', ownedBy: 'Advanced Energy', domains: ['artesyn.com'], mentions: ['Artesyn'] },
  { key: 'vigortronix', nameZh: 'Vigortronix', nameEn: 'Vigortronix', country: 'GB', website: 'https://www.vigortronix.com', domains: ['vigortronix.com'], mentions: ['Vigortronix'] },
  { key: 'wolfspeed', nameZh: 'Wolfspeed', nameEn: 'Wolfspeed', country: 'US', website: 'https://www.wolfspeed.com', domains: ['wolfspeed.com'], mentions: ['Wolfspeed'] },
  { key: 'creeled', nameZh: 'CreeLED', nameEn: 'CreeLED', country: 'US', website: 'https://www.cree-led.com', domains: ['cree.com', 'cree-led.com'], mentions: ['Cree'] },
  { key: 'broadcom', nameZh: '博通', nameEn: 'Broadcom', country: 'US', website: 'https://www.broadcom.com', domains: ['broadcom.com', 'avagotech.com'], mentions: ['Broadcom', 'Avago'], prefixes: ['AFBR-', 'ACPL-', 'HCPL-', 'HDSP-', 'HLCP-', 'ASMB-', 'ASMT-', 'APDS-'] },
  { key: 'kemet', nameZh: '基美', nameEn: 'KEMET', country: 'US', website: 'https://www.kemet.com', ownedBy: 'yageo', domains: ['kemet.com'], mentions: ['Kemet', 'KEMET'] },
  { key: 'diotec', nameZh: 'Diotec', nameEn: 'Diotec Semiconductor', country: 'DE', website: 'https://diotec.com', domains: ['diotec.com'], mentions: ['Diotec'] },
  { key: 'akm', nameZh: '旭化成', nameEn: 'Asahi Kasei Microdevices (AKM)', country: 'JP', website: 'https://www.akm.com', domains: ['akm.com', 'asahi-kasei.co.jp'], mentions: ['AKM', 'Asahi Kasei'], prefixes: ['AK\\d{4}'] },
  { key: 'te', nameZh: '泰科电子', nameEn: 'TE Connectivity', country: 'CH', website: 'https://www.te.com', domains: ['te.com', 'linxtechnologies.com'], mentions: ['TE Connectivity', 'Linx'], prefixes: ['RXM-'] },
  { key: 'lem', nameZh: '莱姆', nameEn: 'LEM', country: 'CH', website: 'https://www.lem.com', domains: ['lem.com'], mentions: ['LEM'] },
  { key: 'kingbright', nameZh: '今台', nameEn: 'Kingbright', country: 'TW', website: 'https://www.kingbright.com', domains: ['kingbright.com', 'kingbrightusa.com'], mentions: ['Kingbright'] },
  { key: 'ams-osram', nameZh: '艾迈斯欧司朗', nameEn: 'ams OSRAM', country: 'AT', website: 'https://ams-osram.com', domains: ['osram-os.com', 'osram.info', 'osram.com', 'ams.com', 'ams-osram.com'], mentions: ['OSRAM', 'Osram'], prefixes: ['AS7\\d{3}', 'SFH\\d'] },
  { key: 'issi', nameZh: '芯成', nameEn: 'ISSI (Integrated Silicon Solution)', country: 'US', website: 'https://www.issi.com', domains: ['issi.com'], mentions: ['ISSI'], prefixes: ['IS(?:25|42|43|61|62|31FL)'] },
  { key: 'littelfuse', nameZh: '力特', nameEn: 'Littelfuse', country: 'US', website: 'https://www.littelfuse.com', domains: ['littelfuse.com', 'ixys.com', 'ixysic.com'], mentions: ['Littelfuse', 'IXYS'], prefixes: ['CPC\\d{4}'] },
  { key: 'liteon', nameZh: '光宝', nameEn: 'Lite-On', country: 'TW', website: 'https://www.liteon.com', domains: ['liteon.com'], mentions: ['Lite-On', 'LiteOn'], prefixes: ['LTV-', 'LTR-'] },
  { key: 'omron', nameZh: '欧姆龙', nameEn: 'Omron', country: 'JP', website: 'https://components.omron.com', domains: ['omron.com'], mentions: ['Omron', 'OMRON'], prefixes: ['G[2-6][A-Z]{1,3}-'] },
  { key: 'pulse', nameZh: 'Pulse', nameEn: 'Pulse Electronics', country: 'US', website: 'https://www.pulseelectronics.com', domains: ['pulseeng.com', 'pulseelectronics.com'], mentions: ['Pulse Electronics'], prefixes: ['PULSE_'] },
  { key: 'epson', nameZh: '爱普生', nameEn: 'Seiko Epson', country: 'JP', website: 'https://global.epson.com', domains: ['epson.biz', 'epson.com', 'epsondevice.com'], mentions: ['Epson', 'EPSON'] },
  { key: 'panasonic', nameZh: '松下', nameEn: 'Panasonic', country: 'JP', website: 'https://industrial.panasonic.com', domains: ['panasonic.com', 'panasonic.eu', 'panasonic.co.jp', 'panasonic-electric-works.com', 'panasonic.biz'], mentions: ['Panasonic', 'Matsushita'] },
  { key: 'schaffner', nameZh: 'Schaffner', nameEn: 'Schaffner', country: 'CH', website: 'https://www.schaffner.com', domains: ['schaffner.com'], mentions: ['Schaffner'] },
  { key: 'advanced-monolithic', nameZh: 'Advanced Monolithic Systems', nameEn: 'Advanced Monolithic Systems', country: 'US', website: 'http://www.advanced-monolithic.com', domains: ['advanced-monolithic.com'], mentions: ['Advanced Monolithic Systems'], prefixes: ['AMS1\\d{3}'] },
  { key: 'ublox', nameZh: 'u-blox', nameEn: 'u-blox', country: 'CH', website: 'https://www.u-blox.com', domains: ['u-blox.com'], mentions: ['u-blox', 'ublox', 'Ublox'], prefixes: ['(?:NEO|SARA|LEA|ZOE|NINA|ANNA|LARA|LISA|TOBY)-', 'MAX-[0-9A-Z]'] },
  { key: 'quectel', nameZh: '移远通信', nameEn: 'Quectel', country: 'CN', website: 'https://www.quectel.com', domains: ['quectel.com'], mentions: ['Quectel'] },
  { key: 'simcom', nameZh: '芯讯通', nameEn: 'SIMCom', country: 'CN', website: 'https://www.simcom.com', domains: ['simcom.com'], mentions: ['SIMCom', 'SIMCOM'], prefixes: ['SIM\\d{3}'] },
  { key: 'aithinker', nameZh: '安信可', nameEn: 'Ai-Thinker', country: 'CN', website: 'https://www.ai-thinker.com', domains: ['ai-thinker.com'], mentions: ['Ai-Thinker', 'AI-Thinker'] },
  { key: 'hoperf', nameZh: '华普微', nameEn: 'HopeRF', country: 'CN', website: 'https://www.hoperf.com', domains: ['hoperf.com'], mentions: ['HopeRF'], prefixes: ['RFM\\d'] },
  { key: 'sensirion', nameZh: '盛思锐', nameEn: 'Sensirion', country: 'CH', website: 'https://sensirion.com', domains: ['sensirion.com'], mentions: ['Sensirion'], prefixes: ['SHT[0-9]', 'SGP\\d', 'SCD\\d', 'SDP\\d', 'STS\\d'] },
  { key: 'everlight', nameZh: '亿光', nameEn: 'Everlight Electronics', country: 'TW', website: 'https://www.everlight.com', domains: ['everlight.com', 'everlighteurope.com'], mentions: ['Everlight'] },
  { key: 'sharp', nameZh: '夏普', nameEn: 'Sharp', country: 'JP', website: 'https://global.sharp', domains: ['sharp-world.com', 'sharpsme.com', 'sharpsma.com', 'global.sharp'], mentions: ['Sharp'] },
  { key: 'winbond', nameZh: '华邦', nameEn: 'Winbond Electronics', country: 'TW', website: 'https://www.winbond.com', domains: ['winbond.com'], mentions: ['Winbond'], prefixes: ['W25[QXN]\\d', 'W9\\d{3}[A-Z]'] },
  { key: 'macronix', nameZh: '旺宏', nameEn: 'Macronix', country: 'TW', website: 'https://www.macronix.com', domains: ['macronix.com'], mentions: ['Macronix'], prefixes: ['MX25', 'MX29'] },
  { key: 'micron', nameZh: '美光', nameEn: 'Micron Technology', country: 'US', website: 'https://www.micron.com', domains: ['micron.com'], mentions: ['Micron'], prefixes: ['MT\\d{2}[A-Z]'] },
  { key: 'richtek', nameZh: '立锜', nameEn: 'Richtek', country: 'TW', website: 'https://www.richtek.com', domains: ['richtek.com'], mentions: ['Richtek'] },
  { key: 'mps', nameZh: '芯源系统', nameEn: 'Monolithic Power Systems', country: 'US', website: 'https://www.monolithicpower.com', domains: ['monolithicpower.com'], mentions: ['Monolithic Power'], prefixes: ['MP\\d{4}'] },
  { key: 'aos', nameZh: '万代半导体', nameEn: 'Alpha & Omega Semiconductor', country: 'US', website: 'https://www.aosmd.com', domains: ['aosmd.com'], mentions: ['Alpha & Omega', 'Alpha and Omega'] },
  { key: 'skyworks', nameZh: '思佳讯', nameEn: 'Skyworks Solutions', country: 'US', website: 'https://www.skyworksinc.com', domains: ['skyworksinc.com'], mentions: ['Skyworks'] },
  { key: 'qorvo', nameZh: 'Qorvo', nameEn: 'Qorvo', country: 'US', website: 'https://www.qorvo.com', domains: ['qorvo.com', 'decawave.com'], mentions: ['Qorvo', 'Decawave'], prefixes: ['DWM\\d'] },
  { key: 'macom', nameZh: 'MACOM', nameEn: 'MACOM', country: 'US', website: 'https://www.macom.com', domains: ['macom.com'], mentions: ['Macom', 'MACOM'], prefixes: ['MA[A-Z]{2,3}-\\d'] },
  { key: 'semtech', nameZh: '升特', nameEn: 'Semtech', country: 'US', website: 'https://www.semtech.com', domains: ['semtech.com', 'semtech.my.salesforce.com'], mentions: ['Semtech'], prefixes: ['SX12\\d\\d'] },
  { key: 'melexis', nameZh: '迈来芯', nameEn: 'Melexis', country: 'BE', website: 'https://www.melexis.com', domains: ['melexis.com'], mentions: ['Melexis'], prefixes: ['MLX\\d'] },
  { key: 'abracon', nameZh: 'Abracon', nameEn: 'Abracon', country: 'US', website: 'https://abracon.com', domains: ['abracon.com'], mentions: ['Abracon'] },
  { key: 'txc', nameZh: '台湾晶技', nameEn: 'TXC', country: 'TW', website: 'https://www.txccorp.com', domains: ['txccorp.com'], mentions: ['TXC'] },
  { key: 'centralsemi', nameZh: 'Central Semiconductor', nameEn: 'Central Semiconductor', country: 'US', website: 'https://www.centralsemi.com', domains: ['centralsemi.com'], mentions: ['Central Semiconductor'] },
  { key: 'mcc', nameZh: '美微科', nameEn: 'Micro Commercial Components', country: 'US', website: 'https://www.mccsemi.com', domains: ['mccsemi.com'], mentions: ['Micro Commercial Components'] },
  { key: 'taiwansemi', nameZh: '台半', nameEn: 'Taiwan Semiconductor', country: 'TW', website: 'https://www.taiwansemi.com', domains: ['taiwansemi.com'], mentions: ['Taiwan Semiconductor'] },
  { key: 'comchip', nameZh: 'Comchip', nameEn: 'Comchip Technology', country: 'TW', website: 'https://www.comchiptech.com', domains: ['comchiptech.com'], mentions: ['Comchip'] },
  { key: 'rectron', nameZh: 'Rectron', nameEn: 'Rectron', country: 'TW', website: 'https://www.rectron.com', domains: ['rectron.com'], mentions: ['Rectron'] },
  { key: 'sanken', nameZh: '三垦', nameEn: 'Sanken Electric', country: 'JP', website: 'https://www.semicon.sanken-ele.co.jp', domains: ['sanken-ele.co.jp'], mentions: ['Sanken'] },
  { key: 'nisshinbo', nameZh: '日清纺微电子', nameEn: 'Nisshinbo Micro Devices (NJR)', country: 'JP', website: 'https://www.nisshinbo-microdevices.co.jp', domains: ['njr.com', 'nisshinbo-microdevices.co.jp'], mentions: ['NJR', 'New Japan Radio'], prefixes: ['NJM\\d'] },
  { key: 'holtek', nameZh: '合泰', nameEn: 'Holtek Semiconductor', country: 'TW', website: 'https://www.holtek.com', domains: ['holtek.com'], mentions: ['Holtek'], prefixes: ['HT\\d{4}'] },
  { key: 'cirrus', nameZh: '凌云逻辑', nameEn: 'Cirrus Logic', country: 'US', website: 'https://www.cirrus.com', domains: ['cirrus.com'], mentions: ['Cirrus Logic'] },
  { key: 'honeywell', nameZh: '霍尼韦尔', nameEn: 'Honeywell', country: 'US', website: 'https://sps.honeywell.com', domains: ['honeywell.com', 'honeywellscportal.com'], mentions: ['Honeywell'] },
  { key: 'tdk', nameZh: 'TDK', nameEn: 'TDK', country: 'JP', website: 'https://www.tdk.com', domains: ['tdk.com', 'invensense.com', 'tdk-electronics.tdk.com'], mentions: ['TDK', 'InvenSense', 'EPCOS'], prefixes: ['MPU-?\\d{4}', 'ICM-\\d'] },
  { key: 'hamamatsu', nameZh: '滨松', nameEn: 'Hamamatsu Photonics', country: 'JP', website: 'https://www.hamamatsu.com', domains: ['hamamatsu.com'], mentions: ['Hamamatsu'] },
  { key: 'bourns', nameZh: '伯恩斯', nameEn: 'Bourns', country: 'US', website: 'https://www.bourns.com', domains: ['bourns.com'], mentions: ['Bourns'], prefixes: ['CDNBS\\d'] },
  { key: 'wurth', nameZh: '伍尔特电子', nameEn: 'Würth Elektronik', country: 'DE', website: 'https://www.we-online.com', domains: ['we-online.com', 'we-online.de'], mentions: ['Würth', 'Wuerth', 'MagI3C'], prefixes: ['WUERTH_'] },
  { key: 'coilcraft', nameZh: 'Coilcraft', nameEn: 'Coilcraft', country: 'US', website: 'https://www.coilcraft.com', domains: ['coilcraft.com'], mentions: ['Coilcraft'] },
  { key: 'cui', nameZh: 'CUI Devices', nameEn: 'CUI Devices', country: 'US', website: 'https://www.cuidevices.com', domains: ['cui.com', 'cuidevices.com'], mentions: ['CUI'], prefixes: ['CUI_'] },
  { key: 'finder', nameZh: 'Finder', nameEn: 'Finder', country: 'IT', website: 'https://www.findernet.com', domains: ['findernet.com', 'finder-relais.net'], mentions: ['Finder'], prefixes: ['FINDER-'] },
  { key: 'hirose', nameZh: '广濑', nameEn: 'Hirose Electric', country: 'JP', website: 'https://www.hirose.com', domains: ['hirose.com', 'hirose.co.jp'], mentions: ['Hirose'] },
  { key: 'jae', nameZh: 'JAE', nameEn: 'Japan Aviation Electronics (JAE)', country: 'JP', website: 'https://www.jae.com', domains: ['jae.com'], mentions: ['JAE'], prefixes: ['JAE_'] },
  { key: 'samtec', nameZh: 'Samtec', nameEn: 'Samtec', country: 'US', website: 'https://www.samtec.com', domains: ['samtec.com'], mentions: ['Samtec'], prefixes: ['SAMTEC_'] },
  { key: 'amphenol', nameZh: '安费诺', nameEn: 'Amphenol', country: 'US', website: 'https://www.amphenol.com', domains: ['amphenol.com', 'amphenolcanada.com', 'fciconnect.com'], mentions: ['Amphenol'] },
  { key: 'belfuse', nameZh: 'Bel Fuse', nameEn: 'Bel Fuse', country: 'US', website: 'https://www.belfuse.com', domains: ['belfuse.com'], mentions: ['Bel Fuse'] },
  { key: 'neutrik', nameZh: 'Neutrik', nameEn: 'Neutrik', country: 'LI', website: 'https://www.neutrik.com', domains: ['neutrik.com'], mentions: ['Neutrik'] },
  { key: 'ftdi', nameZh: 'FTDI', nameEn: 'FTDI (Future Technology Devices International)', country: 'GB', website: 'https://ftdichip.com', domains: ['ftdichip.com'], mentions: ['FTDI'], prefixes: ['FT\\d{3}[A-Z]?', 'FT[24]\\d{3}'] },
  { key: 'wiznet', nameZh: 'WIZnet', nameEn: 'WIZnet', country: 'KR', website: 'https://www.wiznet.io', domains: ['wiznet.io', 'wizwiki.net', 'wiznet.co.kr'], mentions: ['WIZnet'], prefixes: ['W5[1-5]00'] },
  { key: 'everspin', nameZh: 'Everspin', nameEn: 'Everspin Technologies', country: 'US', website: 'https://www.everspin.com', domains: ['everspin.com'], mentions: ['Everspin'] },
  { key: 'alliance-memory', nameZh: 'Alliance Memory', nameEn: 'Alliance Memory', country: 'US', website: 'https://www.alliancememory.com', domains: ['alliancememory.com'], mentions: ['Alliance Memory'] },
  { key: 'fujitsu', nameZh: '富士通', nameEn: 'Fujitsu', country: 'JP', website: 'https://www.fujitsu.com', domains: ['fujitsu.com'], mentions: ['Fujitsu'], prefixes: ['MB85R'] },
  { key: 'maxlinear', nameZh: '迈凌', nameEn: 'MaxLinear', country: 'US', website: 'https://www.maxlinear.com', domains: ['maxlinear.com', 'exar.com'], mentions: ['MaxLinear', 'Exar'] },
  { key: 'sciosense', nameZh: 'ScioSense', nameEn: 'ScioSense', country: 'NL', website: 'https://www.sciosense.com', domains: ['sciosense.com'], mentions: ['ScioSense'], prefixes: ['ENS\\d{3}'] },
  { key: 'aosong', nameZh: '奥松电子', nameEn: 'Aosong Electronics', country: 'CN', website: 'http://www.aosong.com', domains: ['aosong.com'], mentions: ['Aosong'], prefixes: ['AHT\\d', 'DHT\\d', 'AM23\\d'] },
  { key: 'winsen', nameZh: '炜盛科技', nameEn: 'Winsen', country: 'CN', website: 'https://www.winsen-sensor.com', domains: ['winsen-sensor.com'], mentions: ['Winsen'] },
  { key: 'senseair', nameZh: 'Senseair', nameEn: 'Senseair', country: 'SE', website: 'https://senseair.com', domains: ['senseair.com', 'rmtplusstoragesenseair.blob.core.windows.net'], mentions: ['Senseair'] },
  { key: 'knowles', nameZh: '楼氏', nameEn: 'Knowles', country: 'US', website: 'https://www.knowles.com', domains: ['knowles.com'], mentions: ['Knowles'], prefixes: ['SPH\\d{4}'] },
  { key: 'kyocera', nameZh: '京瓷', nameEn: 'Kyocera', country: 'JP', website: 'https://global.kyocera.com', domains: ['kyocera.com', 'kyocera-avx.com'], mentions: ['Kyocera', 'KYOCERA'] },
  { key: 'nidec-copal', nameZh: '日本电产科宝', nameEn: 'Nidec Copal Electronics', country: 'JP', website: 'https://www.nidec-copal-electronics.com', domains: ['nidec-copal-electronics.com'], mentions: ['Nidec', 'Copal'] },
  { key: 'apem', nameZh: 'APEM', nameEn: 'APEM', country: 'FR', website: 'https://www.apem.com', domains: ['apem.com'], mentions: ['APEM'] },
  { key: 'nkk', nameZh: 'NKK', nameEn: 'NKK Switches', country: 'JP', website: 'https://www.nkkswitches.com', domains: ['nkkswitches.com'], mentions: ['NKK'], prefixes: ['SW_NKK_'] },
  { key: 'relpol', nameZh: 'Relpol', nameEn: 'Relpol', country: 'PL', website: 'https://www.relpol.pl', domains: ['relpol.pl'], mentions: ['Relpol'] },
  { key: 'standex', nameZh: 'Standex', nameEn: 'Standex Electronics', country: 'US', website: 'https://standexelectronics.com', domains: ['standexelectronics.com'], mentions: ['Standex', 'Meder'] },
  { key: 'azettler', nameZh: 'American Zettler', nameEn: 'American Zettler', country: 'US', website: 'https://www.azettler.com', domains: ['azettler.com'], mentions: ['Zettler'], prefixes: ['AZ8\\d{2}'] },
  { key: 'kodenshi', nameZh: 'Kodenshi', nameEn: 'Kodenshi', country: 'JP', website: 'https://www.kodenshi.co.jp', domains: ['kodenshi.co.jp'], mentions: ['Kodenshi'] },
  { key: 'memsic', nameZh: 'MEMSIC', nameEn: 'MEMSIC', country: 'US', website: 'https://www.memsic.com', domains: ['memsic.com'], mentions: ['MEMSIC', 'Memsic'] },
  { key: 'heraeus', nameZh: '贺利氏', nameEn: 'Heraeus', country: 'DE', website: 'https://www.heraeus.com', domains: ['heraeus.com'], mentions: ['Heraeus'] },
  { key: 'cml', nameZh: 'CML Microcircuits', nameEn: 'CML Microcircuits', country: 'GB', website: 'https://www.cmlmicro.com', domains: ['cmlmicro.com'], mentions: ['CML Microcircuits'], prefixes: ['FX\\d{3}'] },
  { key: 'thatcorp', nameZh: 'THAT Corporation', nameEn: 'THAT Corporation', country: 'US', website: 'https://www.thatcorp.com', domains: ['thatcorp.com'], mentions: ['THAT Corporation'] },
  { key: 'soundsemi', nameZh: 'Sound Semiconductor', nameEn: 'Sound Semiconductor', country: 'US', website: 'https://www.soundsemiconductor.com', domains: ['soundsemiconductor.com'], mentions: ['Sound Semiconductor'], prefixes: ['SSI2\\d{3}'] },
  { key: 'torex', nameZh: '特瑞仕', nameEn: 'Torex Semiconductor', country: 'JP', website: 'https://www.torexsemi.com', domains: ['torexsemi.com'], mentions: ['Torex'] },
  { key: 'laird', nameZh: 'Ezurio (Laird Connectivity)', nameEn: 'Ezurio (Laird Connectivity)', country: 'US', website: 'https://www.ezurio.com', domains: ['lairdtech.com', 'lairdconnect.com', 'ezurio.com'], mentions: ['Laird'], prefixes: ['BL65\\d'] },
  { key: 'raytac', nameZh: '劲达', nameEn: 'Raytac', country: 'TW', website: 'https://www.raytac.com', domains: ['raytac.com'], mentions: ['Raytac'], prefixes: ['MDBT\\d'] },
  { key: 'rakwireless', nameZh: 'RAKwireless', nameEn: 'RAKwireless', country: 'CN', website: 'https://www.rakwireless.com', domains: ['rakwireless.com'], mentions: ['RAKwireless', 'RAK Wireless'] },
  { key: 'digi', nameZh: 'Digi', nameEn: 'Digi International', country: 'US', website: 'https://www.digi.com', domains: ['digi.com'], mentions: ['Digi'], prefixes: ['XBEE'] },
  { key: 'monowireless', nameZh: 'Mono Wireless', nameEn: 'Mono Wireless', country: 'JP', website: 'https://mono-wireless.com', domains: ['mono-wireless.com'], mentions: ['Mono Wireless', 'TWELITE'] },
  { key: 'iqrf', nameZh: 'IQRF', nameEn: 'IQRF Tech', country: 'CZ', website: 'https://www.iqrf.org', domains: ['iqrf.org'], mentions: ['IQRF'] },
  { key: 'particle', nameZh: 'Particle', nameEn: 'Particle', country: 'US', website: 'https://www.particle.io', domains: ['particle.io'], mentions: ['Particle'] },
  { key: 'onion', nameZh: 'Onion', nameEn: 'Onion', country: 'CA', website: 'https://onion.io', domains: ['onion.io'], mentions: ['Onion'] },
  { key: 'adafruit', nameZh: 'Adafruit', nameEn: 'Adafruit Industries', country: 'US', website: 'https://www.adafruit.com', domains: ['adafruit.com'], mentions: ['Adafruit'], prefixes: ['ADAFRUIT_'] },
  { key: 'arduino', nameZh: 'Arduino', nameEn: 'Arduino', country: 'IT', website: 'https://www.arduino.cc', domains: ['arduino.cc'], mentions: ['Arduino'], prefixes: ['ARDUINO_'] },
  { key: 'sparkfun', nameZh: 'SparkFun', nameEn: 'SparkFun Electronics', country: 'US', website: 'https://www.sparkfun.com', domains: ['sparkfun.com'], mentions: ['SparkFun', 'Sparkfun'] },
  { key: 'olimex', nameZh: 'Olimex', nameEn: 'Olimex', country: 'BG', website: 'https://www.olimex.com', domains: ['olimex.com'], mentions: ['Olimex'] },
  { key: 'pololu', nameZh: 'Pololu', nameEn: 'Pololu', country: 'US', website: 'https://www.pololu.com', domains: ['pololu.com'], mentions: ['Pololu'] },
  { key: 'sipeed', nameZh: '矽速科技', nameEn: 'Sipeed', country: 'CN', website: 'https://www.sipeed.com', domains: ['sipeed.com'], mentions: ['Sipeed'] },
  { key: 'wemos', nameZh: 'WEMOS', nameEn: 'WEMOS', country: 'CN', website: 'https://www.wemos.cc', domains: ['wemos.cc'], mentions: ['WEMOS', 'Wemos'] },
  { key: 'usriot', nameZh: '有人物联网', nameEn: 'USR IOT', country: 'CN', website: 'https://www.pusr.com', domains: ['usriot.com', 'pusr.com'], mentions: ['USR IOT'], prefixes: ['USR-'] },
  { key: 'hiflying', nameZh: '汉枫', nameEn: 'Hi-Flying', country: 'CN', website: 'http://www.hi-flying.com', domains: ['hi-flying.com'], mentions: ['Hi-Flying'], prefixes: ['HF-[A-Z]'] },
  { key: 'ebyte', nameZh: '亿佰特', nameEn: 'Ebyte', country: 'CN', website: 'https://www.cdebyte.com', domains: ['cdebyte.com', 'ebyte.com'], mentions: ['Ebyte', 'EBYTE'] },
  { key: 'belling', nameZh: '上海贝岭', nameEn: 'Shanghai Belling', country: 'CN', website: 'https://www.belling.com.cn', domains: ['belling.com.cn'], mentions: ['Belling'] },
  { key: 'zlg', nameZh: '周立功', nameEn: 'ZLG', country: 'CN', website: 'https://www.zlg.cn', domains: ['zlgmcu.com', 'zlg.cn'], mentions: ['ZLG'] },
  { key: 'worldsemi', nameZh: 'Worldsemi', nameEn: 'Worldsemi', country: 'CN', website: 'http://www.world-semi.com', domains: ['world-semi.com'], mentions: ['Worldsemi', 'WorldSemi'], prefixes: ['WS28\\d\\d'] },
  { key: 'unisonic', nameZh: '友顺', nameEn: 'Unisonic Technologies (UTC)', country: 'TW', website: 'https://www.unisonic.com.tw', domains: ['unisonic.com.tw'], mentions: ['Unisonic'] },
  { key: 'leadtrend', nameZh: '通嘉', nameEn: 'Leadtrend Technology', country: 'TW', website: 'https://www.leadtrend.com.tw', domains: ['leadtrend.com.tw'], mentions: ['Leadtrend'] },
  { key: 'crystek', nameZh: 'Crystek', nameEn: 'Crystek', country: 'US', website: 'https://www.crystek.com', domains: ['crystek.com'], mentions: ['Crystek'] },
  { key: 'ecs', nameZh: 'ECS', nameEn: 'ECS Inc.', country: 'US', website: 'https://ecsxtal.com', domains: ['ecsxtal.com'], mentions: ['ECS Inc'], prefixes: ['ECS-'] },
  { key: 'iqd', nameZh: 'IQD', nameEn: 'IQD Frequency Products', country: 'GB', website: 'https://www.iqdfrequencyproducts.com', domains: ['iqdfrequencyproducts.com'], mentions: ['IQD'], prefixes: ['IQXO'] },
  { key: 'golledge', nameZh: 'Golledge', nameEn: 'Golledge Electronics', country: 'GB', website: 'https://www.golledge.com', domains: ['golledge.com'], mentions: ['Golledge'] },
  { key: 'microcrystal', nameZh: 'Micro Crystal', nameEn: 'Micro Crystal', country: 'CH', website: 'https://www.microcrystal.com', domains: ['microcrystal.com'], mentions: ['Micro Crystal'] },
  { key: 'cdil', nameZh: 'CDIL', nameEn: 'Continental Device India (CDIL)', country: 'IN', website: 'https://www.cdil.com', domains: ['cdil.com'], mentions: ['CDIL'] },
  { key: 'susumu', nameZh: '进工业', nameEn: 'Susumu', country: 'JP', website: 'https://www.susumu.co.jp', domains: ['susumu.co.jp'], mentions: ['Susumu'] },
  { key: 'breve', nameZh: 'Breve Tufvassons', nameEn: 'Breve Tufvassons', country: 'PL', website: 'https://www.breve.pl', domains: ['breve.pl'], mentions: ['Breve'] },
  { key: 'sstsensing', nameZh: 'SST Sensing', nameEn: 'SST Sensing', country: 'GB', website: 'https://www.sstsensing.com', domains: ['sstsensing.com'], mentions: ['SST Sensing'] },
  { key: 'electronic-assembly', nameZh: 'Electronic Assembly', nameEn: 'Electronic Assembly (DISPLAY VISIONS)', country: 'DE', website: 'https://www.lcd-module.com', domains: ['lcd-module.com', 'lcd-module.de'], mentions: ['Electronic Assembly'], prefixes: ['EA_'] },
  { key: 'nte', nameZh: 'NTE Electronics', nameEn: 'NTE Electronics', country: 'US', website: 'https://www.nteinc.com', domains: ['nteinc.com'], mentions: ['NTE Electronics'] },
];

export const BRANDS_BY_KEY: ReadonlyMap<string, Brand> = new Map(BRANDS.map((b) => [b.key, b]));

/**
 * Vendor-named KiCad libraries. Microsemi FPGAs belong to Microchip since 2018; the MCU_Intel
 * library also holds Innovasic parts, which their datasheet host resolves first.
 */
const LIBRARY_BRANDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^MCU_ST_/, 'st'],
  [/^MCU_Microchip_|^DSP_Microchip_|^CPLD_Microchip$|^FPGA_Microsemi$/, 'microchip'],
  [/^MCU_NXP_|^CPU_NXP_|^DSP_Freescale$/, 'nxp'],
  [/^MCU_Texas|^DSP_Texas$/, 'ti'],
  [/^MCU_AnalogDevices$|^DSP_AnalogDevices$/, 'adi'],
  [/^MCU_Espressif$/, 'espressif'],
  [/^MCU_Cypress$/, 'infineon'],
  [/^MCU_Dialog$|^MCU_Renesas/, 'renesas'],
  [/^MCU_Nordic$/, 'nordic'],
  [/^MCU_SiliconLabs$/, 'silabs'],
  [/^MCU_RaspberryPi$/, 'raspberrypi'],
  [/^MCU_STC$/, 'stc'],
  [/^MCU_SiFive$/, 'sifive'],
  [/^MCU_Parallax$/, 'parallax'],
  [/^MCU_Intel$/, 'intel'],
  [/^FPGA_Xilinx|^CPLD_Xilinx$/, 'xilinx'],
  [/^CPLD_Altera$/, 'altera'],
  [/^FPGA_Lattice$/, 'lattice'],
  [/^FPGA_Efinix/, 'efinix'],
  [/^FPGA_CologneChip/, 'colognechip'],
];

/** Library-name vendor, or null for functional libraries such as Regulator_Linear. */
export function brandFromLibrary(libraryName: string): string | null {
  for (const [re, key] of LIBRARY_BRANDS) if (re.test(libraryName)) return key;
  return null;
}

const DOMAIN_INDEX: ReadonlyMap<string, string> = new Map(BRANDS.flatMap((b) => b.domains.map((d) => [d, b.key] as const)));

/** Host name of a datasheet URL ('http://www.st.com/…' → 'st.com'), or null. */
export function datasheetHost(url: string): string | null {
  if (typeof url !== 'string') return null;
  const m = /^\s*(?:https?:\/\/)?([a-z0-9.-]+\.[a-z]{2,})(?:[:/?#]|\s*$)/i.exec(url);
  if (!m || !m[1]) return null;
  return m[1].toLowerCase().replace(/^www\d?\./, '');
}

/** Brand of a datasheet host, matching the registered domain or any sub-domain of it. */
export function brandFromDatasheetUrl(url: string): string | null {
  const host = datasheetHost(url);
  if (!host) return null;
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const key = DOMAIN_INDEX.get(labels.slice(i).join('.'));
    if (key) return key;
  }
  return null;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Case-sensitive whole-word maker mentions, longest first ('Analog Devices' before 'Analog'). */
const MENTIONS: ReadonlyArray<readonly [RegExp, string]> = BRANDS.flatMap((b) =>
  (b.mentions ?? []).map((m) => [new RegExp(`(?<![A-Za-z0-9])${escapeRe(m)}(?![A-Za-z0-9])`), b.key] as const),
);

/**
 * Phrases that name a maker without it being the maker of this part: "Replacement for Intel
 * 80C188XL", "for Texas Instruments CC112x", "NXP JN5164 breakout module", "module with
 * ATmega32u4", "compatible with …".
 */
const FOREIGN_CONTEXT = /(?:\bfor|\bwith|\bcompatible|\breplacement|\breplaces|\bbased on|\busing|\bbreakout)\b[^,;]*$/i;

/** Maker named in free text, ignoring mentions introduced by 'for', 'with', 'compatible'…. */
export function brandFromText(text: string): string | null {
  if (typeof text !== 'string' || text === '') return null;
  let best: { key: string; at: number } | null = null;
  for (const [re, key] of MENTIONS) {
    const m = re.exec(text);
    if (!m) continue;
    if (FOREIGN_CONTEXT.test(text.slice(0, m.index))) continue;
    if (/\bbreakout\b/i.test(text.slice(m.index))) continue;
    if (!best || m.index < best.at) best = { key, at: m.index };
  }
  return best?.key ?? null;
}

const PREFIX_LIST: ReadonlyArray<readonly [RegExp, string]> = BRANDS.flatMap((b) =>
  (b.prefixes ?? []).map((p) => [new RegExp(`^(?:${p})`), b.key] as const),
);

/** Maker implied by a part-number prefix that only one company uses ('STM32…', 'ATmega…'). */
export function brandFromPartNumber(symbolName: string): string | null {
  if (typeof symbolName !== 'string') return null;
  const name = symbolName.normalize('NFKC').trim().toUpperCase();
  for (const [re, key] of PREFIX_LIST) if (re.test(name)) return key;
  return null;
}

/** Where a brand attribution came from (most to least direct). */
export type BrandSource = 'datasheet' | 'library' | 'text' | 'partNumber';

/**
 * Like brandFromLibraryAndSymbol, also telling which clue decided. Order:
 * 1. the datasheet URL host, when it is a maker's own site (distributor mirrors are not listed);
 * 2. a vendor-named library (MCU_ST_STM32F1 → st);
 * 3. a maker named in the description or keywords (not after 'for'/'with'/'compatible');
 * 4. a part-number prefix used by one maker only (AMS1117 → Advanced Monolithic Systems).
 * Generic parts such as 'LM7805_TO220' with no maker clue stay null: second-sourced numbers
 * are never guessed.
 */
export function resolveBrand(
  libraryName: string,
  symbolName: string,
  description: string,
  keywords: string,
  datasheetUrl = '',
): { key: string; source: BrandSource } | null {
  const ds = brandFromDatasheetUrl(datasheetUrl);
  if (ds) return { key: ds, source: 'datasheet' };
  const lib = brandFromLibrary(libraryName);
  if (lib) return { key: lib, source: 'library' };
  const text = brandFromText(description) ?? brandFromText(keywords);
  if (text) return { key: text, source: 'text' };
  const pn = brandFromPartNumber(symbolName);
  if (pn) return { key: pn, source: 'partNumber' };
  return null;
}

/** Brand key of a KiCad symbol, or null when no clue names its maker. See resolveBrand. */
export function brandFromLibraryAndSymbol(
  libraryName: string,
  symbolName: string,
  description: string,
  keywords: string,
  datasheetUrl = '',
): string | null {
  return resolveBrand(libraryName, symbolName, description, keywords, datasheetUrl)?.key ?? null;
}
