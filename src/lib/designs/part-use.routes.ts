import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { validationHook } from '../server/validation.ts';
import { EcadPageBodySchema, EcadPageSchema, Top200Schema } from './designs.schema.ts';
import { isRankScope, readPartRanks } from './part-rank.server.ts';
import { queryEcadPage } from './part-use.server.ts';

// The part side of designs (issue #14 items 5 and 7): parts with the public designs that use
// them, and the Top200 ranking of parts by use.

export const partUseRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/products/queryEcadPage',
      tags: ['catalogue', 'designs'],
      summary: 'Parts used in public designs, each with a few of those designs (most liked first); filter by part-number prefix and category (any level), sort by use or part number',
      request: { body: { required: true, content: { 'application/json': { schema: EcadPageBodySchema } } } },
      responses: {
        200: { description: 'Parts', content: { 'application/json': { schema: envelopeOf(EcadPageSchema) } } },
        ...errorResponses,
      },
    }),
    async (c) => c.json(ok(await queryEcadPage(c.var.db, c.req.valid('json'), c.var.locale)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/top200',
      tags: ['catalogue', 'designs'],
      summary: "Top200: the most used parts overall ('all') or in one top-level category (its cateId), as of the last hourly refresh, with the counts behind each score and the trend since the refresh before",
      request: { query: z.object({ scope: z.string().trim().max(12).default('all').openapi({ description: "'all' or a top-level category id" }) }) },
      responses: {
        200: { description: 'Ranking', content: { 'application/json': { schema: envelopeOf(Top200Schema) } } },
        404: { description: 'No such top-level category (40400)', content: { 'application/json': { schema: errorEnvelope } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const scope = c.req.valid('query').scope || 'all';
      if (scope !== 'all' && !/^[1-9][0-9]{0,8}$/.test(scope)) throw new AppError(Code.badInput, serverMessage('top200.badScope', c.var.locale, { scope }));
      if (!(await isRankScope(c.var.db, scope))) throw new AppError(Code.notFound, serverMessage('top200.noScope', c.var.locale, { scope }));
      return c.json(ok(await readPartRanks(c.var.db, scope, c.var.locale)), 200);
    },
  );
