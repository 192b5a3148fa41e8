// UI strings of the personal library's collections (issue #16), spread into ../zh.ts and ../en.ts.
// Keys start with 'collections.'; zh is the source, en has exactly the same keys.
export const collectionsZh = {} as const;

export const collectionsEn: { readonly [K in keyof typeof collectionsZh]: string } = {};
