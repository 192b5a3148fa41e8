// UI strings of the personal library's submissions (issue #16), spread into ../zh.ts and ../en.ts.
// Keys start with 'submissions.'; zh is the source, en has exactly the same keys.
export const submissionsZh = {} as const;

export const submissionsEn: { readonly [K in keyof typeof submissionsZh]: string } = {};
