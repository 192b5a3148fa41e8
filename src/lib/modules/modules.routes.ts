import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiPlumbing } from '../server/api-plumbing.ts';
import type { AppEnv } from '../server/app-env.ts';
import { serveWithKicadVariant } from '../kicad-host/kicad-variants.ts';
import { getConfig } from '../server/config.server.ts';
import { plumb } from '../server/create-app.ts';
import type { Db } from '../server/db/client.server.ts';
import { envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { logger as rootLogger, type Logger } from '../server/logger.server.ts';
import { validationHook } from '../server/validation.ts';
import {
  listModuleCategories,
  moduleDetail,
  modulesAllByName,
  modulesListByCategory,
  modulesPageByCategory,
  modulesPageByName,
} from './modules.server.ts';

// SPEC §7: GET /api_module/moduleCategory/list and /api_module/module/{pageByNameLike,
// allByNameLike, detail, listByCategoryId, pageByCategoryId} with query parameters. /api_module
// sits outside /api, so it has its own small app (mounted by src/pages/api_module/[...path].ts)
// with the main API's plumbing (server/api-plumbing.ts): envelope, validation, locale, input
// guard, security headers and error mapping.

const ModuleCategorySchema = z
  .object({ id: z.number().int(), name: z.string(), nameZh: z.string(), nameEn: z.string(), sort: z.number().int(), moduleCount: z.number().int() })
  .openapi('ModuleCategory');
const ModuleSchema = z
  .object({
    id: z.number().int(),
    categoryId: z.number().int().nullable(),
    name: z.string(),
    nameZh: z.string(),
    nameEn: z.string().nullable(),
    description: z.string().nullable(),
    descriptionZh: z.string().nullable(),
    descriptionEn: z.string().nullable(),
    mfgMpnCode: z.string().nullable(),
    hasSymbol: z.boolean(),
    hasFootprint: z.boolean(),
    source: z.string(),
    licence: z.string(),
  })
  .openapi('Module');
const PageSchema = z.object({ list: z.array(ModuleSchema), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() }).openapi('ModulePage');

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const Paging = {
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const Name = z.string().trim().max(100).default('');
const tags = ['modules'];
/** What the /api_module/kicad/ answers add (serveWithKicadVariant). */
const moduleVariant = {
  differs: 'Each module with a catalogue part (mfgMpnCode) also carries `kicad` (KicadRefs: Library:Name ids of the part’s symbol and footprint, absolute URLs of their previews and of the placement payload).',
};
const notFound = { 404: { description: 'Unknown id (40400)', content: { 'application/json': { schema: errorEnvelope } } } } as const;
const json = <T extends z.ZodType>(schema: T, description: string) => ({ 200: { description, content: { 'application/json': { schema: envelopeOf(schema) } } }, ...errorResponses });

export type ModuleAppDeps = {
  db: Db;
  logger?: Logger;
  /** Origins that may frame us (HOST_ORIGINS); default from the environment. */
  hostOrigins?: readonly string[];
};

const openApiInfo = {
  openapi: '3.1.0',
  info: { title: 'Chipedia module API', version: '0.1.0', description: 'Envelope { code, msg, result }; 200000 success, 40000 bad input, 40400 not found, 41300 too large, 50000 internal, 50300 unavailable.' },
};

export function createModuleApp(deps: ModuleAppDeps) {
  const app = plumb(
    new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath('/api_module'),
    apiPlumbing({
      db: deps.db,
      logger: deps.logger ?? rootLogger,
      hostOrigins: deps.hostOrigins ?? getConfig().HOST_ORIGINS,
      now: () => Math.floor(Date.now() / 1000),
    }),
  );

  // Each route again under /api_module/kicad/ for a KiCad ≥ 9.0.5 host (kicad-host/kicad-variants.ts).
  serveWithKicadVariant(
    app,
    createRoute({ method: 'get', path: '/moduleCategory/list', tags, summary: 'Module categories with module counts', responses: json(z.array(ModuleCategorySchema), 'Categories') }),
    async (c) => c.json(ok(await listModuleCategories(c.var.db, c.var.locale)), 200),
    moduleVariant,
  );
  serveWithKicadVariant(
    app,
    createRoute({
      method: 'get',
      path: '/module/pageByNameLike',
      tags,
      summary: 'Modules whose name (zh or en) contains `name`, one page',
      request: { query: z.object({ name: Name, ...Paging }) },
      responses: json(PageSchema, 'Page'),
    }),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(ok(await modulesPageByName(c.var.db, q.name, q.pageNum, q.pageSize, c.var.locale)), 200);
    },
    moduleVariant,
  );
  serveWithKicadVariant(
    app,
    createRoute({
      method: 'get',
      path: '/module/allByNameLike',
      tags,
      summary: 'Modules whose name contains `name` (at most 500)',
      request: { query: z.object({ name: Name }) },
      responses: json(z.array(ModuleSchema), 'Modules'),
    }),
    async (c) => c.json(ok(await modulesAllByName(c.var.db, c.req.valid('query').name, c.var.locale)), 200),
    moduleVariant,
  );
  serveWithKicadVariant(
    app,
    createRoute({
      method: 'get',
      path: '/module/detail',
      tags,
      summary: 'One module',
      request: { query: z.object({ id: Id }) },
      responses: { ...json(ModuleSchema, 'Module'), ...notFound },
    }),
    async (c) => c.json(ok(await moduleDetail(c.var.db, c.req.valid('query').id, c.var.locale)), 200),
    moduleVariant,
  );
  serveWithKicadVariant(
    app,
    createRoute({
      method: 'get',
      path: '/module/listByCategoryId',
      tags,
      summary: 'Modules of a category (at most 500), optionally filtered by name',
      request: { query: z.object({ categoryId: Id, name: Name }) },
      responses: { ...json(z.array(ModuleSchema), 'Modules'), ...notFound },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(ok(await modulesListByCategory(c.var.db, q.categoryId, c.var.locale, q.name)), 200);
    },
    moduleVariant,
  );
  serveWithKicadVariant(
    app,
    createRoute({
      method: 'get',
      path: '/module/pageByCategoryId',
      tags,
      summary: 'Modules of a category, one page, optionally filtered by name',
      request: { query: z.object({ categoryId: Id, name: Name, ...Paging }) },
      responses: { ...json(PageSchema, 'Page'), ...notFound },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(ok(await modulesPageByCategory(c.var.db, q.categoryId, q.pageNum, q.pageSize, c.var.locale, q.name)), 200);
    },
    moduleVariant,
  );

  app.doc31('/openapi.json', openApiInfo);

  return app;
}

export type ModuleApp = ReturnType<typeof createModuleApp>;
