// Server messages of the personal library's check (issue #16), spread into ../zh.ts and ../en.ts.
// Keys start with 'check.'; zh is the source, en has exactly the same keys.
export const checkZh = {} as const;

export const checkEn: { readonly [K in keyof typeof checkZh]: string } = {};
