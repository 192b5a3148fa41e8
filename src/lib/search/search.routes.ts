import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { issueError, QueryPageRequest, SearchResultSchema, SuggestionSchema, SuggestQuery } from './search.schema.ts';
import { searchProducts } from './search.server.ts';
import { suggest } from './suggest.server.ts';

// SPEC §7 Products: POST /api/chiplet/products/queryPage (the search and parametric filter) and
// the search box's suggestions. Validation failures answer 40000 with the field named and the
// problem in the caller's language (the shapes and their messages: search.schema.ts).

export const searchRoutes = new OpenAPIHono<AppEnv>({
  defaultHook: (result, c) => {
    if (!result.success) throw issueError(result.error, c.var.locale ?? 'zh', result.target);
  },
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
          content: { 'application/json': { schema: QueryPageRequest } },
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
      const result = await searchProducts(c.var.db, { ...c.req.valid('json'), locale: c.var.locale });
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
        query: SuggestQuery,
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
