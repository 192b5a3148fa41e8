import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { localizePath } from '../i18n/i18n.ts';
import { siteOrigin } from '../seo/origin.server.ts';
import type { AppEnv } from '../server/app-env.ts';
import { envelopeOf, errorResponses, ok } from '../server/envelope.ts';
import { AiLinkSchema, AiProductsSchema, GetLinkQuery, GetProductsQuery, questionError } from './ai-products.schema.ts';
import { answerByRetrieval } from './retrieval.server.ts';
import { aiTools } from './tools.server.ts';

// SPEC §7 AI: GET /api/chiplet/ai/getProducts (the parts the assistant shows for a question, best
// first: the retrieval assistant's own answer, so the list is the same with or without a model)
// and GET /api/chiplet/ai/getLink (the assistant page's absolute address for hosts and the
// launcher). Open to everyone; both are read-only.

export const aiProductsRoutes = new OpenAPIHono<AppEnv>({
  defaultHook: (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      throw questionError(c.var.locale ?? 'zh', issue?.path.length ? issue.path.join('.') : 'question', issue?.message);
    }
  },
})
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/ai/getProducts',
      tags: ['ai'],
      summary: 'The catalogue parts the assistant shows for a question, best first (part numbers, categories and parameter constraints in Chinese or English)',
      request: { query: GetProductsQuery },
      responses: {
        200: {
          description: 'Parts, best first',
          content: {
            'application/json': { schema: envelopeOf(AiProductsSchema) },
          },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { question } = c.req.valid('query');
      const answer = await answerByRetrieval(
        {
          db: c.var.db,
          locale: c.var.locale,
          userId: null,
          design: null,
          signal: c.req.raw.signal,
        },
        question,
        aiTools(),
      );
      const list = answer.parts.map((p) => ({
        mfgMpnCode: p.mfgMpnCode,
        mpn: p.mpn,
        brandName: p.brandName,
        cateName: p.cateName,
        package: p.package,
        params: p.params,
      }));
      c.header('Cache-Control', 'private, max-age=60');
      return c.json(ok({ list, answer: answer.markdown }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/ai/getLink',
      tags: ['ai'],
      summary: "The assistant page's absolute address (/aiChat, or /ecadViewer/ai with for=ecad), in the caller's language",
      request: { query: GetLinkQuery },
      responses: {
        200: {
          description: 'The address',
          content: { 'application/json': { schema: envelopeOf(AiLinkSchema) } },
        },
        ...errorResponses,
      },
    }),
    (c) => {
      const { for: origin } = c.req.valid('query');
      const path = localizePath(origin === 'ecad' ? '/ecadViewer/ai' : '/aiChat', c.var.locale);
      return c.json(ok({ url: `${siteOrigin(new URL(c.req.url))}${path}` }), 200);
    },
  );
