import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { INT32_MAX, validationHook } from '../server/validation.ts';
import { MAX_KEYWORD_LENGTH } from './search.ts';
import { MAX_PAGE_SIZE, MAX_WINDOW, searchProducts, suggest } from './search.server.ts';

// SPEC §7 Products: POST /api/chiplet/products/queryPage (the search and parametric filter) and
// the search box's suggestions. Validation failures answer 40000 with the field named.

const ParamFilterSchema = z
  .strictObject({
    key: z
      .string()
      .regex(/^[a-z][a-zA-Z0-9_]{0,63}$/, 'not a parameter key')
      .openapi({ example: 'capacitance' }),
    values: z
      .array(z.string().trim().min(1).max(200))
      .max(50, 'at most 50 values')
      .optional()
      .openapi({
        description: 'Text values, or quantities such as "100nF"',
        example: ['X7R'],
      }),
    min: z.number().finite().optional().openapi({
      description: 'Lower bound in SI base units (F, Ω, V, A, Hz, B…)',
      example: 1e-7,
    }),
    max: z.number().finite().optional().openapi({ description: 'Upper bound in SI base units', example: 1e-7 }),
  })
  .refine((f) => (f.values && f.values.length > 0) || f.min !== undefined || f.max !== undefined, { message: 'needs values, min or max', path: ['values'] })
  .refine((f) => f.min === undefined || f.max === undefined || f.min <= f.max, {
    message: 'min must not exceed max',
    path: ['min'],
  })
  .openapi('ParamFilter');

const QueryPageBody = z
  .strictObject({
    keyword: z.string().trim().max(MAX_KEYWORD_LENGTH, `at most ${MAX_KEYWORD_LENGTH} characters`).nullish().openapi({ example: 'stm32f103c8' }),
    cateId: z.number().int().positive('must be a positive integer').max(INT32_MAX, `must be ≤ ${INT32_MAX}`).nullish().openapi({ example: 100 }),
    brandIds: z.array(z.number().int().positive().max(INT32_MAX, `must be ≤ ${INT32_MAX}`)).max(50, 'at most 50 brands').nullish(),
    params: z.array(ParamFilterSchema).max(20, 'at most 20 parameter filters').nullish(),
    package: z.array(z.string().trim().min(1).max(200)).max(50, 'at most 50 packages').nullish(),
    sort: z.enum(['relevance', 'mpn', 'mpnDesc', 'popular']).nullish(),
    pageNum: z.number().int('must be an integer').min(1, 'must be ≥ 1').max(MAX_WINDOW, `must be ≤ ${MAX_WINDOW}`).default(1),
    pageSize: z.number().int('must be an integer').min(1, 'must be ≥ 1').max(MAX_PAGE_SIZE, `must be ≤ ${MAX_PAGE_SIZE}`).default(20),
  })
  .refine((b) => b.pageNum * b.pageSize <= MAX_WINDOW, {
    message: `pageNum × pageSize must be ≤ ${MAX_WINDOW}; refine the search`,
    path: ['pageNum'],
  })
  .openapi('QueryPageRequest');

const SearchItemSchema = z
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
    params: z.array(
      z.object({
        key: z.string(),
        value: z.number().nullable(),
        unit: z.string().nullable(),
        text: z.string().nullable(),
      }),
    ),
  })
  .openapi('SearchItem');

const SearchResultSchema = z
  .object({
    list: z.array(SearchItemSchema),
    total: z.number().int(),
    facets: z.object({
      categories: z.array(
        z.object({
          cateId: z.number().int(),
          cateName: z.string(),
          count: z.number().int(),
        }),
      ),
      brands: z.array(
        z.object({
          brandId: z.number().int(),
          brandName: z.string(),
          count: z.number().int(),
        }),
      ),
      packages: z.array(z.object({ package: z.string(), count: z.number().int() })),
    }),
    didYouMean: z.string().nullable(),
    totalExact: z.boolean().openapi({
      description: 'False when more parts matched than were counted; total is then a lower bound',
    }),
    facetsExact: z.boolean(),
  })
  .openapi('SearchResult');

const SuggestionSchema = z
  .object({
    kind: z.enum(['mpn', 'brand', 'category']),
    text: z.string(),
    href: z.string(),
    sub: z.string().optional(),
  })
  .openapi('Suggestion');

export const searchRoutes = new OpenAPIHono<AppEnv>({
  defaultHook: validationHook,
})
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/products/queryPage',
      tags: ['search'],
      summary:
        'Part search and parametric filter: MPN (exact, prefix, KiCad family, typos), Chinese/English keywords, category, brands, packages, parameter ranges; facets and highlighting',
      request: {
        body: {
          required: true,
          content: { 'application/json': { schema: QueryPageBody } },
        },
      },
      responses: {
        200: {
          description: 'A page of parts with facets',
          content: {
            'application/json': { schema: envelopeOf(SearchResultSchema) },
          },
        },
        503: {
          description: 'The search took too long (50300)',
          content: { 'application/json': { schema: errorEnvelope } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const b = c.req.valid('json');
      const result = await searchProducts(c.var.db, {
        ...(b.keyword ? { keyword: b.keyword } : {}),
        ...(b.cateId ? { cateId: b.cateId } : {}),
        ...(b.brandIds ? { brandIds: b.brandIds } : {}),
        ...(b.params
          ? {
              params: b.params.map((p) => ({
                key: p.key,
                ...(p.values ? { values: p.values } : {}),
                ...(p.min !== undefined ? { min: p.min } : {}),
                ...(p.max !== undefined ? { max: p.max } : {}),
              })),
            }
          : {}),
        ...(b.package ? { package: b.package } : {}),
        ...(b.sort ? { sort: b.sort } : {}),
        pageNum: b.pageNum,
        pageSize: b.pageSize,
        locale: c.var.locale,
      });
      return c.json(ok(result), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/products/suggest',
      tags: ['search'],
      summary: 'Search-box suggestions: part numbers, brands and categories for the typed text',
      request: {
        query: z.object({
          q: z.string().trim().max(MAX_KEYWORD_LENGTH, `at most ${MAX_KEYWORD_LENGTH} characters`).default(''),
          limit: z.coerce.number().int().min(1, 'must be ≥ 1').max(20, 'must be ≤ 20').default(8),
        }),
      },
      responses: {
        200: {
          description: 'Suggestions, best first',
          content: {
            'application/json': {
              schema: envelopeOf(z.array(SuggestionSchema)),
            },
          },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { q, limit } = c.req.valid('query');
      const list = await suggest(c.var.db, q, c.var.locale, limit);
      c.header('Cache-Control', 'private, max-age=60');
      return c.json(ok(list), 200);
    },
  );
