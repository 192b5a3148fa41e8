// Manufacturer part numbers (MPN): a normalised search key, KiCad's "ordering family" wildcards
// ('STM32F103C8Tx') and a naming test that tells product symbols from generic templates.

/**
 * Packaging / distributor suffixes removed before comparing MPNs. Each entry is anchored at the
 * end of the upper-cased text and needs its own separator, so that real part-number letters are
 * never eaten (TI's 'LM358DR' keeps 'DR', ST's 'LIS3DHTR' keeps 'TR', Infineon's 'IRF540NPBF'
 * keeps 'PBF': there the letters belong to the orderable code and no separator marks them).
 * Applied repeatedly, so 'LT1763CS8-3.3#TRPBF' and 'MIC5205-3.3YM5-TR' both lose their tail.
 */
export const MPN_SUFFIX_RULES: ReadonlyArray<{ readonly re: RegExp; readonly why: string }> = [
  { re: /-ND$/, why: "Digi-Key catalogue suffix '-ND' (not part of the maker's number)" },
  { re: /#(?:TRM?|TR)?PBF$/, why: "Linear Technology / ADI lead-free '#PBF' and tape-and-reel '#TRPBF', '#TRMPBF'" },
  { re: /#TRM?$/, why: "Linear Technology / ADI tape-and-reel '#TR', '#TRM' (non lead-free orders)" },
  { re: /,\d{3}$/, why: "NXP / Nexperia 12NC packing code after a comma ('74HC595D,118', 'BC847B,215')" },
  { re: /-REEL7?$/, why: "ADI reel suffix '-REEL' / '-REEL7'" },
  { re: /-RL7?$/, why: "ADI reel suffix '-RL' / '-RL7'" },
  { re: /[/-]R(?:7|13)$/, why: "7-inch / 13-inch reel suffix '/R7', '/R13'" },
  { re: /[/-](?:TR|T&R|TAPE)$/, why: "tape-and-reel '/TR', '-TR', '-T&R' (only with a separator; a bare 'TR' is often part of the code)" },
  { re: /\+T\d*$/, why: "Maxim '+T' (lead-free, tape-and-reel)" },
  { re: /\+$/, why: "Maxim '+' lead-free marker" },
];

/**
 * Looser packaging / compliance suffixes, for BOM lookups only (src/lib/bom/mpn-variants.ts).
 * They are not in MPN_SUFFIX_RULES because they would change the stored `mpn_normalized` keys and
 * because some are real ordering letters on other makers' parts: a hit after stripping one is a
 * packaging *variant* to confirm, never an exact match. Each rule strips once from the end of the
 * upper-cased MPN (after MPN_SUFFIX_RULES); `suffix` names what was removed for the reason text.
 */
export const MPN_LOOSE_SUFFIX_RULES: ReadonlyArray<{ readonly re: RegExp; readonly suffix: string; readonly why: string; readonly makers?: readonly string[] }> = [
  { re: /-(?:H?G?E3|M3|HM3)(?:\/\d{1,4}[A-Z]?)?$/, suffix: '-E3', why: "Vishay lead-free / packing '-E3', '-GE3', '-M3', '-HM3', optionally '/57T'-style packing" },
  { re: /-(?:7|13)(?:-F)?$/, suffix: '-7-F', why: "Diodes Inc. reel '-7' / '-13' and lead-free '-F'" },
  { re: /(?<=[A-Z0-9])TRPBF$/, suffix: 'TRPBF', why: "Infineon / IR tape-and-reel lead-free 'TRPBF' without a separator" },
  { re: /(?<=[A-Z0-9])PBF$/, suffix: 'PBF', why: "Infineon / IR lead-free 'PBF' without a separator ('IRF540NPBF' is sold as such)" },
  { re: /(?<=[A-Z0-9])-?TRG1$/, suffix: 'TRG1', why: "Diodes Inc. tape-and-reel green 'TRG1' ('AP2127K-3.3TRG1' of 'AP2127K-3.3')", makers: ['diodes'] },
  { re: /(?<=[A-Z0-9]{3})TR$/, suffix: 'TR', why: "bare tape-and-reel 'TR' ('LIS3DHTR'): often part of the code, so only a variant" },
  { re: /(?<=[A-Z0-9])[ _]+(?:TR|T&R|REEL)$/, suffix: ' TR', why: "tape-and-reel after a space or underscore ('MT41K64M16TW-107:J TR')" },
  { re: /(?<=[A-Z]{2})G4$/, suffix: 'G4', why: "TI 'G4' (green, RoHS) after the package letters ('SN74HC595DRG4')" },
  { re: /(?<=\d[A-Z]{0,2}\d)G$/, suffix: 'G', why: "onsemi lead-free 'G' after the package code ('MMBT3904LT1G')" },
  { re: /[/-]?NOPB$/, suffix: '/NOPB', why: "TI (National) lead-free '/NOPB' ('LM1117MPX-3.3/NOPB')", makers: ['ti'] },
  { re: /\/(?:2K5|3K|1K|250|500)$/, suffix: '/2K5', why: "TI reel quantity '/2K5', '/250' ('INA155UA/2K5')", makers: ['ti'] },
  // TI and ST put packing last: 'R' reel, 'T' small reel or tape, National's 'X' reel. Elsewhere a
  // last 'T' is often another package ('1N4148WT' is SOD-523, 'PIC…-I/PT' TQFP): hence the makers.
  { re: /(?<=\d[A-Z]{1,4})[RTX]$/, suffix: 'R', why: "TI / ST reel 'R', small reel or tape 'T', National reel 'X' after the package letters ('NE555DR' of 'NE555D', 'TPS5430DDAR', 'LM358DT')", makers: ['ti', 'st'] },
  { re: /(?<=-[A-Z]{1,4})R$|(?<=-[A-Z0-9]{2,6})-R$/, suffix: 'R', why: "Microchip / Nordic tape-and-reel 'R' after the package code ('ATTINY816-MNR', 'ATMEGA328P-AUR', 'NRF52820-QDAA-R')", makers: ['microchip', 'nordic'] },
  {
    re: /(?<=^(?:GRM|GCM|GRT|GJM|GQM|GCJ|GCQ|GMA|KRM|KCM|LQG|LQH|LQM|LQP|LQW|BLM|NFM|DFE|NCP)[0-9A-Z]{8,}\d)[DLJKBE]$/,
    suffix: 'D',
    why: "Murata's last letter is the packing: D / J paper reel 180 / 330 mm, L / K embossed reel, B bulk, E ('GRM033R61A105ME15D' of 'GRM033R61A105ME15')",
    makers: ['murata'],
  },
];

/** NFKC, upper case, every character other than A-Z and 0-9 dropped; no suffix removed. */
export function canonicalMpn(mpn: string): string {
  if (typeof mpn !== 'string') return '';
  return mpn.normalize('NFKC').toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * A comparison key for MPNs: NFKC, upper case, packaging/distributor suffixes removed (see
 * MPN_SUFFIX_RULES), then every character other than A-Z and 0-9 dropped (spaces, '-', '.', '/',
 * '_', ',', '#', '+' …). 'AMS1117-3.3' → 'AMS111733', 'ATmega328P-AU' → 'ATMEGA328PAU',
 * 'IRLZ44N#PBF' → 'IRLZ44N', '74HC595D,118' → '74HC595D'. It is a key, not a display form.
 * Returns '' for empty or non-string input.
 */
export function normalizeMpn(mpn: string): string {
  if (typeof mpn !== 'string') return '';
  let s = mpn.normalize('NFKC').toUpperCase().replace(/\s+/g, ' ').trim();
  for (let guard = 0; guard < 5; guard++) {
    const before = s;
    for (const rule of MPN_SUFFIX_RULES) {
      const next = s.replace(rule.re, '');
      // Never strip a suffix down to nothing ('-ND' alone is not an MPN with a suffix).
      if (next !== s && /[A-Z0-9]/.test(next)) s = next.trim();
    }
    if (s === before) break;
  }
  return canonicalMpn(s);
}

export type WildcardSegment = { readonly kind: 'lit'; readonly text: string } | { readonly kind: 'wild'; readonly n: number; readonly optional: boolean };

/**
 * Splits a KiCad family name into literal text and wildcard runs. A run of lower-case 'x' is a
 * wildcard when neither neighbour is a lower-case letter: 'STM32F103C8Tx', 'nRF52810-QCxx',
 * 'MCP6002-xSN', 'LTC6229xMS8E' have wildcards; 'ATxmega128A1' (part of 'xmega'),
 * 'DG417LDJ_Maxim' do not.
 */
export function wildcardSegments(familyName: string): WildcardSegment[] {
  const out: WildcardSegment[] = [];
  const name = familyName.normalize('NFKC').trim();
  let lit = '';
  let i = 0;
  while (i < name.length) {
    const ch = name.charAt(i);
    if (ch === 'x') {
      let j = i;
      while (name.charAt(j) === 'x') j++;
      const before = i > 0 ? name.charAt(i - 1) : '';
      const after = name.charAt(j);
      if (!/[a-z]/.test(before) && !/[a-z]/.test(after)) {
        if (lit) out.push({ kind: 'lit', text: lit });
        lit = '';
        // Microchip writes the optional tape-and-reel 'T' as a single 'x' just before the dash
        // ('MCP1700x-330xxTO' covers MCP1700-3302E/TO and MCP1700T-3302E/TT).
        out.push({ kind: 'wild', n: j - i, optional: j - i === 1 && after === '-' && i > 0 });
        i = j;
        continue;
      }
      lit += name.slice(i, j);
      i = j;
      continue;
    }
    lit += ch;
    i++;
  }
  if (lit) out.push({ kind: 'lit', text: lit });
  return out;
}

export type WildcardPattern = {
  /** Anchored, matches a normalizeMpn() key. */
  readonly regex: RegExp;
  /** SQL LIKE pattern over normalised keys ('_' per wildcard position plus '%'): a pre-filter. */
  readonly like: string;
  /** The family name as a normalised key with wildcards removed (e.g. 'STM32F103C8T'). */
  readonly prefix: string;
  readonly hasWildcard: boolean;
};

/**
 * Turns a KiCad symbol name into a matcher for orderable MPNs. Each wildcard run of n 'x' matches
 * 1..n+1 letters/digits (ST's single temperature digit, Atmel's two-digit speed grade in
 * 'ATF1502AS-xAx44', the 2-3 character voltage code in '1.5KExxA'); a lone 'x' before a dash may
 * also be empty (Microchip's optional 'T'). The SQL LIKE form is wider (each run becomes
 * '_…_%'), so use it to narrow a query and the regex to confirm.
 */
export function kicadWildcardPattern(symbolName: string): WildcardPattern {
  const segs = wildcardSegments(symbolName);
  let re = '^';
  let like = '';
  let prefix = '';
  let seenWild = false;
  for (const seg of segs) {
    if (seg.kind === 'lit') {
      const key = seg.text.toUpperCase().replace(/[^A-Z0-9]/g, '');
      re += key;
      like += key.replace(/[\\%_]/g, (c) => `\\${c}`);
      if (!seenWild) prefix += key;
    } else {
      seenWild = true;
      re += `[A-Z0-9]{${seg.optional ? 0 : 1},${seg.n + 1}}`;
      like += seg.optional ? '%' : `${'_'.repeat(seg.n)}%`;
    }
  }
  re += '$';
  // Collapse '%%' that two adjacent wildcards could produce.
  like = like.replace(/%+/g, '%');
  return { regex: new RegExp(re), like, prefix, hasWildcard: seenWild };
}

/**
 * True when an orderable MPN belongs to a KiCad family: matchesFamily('STM32F103C8T6',
 * 'STM32F103C8Tx'), matchesFamily('atmega328p-au', 'ATmega328P-AU'). Comparison is on
 * normalizeMpn keys, so separators, case and packaging suffixes do not matter.
 */
export function matchesFamily(mpn: string, familyName: string): boolean {
  const key = normalizeMpn(mpn);
  if (key === '' || typeof familyName !== 'string' || familyName.trim() === '') return false;
  return kicadWildcardPattern(familyName).regex.test(key);
}

/** Libraries whose symbols are all templates (drawn parts, not orderable products). */
export const GENERIC_LIBRARIES: ReadonlySet<string> = new Set([
  'power',
  'Graphic',
  'Simulation_SPICE',
  'pspice',
  'Mechanical',
  'Device',
  'Connector_Generic',
  'Connector_Generic_MountingPin',
  'Connector_Generic_Shielded',
  'Jumper',
  'Motor',
]);

/**
 * Name stems of generic templates in mixed libraries (Connector, Switch, Transformer,
 * Oscillator…): 'Conn_01x04_Male', 'SW_Push', 'TestPoint', 'USB_C_Receptacle', 'RJ45_Shielded',
 * 'TRANSF1'. A template may still contain digits, so this list is consulted before the digit test.
 */
const GENERIC_NAME_RE = new RegExp(
  '^(?:' +
    [
      'Conn_[0-9]',
      'Conn_(?:Coaxial|Triaxial|WallPlug|WallSocket|ARM_|PIC_|ST_STDC)',
      'Screw_Terminal',
      'TestPoint',
      'AudioJack',
      'AudioPlug',
      'Barrel_Jack',
      'Jack-DC',
      'USB[23]?_',
      'USB_OTG',
      'HDMI_',
      'DB(?:9|15|25|37)_',
      'DIN-',
      'Mini-DIN',
      'DIN41612',
      'XLR[0-9]',
      'RJ[0-9]+(?:_Shielded|_LED|$)',
      'Raspberry_Pi_',
      'Microsemi_FlashPro',
      '[0-9]P[0-9]C(?:_|$)',
      'Bus_',
      'SD_Card',
      'Micro_SD_Card(?:_Det)?$',
      'SIM_Card',
      'SODIMM',
      'ATX-',
      'AVR-(?:ISP|JTAG|PDI|TPI|UPDI)',
      'IEEE1394',
      'ExpressCard',
      'MXM',
      'SCART',
      'SpeakON',
      'UEXT',
      'LEMO[0-9]',
      'SW_(?:Push|SPST|SPDT|DPST|DPDT|DP3T|SP3T|DIP|Reed|Rotary|Coded$)',
      'Jumper_',
      'SolderJumper',
      'MountingHole',
      'Fiducial',
      'Heatsink',
      'Housing',
      'TRANSF[0-9]',
      'Transformer_',
      'Crystal',
      'Resonator',
      'Opamp_',
      'Logo_',
      'SYM_',
      '.*Generic',
    ].join('|') +
    ')',
);

/**
 * Libraries that mix templates and products under similar names; there a product name must
 * carry a digit or a wildcard ('SW_MEC_5E', 'RJ45_Amphenol_RJMG1BD3B8K1ANR' but not 'SW_Push').
 */
const MIXED_LIBRARIES: ReadonlySet<string> = new Set(['Connector', 'Switch', 'Transformer', 'Relay', 'Valve', 'Interface_Optical']);

/**
 * Decides from naming alone whether a KiCad symbol names an orderable product ('STM32F103C8Tx',
 * 'LM358', 'ESP32-WROOM-32', 'BSS138') or a template ('R', 'C_Small', 'Q_NPN_BEC',
 * 'Conn_01x04', 'SW_Push', '+3V3', 'MountingHole'). Rules, in order:
 * 1. libraries of templates (GENERIC_LIBRARIES) → false;
 * 2. template stems (GENERIC_NAME_RE) → false;
 * 3. a name needs at least three letters/digits;
 * 4. in libraries that mix both (MIXED_LIBRARIES) it also needs a digit or a KiCad wildcard
 *    ('MMBZxx'); elsewhere names such as 'Arduino_Leonardo' or 'ABLNO' are products.
 */
export function looksLikePartNumber(symbolName: string, libraryName: string): boolean {
  if (typeof symbolName !== 'string' || typeof libraryName !== 'string') return false;
  const name = symbolName.trim();
  if (name === '' || GENERIC_LIBRARIES.has(libraryName)) return false;
  if (GENERIC_NAME_RE.test(name)) return false;
  const alnum = name.replace(/[^A-Za-z0-9]/g, '');
  if (alnum.length < 3) return false;
  if (!MIXED_LIBRARIES.has(libraryName)) return true;
  return /[0-9]/.test(alnum) || wildcardSegments(name).some((seg) => seg.kind === 'wild');
}
