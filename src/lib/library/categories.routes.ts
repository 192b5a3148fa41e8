import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { serveWithKicadVariant } from '../kicad-host/kicad-variants.ts';
import { requireUser } from '../server/auth.server.ts';
import { throttleByIp } from '../server/client-key.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { createRateLimit } from '../server/rate-limit.server.ts';
import { validationHook } from '../server/validation.ts';
import {
  DeletedSchema,
  IdBodySchema,
  ItemListSchema,
  ListBodySchema,
  OpenBodySchema,
  OpenResultSchema,
  RelateBodySchema,
  RelateResultSchema,
  SaveBodySchema,
  SavedSchema,
  SharedQuerySchema,
  SharedSchema,
  TreeBodySchema,
  TreeSchema,
  UnrelateBodySchema,
  UnrelateResultSchema,
} from './categories.schema.ts';
import { categoryTree, deleteCategory, listCategoryItems, openCategory, readSharedCategory, relate, saveCategory, unrelate } from './categories.server.ts';

// Issue #16, H2 (own categories, SPEC §7 User data u/cate*, relate/*), all under /api/chiplet.
// Every write and every own read needs the X-token (requireUser on each route, never a wildcard:
// other library modules share the /chiplet/u/ prefix). The one call open without login is
// u/cate/shared, which reads a shared category by its token and can change nothing.

export const categoriesRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const tags = ['library'];
const security: Record<string, string[]>[] = [{ XToken: [] }];
const notFound = { 404: json(errorEnvelope, 'No such category (or link, part, own component), or not the caller’s (40400)') };

/** Share-page reads per IP: a visitor paging never comes near; a token guesser does. */
export const SHARED_THROTTLE = { max: 120, windowMs: 60_000 };
const sharedThrottle = createRateLimit('library:shared-category', SHARED_THROTTLE);

serveWithKicadVariant(categoriesRoutes, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/cate',
    tags,
    security,
    middleware: [requireUser] as const,
    summary: 'The caller’s own category tree of one scope, three levels, with link counts and share state',
    request: { body: { content: { 'application/json': { schema: TreeBodySchema } }, required: false } },
    responses: { 200: json(envelopeOf(TreeSchema), 'The tree'), ...authErrorResponses },
  }),
  // The body is optional (a bare POST reads the 'part' tree); when sent, it is validated.
  async (c) => {
    const parsed = (c.req.valid('json') as { scope?: 'part' | 'block' } | undefined) ?? {};
    return c.json(ok(await categoryTree(c.var.db, c.var.user.id, parsed.scope ?? 'part')), 200);
  },
  { differs: 'Each catalogue part (mfgMpnCode) and own component linked in the answer also carries `kicad` (KicadRefs); an answer of categories alone is unchanged.' },
);

serveWithKicadVariant(categoriesRoutes, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/cate/save',
    tags,
    security,
    middleware: [requireUser] as const,
    summary: 'Create a category (no id) or rename / move / re-sort one (id); three levels at most, sibling names unique',
    request: body(SaveBodySchema),
    responses: { 200: json(envelopeOf(SavedSchema), 'The saved category'), ...notFound, ...authErrorResponses },
  }),
  async (c) => c.json(ok(await saveCategory(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
  { differs: 'Each catalogue part (mfgMpnCode) and own component linked in the answer also carries `kicad` (KicadRefs); an answer of categories alone is unchanged.' },
);

serveWithKicadVariant(categoriesRoutes, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/cate/del',
    tags,
    security,
    middleware: [requireUser] as const,
    summary: 'Delete a category and everything below it; the parts and own components it held are never deleted, only their links',
    request: body(IdBodySchema),
    responses: { 200: json(envelopeOf(DeletedSchema), 'What went'), ...notFound, ...authErrorResponses },
  }),
  async (c) => c.json(ok(await deleteCategory(c.var.db, c.var.user.id, c.req.valid('json').id, c.var.locale)), 200),
  { differs: 'Each catalogue part (mfgMpnCode) and own component linked in the answer also carries `kicad` (KicadRefs); an answer of categories alone is unchanged.' },
);

serveWithKicadVariant(categoriesRoutes, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/cate/open',
    tags,
    security,
    middleware: [requireUser] as const,
    summary: 'Share a category read-only by link (open: true, a random token) or stop sharing (open: false)',
    request: body(OpenBodySchema),
    responses: { 200: json(envelopeOf(OpenResultSchema), 'The share state'), ...notFound, ...authErrorResponses },
  }),
  async (c) => {
    const { id, open } = c.req.valid('json');
    return c.json(ok(await openCategory(c.var.db, c.var.user.id, id, open, c.var.locale)), 200);
  },
  { differs: 'Each catalogue part (mfgMpnCode) and own component linked in the answer also carries `kicad` (KicadRefs); an answer of categories alone is unchanged.' },
);

serveWithKicadVariant(categoriesRoutes, 
  createRoute({
    method: 'get',
    path: '/chiplet/u/cate/shared',
    tags,
    summary: 'A shared category, read-only and without login: its tree and what it holds (paged)',
    request: { query: SharedQuerySchema },
    responses: { 200: json(envelopeOf(SharedSchema), 'The shared category'), 404: json(errorEnvelope, 'Unknown or withdrawn token (40400)'), ...errorResponses },
  }),
  async (c) => {
    await throttleByIp(c, sharedThrottle);
    return c.json(ok(await readSharedCategory(c.var.db, c.req.valid('query'), c.var.locale)), 200);
  },
  { differs: 'Each catalogue part (mfgMpnCode) and own component linked in the answer also carries `kicad` (KicadRefs); an answer of categories alone is unchanged.' },
);

categoriesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/u/relate/cate',
    tags,
    security,
    middleware: [requireUser] as const,
    summary: 'Put catalogue parts (mfgMpnCodes or productIds) and own components into a category; all or nothing',
    request: body(RelateBodySchema),
    responses: { 200: json(envelopeOf(RelateResultSchema), 'Links made'), ...notFound, ...authErrorResponses },
  }),
  async (c) => c.json(ok(await relate(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
);

categoriesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/u/relate/c',
    tags,
    security,
    middleware: [requireUser] as const,
    summary: 'What a category holds, newest first, paged; optionally with its descendants and a keyword',
    request: body(ListBodySchema),
    responses: { 200: json(envelopeOf(ItemListSchema), 'A page of linked parts and components'), ...notFound, ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listCategoryItems(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
);

categoriesRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/u/relate/cate/del',
    tags,
    security,
    middleware: [requireUser] as const,
    summary: 'Take parts, own components or links out of a category (they are not deleted)',
    request: body(UnrelateBodySchema),
    responses: { 200: json(envelopeOf(UnrelateResultSchema), 'Links removed'), ...notFound, ...authErrorResponses },
  }),
  async (c) => c.json(ok(await unrelate(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
);
