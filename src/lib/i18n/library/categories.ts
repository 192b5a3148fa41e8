// UI strings of the personal library's categories (issue #16), spread into ../zh.ts and ../en.ts.
// Keys start with 'categories.'; zh is the source, en has exactly the same keys.
export const categoriesZh = {} as const;

export const categoriesEn: { readonly [K in keyof typeof categoriesZh]: string } = {};
