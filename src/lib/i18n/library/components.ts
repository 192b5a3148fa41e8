// UI strings of the personal library's components (issue #16), spread into ../zh.ts and ../en.ts.
// Keys start with 'components.'; zh is the source, en has exactly the same keys.
export const componentsZh = {} as const;

export const componentsEn: { readonly [K in keyof typeof componentsZh]: string } = {};
