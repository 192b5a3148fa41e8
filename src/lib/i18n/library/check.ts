// UI strings of the personal library's check (issue #16), spread into ../zh.ts and ../en.ts.
// Keys start with 'check.'; zh is the source, en has exactly the same keys.
export const checkZh = {
  'check.quality.ok': '资料已校验',
  'check.quality.warnings': '有提醒',
  'check.quality.errors': '资料有误',
  'check.quality.unchecked': '未校验',
} as const;

export const checkEn: { readonly [K in keyof typeof checkZh]: string } = {
  'check.quality.ok': 'Assets checked',
  'check.quality.warnings': 'Check warnings',
  'check.quality.errors': 'Asset errors',
  'check.quality.unchecked': 'Not checked',
};
