// A BOM's manufacturer cell against a catalogue brand (notes/bom-matching.md §2.2 item 6):
// 'SAMSUNG(三星)', 'Yageo Corporation', 'TI', '德州仪器', 'UNI-ROYAL(厚声)', 'JSCJ', '长晶' are
// folded to brand keys through the brands' own names (brands.key / name_zh / name_en, from the
// database), every spelling of the JLCPCB/LCSC snapshot for that brand (`brandAliases`, Chinese
// and English), the mentions and owners of src/lib/catalog/brands.ts and a few common spellings.
// Pure.

import { BRANDS } from '../../catalog/brands.ts';
import { brandAliases, jlcBrands } from '../../catalog/jlcparts/brand-map.ts';

export type BrandRow = { readonly key: string; readonly nameZh: string; readonly nameEn: string };

/** Legal and generic words that say nothing about who the maker is. */
const NOISE_WORDS =
  /\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|gmbh|ag|sa|bv|nv|plc|kg|oy|ab|srl|spa|pte|pty|electronics?|electronic|semiconductors?|semi|technology|technologies|tech|devices?|components?|international|group|industries|industrial|manufacturing|mfg|holdings?|the|division)\b/g;
const NOISE_ZH = /(?:股份)?有限(?:责任)?公司|集团|电子|科技|半导体|株式会社|公司/g;

/** Common spellings and typos BOMs carry (the Voron sample's 'Didoes', 'Littlefuse'). */
const EXTRA_ALIASES: Readonly<Record<string, readonly string[]>> = {
  ti: ['ti', 'texas', 'texasinstruments', 'burrbrown', 'nationalsemi'],
  st: ['st', 'stm', 'stmicro', 'stmicroelectronics', 'sgsthomson'],
  onsemi: ['on', 'onsemi', 'onsemiconductor', 'fairchild'],
  diodes: ['diodes', 'didoes', 'diodesinc', 'diodesincorporated'],
  littelfuse: ['littelfuse', 'littlefuse'],
  adi: ['adi', 'analog', 'analogdevices', 'lineartech', 'linear'],
  nxp: ['nxp', 'philips', 'freescale'],
  murata: ['murata'],
  'samsung-em': ['samsung', 'samsungem', 'semco', 'samsungelectromechanics', '三星'],
  yageo: ['yageo', 'phycomp'],
  vishay: ['vishay', 'vishaydale', 'dale'],
  microchip: ['microchip', 'atmel', 'micrel', 'microsemi'],
  infineon: ['infineon', 'ir', 'internationalrectifier', 'cypress'],
  wurth: ['wurth', 'würth', 'wurthelektronik', 'we'],
  // BOMs write Advanced Monolithic Systems (AMS1117) as 'AMS', which is also ams-OSRAM's name.
  'advanced-monolithic': ['ams', 'advancedmonolithic'],
};

/** Upper/lower case, punctuation and legal suffixes folded away; parenthesised names kept apart. */
export function manufacturerForms(cell: string): string[] {
  if (typeof cell !== 'string') return [];
  const text = cell.normalize('NFKC').trim();
  if (text === '' || text.length > 120) return [];
  const parts = [text.replace(/[(（][^)）]*[)）]/g, ' ')];
  for (const m of text.matchAll(/[(（]([^)）]*)[)）]/g)) if (m[1]) parts.push(m[1]);
  const out: string[] = [];
  for (const p of parts) {
    const folded = p
      .toLowerCase()
      .replace(/ü/g, 'u')
      .replace(NOISE_ZH, ' ')
      .replace(/[.,&/'’-]/g, ' ')
      .replace(NOISE_WORDS, ' ')
      .replace(/[^\p{L}\p{N}]+/gu, '');
    if (folded !== '' && !out.includes(folded)) out.push(folded);
  }
  return out;
}

export type BrandResolver = {
  /** Brand keys a manufacturer cell names (empty when it names none we know). */
  resolve(cell: string): readonly string[];
  /** The company that owns a brand now (Linear → ADI), or the brand itself. */
  ownerOf(key: string): string;
};

/**
 * First words of maker names that are places or generic ('Shenzhen …', 'Jiangsu …'): never a
 * maker's short name on their own.
 */
const NOT_A_SHORT_NAME = new Set([
  'shenzhen', 'jiangsu', 'guangdong', 'dongguan', 'zhejiang', 'shanghai', 'beijing', 'changzhou', 'suzhou', 'wuxi', 'xiamen', 'hangzhou',
  'ningbo', 'foshan', 'huizhou', 'zhongshan', 'taiwan', 'hunan', 'hubei', 'fujian', 'anhui', 'sichuan', 'shandong', 'tianjin', 'nanjing',
  'chengdu', 'wuhan', 'guangzhou', 'hefei', 'zhuhai', 'jiangxi', 'hong', 'china', 'chinese', 'asia', 'global', 'world', 'micro', 'power',
  'smart', 'united', 'general', 'advanced', 'american', 'japan', 'korea', 'north', 'south', 'east', 'west', 'new',
]);

/** Brand key → its aliases: the snapshot's spellings, names and brands.ts mentions (cached; the table is static). */
let snapshotAliases: ReadonlyArray<readonly [string, readonly string[]]> | null = null;
function snapshotBrandAliases(): ReadonlyArray<readonly [string, readonly string[]]> {
  snapshotAliases ??= jlcBrands().map((b) => [b.key, brandAliases(b.key)] as const);
  return snapshotAliases;
}

export function brandResolver(rows: readonly BrandRow[]): BrandResolver {
  const byForm = new Map<string, Set<string>>();
  const add = (form: string, key: string): void => {
    if (form.length < 2) return;
    let set = byForm.get(form);
    if (!set) byForm.set(form, (set = new Set()));
    set.add(key);
  };
  // Every spelling the snapshot uses for a brand, in Chinese and English ('TI(德州仪器)', 'JSCJ').
  for (const [key, aliases] of snapshotBrandAliases()) for (const a of aliases) for (const f of manufacturerForms(a)) add(f, key);
  const owners = new Map<string, string>();
  for (const b of BRANDS) {
    if (b.ownedBy) owners.set(b.key, b.ownedBy);
    for (const m of b.mentions ?? []) for (const f of manufacturerForms(m)) add(f, b.key);
  }
  for (const r of rows) {
    add(r.key.replace(/-/g, ''), r.key);
    for (const f of [...manufacturerForms(r.nameEn), ...manufacturerForms(r.nameZh)]) add(f, r.key);
    // 'Murata Manufacturing' is written 'Murata' in BOMs: the first word of a long name alone.
    const first = r.nameEn.normalize('NFKC').toLowerCase().split(/[\s(]/)[0]?.replace(/[^a-z0-9]/g, '') ?? '';
    if (first.length >= 4 && !NOT_A_SHORT_NAME.has(first)) add(first, r.key);
  }
  for (const [key, forms] of Object.entries(EXTRA_ALIASES)) for (const f of forms) add(f, key);
  return {
    resolve(cell: string): readonly string[] {
      const keys = new Set<string>();
      for (const form of manufacturerForms(cell)) {
        for (const k of byForm.get(form) ?? []) keys.add(k);
        if (keys.size === 0 && form.length >= 5) {
          // 'yageocorporationtaiwan': a known name at the start of a longer one.
          for (const [known, ks] of byForm) if (known.length >= 5 && form.startsWith(known)) for (const k of ks) keys.add(k);
        }
      }
      return [...keys];
    },
    ownerOf(key: string): string {
      return owners.get(key) ?? key;
    },
  };
}

export type ManufacturerAgreement = 'agree' | 'conflict' | 'unknown';

/**
 * Whether the line's maker and a product's brand agree. 'unknown' when the line names no maker,
 * the product has no brand, or the line's maker is not one we know (no conflict can be claimed).
 */
export function manufacturerAgreement(resolver: BrandResolver, lineManufacturer: string | undefined, productBrandKey: string | null): ManufacturerAgreement {
  if (!lineManufacturer || !productBrandKey) return 'unknown';
  const keys = resolver.resolve(lineManufacturer);
  if (keys.length === 0) return 'unknown';
  const owner = resolver.ownerOf(productBrandKey);
  return keys.some((k) => k === productBrandKey || resolver.ownerOf(k) === owner) ? 'agree' : 'conflict';
}
