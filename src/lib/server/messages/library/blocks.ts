// Server messages of the personal library's blocks (issue #16), spread into ../zh.ts and ../en.ts.
// Keys start with 'blocks.'; zh is the source, en has exactly the same keys.
export const blocksZh = {} as const;

export const blocksEn: { readonly [K in keyof typeof blocksZh]: string } = {};
