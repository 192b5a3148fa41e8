// The shapes of the search API (SPEC §7 queryPage and suggest), declared once: the route validates
// requests with these schemas and documents them in OpenAPI, searchProducts validates the same
// request in-process (pages call it directly), and the TypeScript types are inferred from them.
//
// Every rule's message is a key of PROBLEMS, so both paths answer the same localized text
// ('参数 pageSize 无效：必须是 1 到 100 之间的整数').

import { z } from '@hono/zod-openapi';
import type { Locale } from '../i18n/i18n.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { AppError, Code } from '../server/errors.ts';
import { INT32_MAX } from '../server/validation.ts';
import { MAX_KEYWORD_LENGTH } from './search.ts';

export { MAX_KEYWORD_LENGTH };
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Results past this position cannot be paged (pageNum × pageSize). */
export const MAX_WINDOW = 1000;
/** Facet lists are cut to this many entries. */
export const FACET_LIMIT = 50;
/** Most brands, packages or values of one parameter in a filter. */
export const MAX_FILTER_VALUES = 50;
export const MAX_PARAM_FILTERS = 20;
/** Longest package name or parameter value in a filter. */
export const MAX_VALUE_LENGTH = 200;
export const PARAM_KEY_RE = /^[a-z][a-zA-Z0-9_]{0,63}$/;
export const SEARCH_SORTS = ['relevance', 'mpn', 'mpnDesc', 'popular'] as const;
export const DEFAULT_SUGGESTIONS = 8;
export const MAX_SUGGESTIONS = 20;

/**
 * The field problems of the search: each names its text in the server messages (`search.<key>`)
 * and the limit it quotes; the keys are the schemas' messages.
 */
export const PROBLEMS = {
  keywordLong: { max: MAX_KEYWORD_LENGTH },
  text: {},
  pageNum: {},
  pageSize: { max: MAX_PAGE_SIZE },
  window: { max: MAX_WINDOW },
  cateId: {},
  sort: {},
  list: {},
  tooMany: { max: MAX_FILTER_VALUES },
  tooManyParams: { max: MAX_PARAM_FILTERS },
  paramKey: {},
  paramEmpty: {},
  paramNumber: {},
  paramRange: {},
  value: { max: MAX_VALUE_LENGTH },
  id: {},
  suggestLimit: { max: MAX_SUGGESTIONS },
  timeout: {},
} as const satisfies Record<string, { max?: number }>;
export type Problem = keyof typeof PROBLEMS;

/** A search problem's text in the caller's language. */
export function problemText(key: Problem, locale: Locale): string {
  const limit: { max?: number } = PROBLEMS[key];
  return serverMessage(`search.${key}`, locale, { max: limit.max ?? '', sorts: SEARCH_SORTS.join(locale === 'zh' ? '、' : ', ') });
}

/** A zod message that names a problem (`problem('id')` → 'id'), checked at compile time. */
const problem = (key: Problem): Problem => key;

const rowId = z.number({ error: problem('id') }).int(problem('id')).positive(problem('id')).max(INT32_MAX, problem('id'));
const filterValue = z.string({ error: problem('value') }).trim().min(1, problem('value')).max(MAX_VALUE_LENGTH, problem('value'));

export const ParamFilterSchema = z
  .strictObject({
    key: z.string({ error: problem('paramKey') }).regex(PARAM_KEY_RE, problem('paramKey')).openapi({ example: 'capacitance' }),
    values: z
      .array(filterValue, { error: problem('list') })
      .max(MAX_FILTER_VALUES, problem('tooMany'))
      .optional()
      .openapi({ description: 'Text values, or quantities such as "100nF"', example: ['X7R'] }),
    min: z.number({ error: problem('paramNumber') }).optional().openapi({ description: 'Lower bound in SI base units (F, Ω, V, A, Hz, B…)', example: 1e-7 }),
    max: z.number({ error: problem('paramNumber') }).optional().openapi({ description: 'Upper bound in SI base units', example: 1e-7 }),
  })
  .refine((filter) => (filter.values && filter.values.length > 0) || filter.min !== undefined || filter.max !== undefined, { message: problem('paramEmpty') })
  .refine((filter) => filter.min === undefined || filter.max === undefined || filter.min <= filter.max, { message: problem('paramRange'), path: ['min'] })
  .openapi('ParamFilter');

export const SearchSortSchema = z.enum(SEARCH_SORTS, { error: problem('sort') });

export const QueryPageRequest = z
  .strictObject({
    keyword: z.string({ error: problem('text') }).trim().max(MAX_KEYWORD_LENGTH, problem('keywordLong')).nullish().openapi({ example: 'stm32f103c8' }),
    cateId: rowId.nullish().openapi({ example: 100 }),
    brandIds: z.array(rowId, { error: problem('list') }).max(MAX_FILTER_VALUES, problem('tooMany')).nullish(),
    params: z.array(ParamFilterSchema, { error: problem('list') }).max(MAX_PARAM_FILTERS, problem('tooManyParams')).nullish(),
    package: z.array(filterValue, { error: problem('list') }).max(MAX_FILTER_VALUES, problem('tooMany')).nullish(),
    sort: SearchSortSchema.nullish(),
    pageNum: z.number({ error: problem('pageNum') }).int(problem('pageNum')).min(1, problem('pageNum')).max(MAX_WINDOW, problem('window')).default(1),
    pageSize: z
      .number({ error: problem('pageSize') })
      .int(problem('pageSize'))
      .min(1, problem('pageSize'))
      .max(MAX_PAGE_SIZE, problem('pageSize'))
      .default(DEFAULT_PAGE_SIZE),
  })
  .refine((request) => request.pageNum * request.pageSize <= MAX_WINDOW, { message: problem('window'), path: ['pageNum'] })
  .openapi('QueryPageRequest');

export const SuggestQuery = z.object({
  q: z.string({ error: problem('text') }).trim().max(MAX_KEYWORD_LENGTH, problem('keywordLong')).default(''),
  limit: z.coerce
    .number({ error: problem('suggestLimit') })
    .int(problem('suggestLimit'))
    .min(1, problem('suggestLimit'))
    .max(MAX_SUGGESTIONS, problem('suggestLimit'))
    .default(DEFAULT_SUGGESTIONS),
});

export const SearchItemSchema = z
  .object({
    mfgMpnCode: z.string(),
    mpn: z.string(),
    brandId: z.number().int().nullable(),
    brandName: z.string(),
    cateId: z.number().int(),
    cateName: z.string(),
    description: z.string(),
    package: z.string().nullable(),
    datasheetUrl: z.string().nullable(),
    highlight: z.object({ mpn: z.string(), description: z.string() }).openapi({ description: 'HTML-escaped text with <mark> around matches' }),
    params: z.array(z.object({ key: z.string(), value: z.number().nullable(), unit: z.string().nullable(), text: z.string().nullable() })),
  })
  .openapi('SearchItem');

export const SearchFacetsSchema = z.object({
  categories: z.array(z.object({ cateId: z.number().int(), cateName: z.string(), count: z.number().int() })),
  brands: z.array(z.object({ brandId: z.number().int(), brandName: z.string(), count: z.number().int() })),
  packages: z.array(z.object({ package: z.string(), count: z.number().int() })),
});

export const SearchResultSchema = z
  .object({
    list: z.array(SearchItemSchema),
    total: z.number().int(),
    facets: SearchFacetsSchema,
    didYouMean: z.string().nullable(),
    totalExact: z.boolean().openapi({ description: 'False when more parts matched than were counted; total is then a lower bound' }),
    facetsExact: z.boolean().openapi({ description: 'False when the facets were counted on the first matches only' }),
  })
  .openapi('SearchResult');

export const SuggestionSchema = z
  .object({
    kind: z.enum(['mpn', 'brand', 'category']),
    text: z.string(),
    href: z.string(),
    sub: z.string().optional(),
  })
  .openapi('Suggestion');

export type ParamFilter = z.output<typeof ParamFilterSchema>;
export type SearchSort = z.output<typeof SearchSortSchema>;
/** A validated queryPage request plus the caller's language. */
export type SearchParams = z.output<typeof QueryPageRequest> & { locale: Locale };
export type SearchItem = z.output<typeof SearchItemSchema>;
export type SearchFacets = z.output<typeof SearchFacetsSchema>;
export type SearchResult = z.output<typeof SearchResultSchema>;
export type Suggestion = z.output<typeof SuggestionSchema>;

function isProblem(message: string): message is Problem {
  return Object.hasOwn(PROBLEMS, message);
}

/** The 40000 error naming `field` and its problem in the caller's language. */
export function fieldError(locale: Locale, field: string, problemKey: Problem): AppError {
  return new AppError(Code.badInput, serverMessage('field', locale, { field, problem: problemText(problemKey, locale) }));
}

/** The first issue of a failed parse as a 40000 error (zod's own text for an issue without a key). */
export function issueError(error: z.ZodError, locale: Locale, wholeField: string): AppError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : wholeField;
  const message = issue?.message ?? 'invalid';
  if (isProblem(message)) return fieldError(locale, field, message);
  return new AppError(Code.badInput, serverMessage('field', locale, { field, problem: message }));
}

/** Validates a request made in-process (the route has parsed it already, to the same rules). */
export function validateSearchParams(params: SearchParams): void {
  const { locale, ...request } = params;
  const parsed = QueryPageRequest.safeParse(request);
  if (!parsed.success) throw issueError(parsed.error, locale === 'en' ? 'en' : 'zh', 'body');
}
