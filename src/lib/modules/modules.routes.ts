import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { apiMessage, localeFromRequest } from '../server/api-locale.ts';
import type { AppEnv } from '../server/app-env.ts';
import type { Db } from '../server/db/client.server.ts';
import { envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { AppError, Code, httpStatusOf } from '../server/errors.ts';
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
// with the same envelope, validation, locale and error mapping as the main API.

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
const notFound = { 404: { description: 'Unknown id (40400)', content: { 'application/json': { schema: errorEnvelope } } } } as const;
const json = <T extends z.ZodType>(schema: T, description: string) => ({ 200: { description, content: { 'application/json': { schema: envelopeOf(schema) } } }, ...errorResponses });

export type ModuleAppDeps = { db: Db; logger?: Logger };

const openApiInfo = {
  openapi: '3.1.0',
  info: { title: 'Chipedia module API', version: '0.1.0', description: 'Envelope { code, msg, result }; 200000 success, 40000 bad input, 40400 not found.' },
};

export function createModuleApp(deps: ModuleAppDeps) {
  const log = deps.logger ?? rootLogger;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath('/api_module');
  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('db', deps.db);
    c.set('now', () => Math.floor(Date.now() / 1000));
    c.set('locale', localeFromRequest(c.req.header('cookie'), c.req.header('accept-language')));
    c.set('log', log.child({ reqId: c.var.requestId }));
    await next();
    c.var.log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
  });

  const routes = app
    .openapi(
      createRoute({ method: 'get', path: '/moduleCategory/list', tags, summary: 'Module categories with module counts', responses: json(z.array(ModuleCategorySchema), 'Categories') }),
      async (c) => c.json(ok(await listModuleCategories(c.var.db, c.var.locale)), 200),
    )
    .openapi(
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
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/module/allByNameLike',
        tags,
        summary: 'Modules whose name contains `name` (at most 500)',
        request: { query: z.object({ name: Name }) },
        responses: json(z.array(ModuleSchema), 'Modules'),
      }),
      async (c) => c.json(ok(await modulesAllByName(c.var.db, c.req.valid('query').name, c.var.locale)), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/module/detail',
        tags,
        summary: 'One module',
        request: { query: z.object({ id: Id }) },
        responses: { ...json(ModuleSchema, 'Module'), ...notFound },
      }),
      async (c) => c.json(ok(await moduleDetail(c.var.db, c.req.valid('query').id, c.var.locale)), 200),
    )
    .openapi(
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
    )
    .openapi(
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
    );

  routes.doc31('/openapi.json', openApiInfo);

  app.notFound((c) => c.json({ code: Code.notFound, msg: apiMessage('routeNotFound', c.var.locale ?? 'zh', { path: c.req.path }), result: null }, 404));
  app.onError((error, c) => {
    const locale = c.var.locale ?? 'zh';
    if (error instanceof AppError) {
      const msg = error.hint ? `${error.message} (${error.hint})` : error.message;
      return c.json({ code: error.code, msg, result: null }, httpStatusOf(error.code) as 400);
    }
    if (error instanceof HTTPException) {
      const code = error.status === 404 ? Code.notFound : Code.badInput;
      return c.json({ code, msg: error.message || apiMessage('badInput', locale), result: null }, httpStatusOf(code) as 400);
    }
    (c.var.log ?? log).error({ err: error }, 'unhandled error');
    return c.json({ code: Code.internal, msg: apiMessage('internal', locale), result: null }, 500);
  });
  return app;
}

export type ModuleApp = ReturnType<typeof createModuleApp>;
