import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { envelopeOf, errorResponses, ok } from '../server/envelope.ts';
import { validationHook } from '../server/validation.ts';
import { categoryName } from './catalog.ts';
import { listCategories } from './catalog.server.ts';

const CategorySchema = z
  .object({
    cateId: z.number().int(),
    cateName: z.string().openapi({ description: "Name in the caller's locale" }),
    cateNameZh: z.string(),
    cateNameEn: z.string(),
    level: z.number().int().min(1).max(3),
    parentId: z.number().int().nullable(),
  })
  .openapi('Category');

export const catalogRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/products/chosenCateTree',
    tags: ['catalogue'],
    summary: 'Categories for the header menu (flat list; level-2 nodes without a level-1 parent are top-level)',
    responses: {
      200: { description: 'Category list', content: { 'application/json': { schema: envelopeOf(z.array(CategorySchema)) } } },
      ...errorResponses,
    },
  }),
  async (c) => {
    const rows = await listCategories(c.var.db);
    const locale = c.var.locale;
    return c.json(
      ok(rows.map((r) => ({ ...r, cateName: categoryName(r, locale), cateNameZh: r.cateName }))),
      200,
    );
  },
);
