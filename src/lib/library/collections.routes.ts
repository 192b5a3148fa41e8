import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { serveWithKicadVariant } from '../kicad-host/kicad-variants.ts';
import { requireUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../server/envelope.ts';
import { validationHook } from '../server/validation.ts';
import {
  addFolder,
  addItem,
  collectState,
  deleteFolder,
  itemState,
  listFolders,
  listItems,
  moveItems,
  removeItems,
  removeTarget,
  updateFolder,
  type Target,
} from './collections.server.ts';
import {
  AddResultSchema,
  CollectItemListSchema,
  FolderAddSchema,
  FolderDelResultSchema,
  FolderDelSchema,
  FolderListSchema,
  FolderSchema,
  FolderUpdateSchema,
  HostAnyListSchema,
  HostDelSchema,
  HostGetResultSchema,
  HostGetSchema,
  HostListSchema,
  HostSaveSchema,
  ProdAddSchema,
  ProdDelResultSchema,
  ProdDelSchema,
  ProdListSchema,
  ProdMoveResultSchema,
  ProdMoveSchema,
  StateResultSchema,
  StateSchema,
} from './collections.schema.ts';

// Issue #16, H1: SPEC §7 Collections (`/api/chiplet/user/collect/*`: folders, parts and modules in
// them, move, the Collect buttons' state) and the KiCad host's Collect (`/api/chiplet/u/collect*`,
// thin handlers over the same functions and rows). All need login; another user's folder or item
// is 40400 like a missing one. Domain work: collections.server.ts.

const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
for (const path of ['/chiplet/user/collect/*', '/chiplet/u/collect', '/chiplet/u/collect/*', '/chiplet/u/kicad/collect', '/chiplet/u/kicad/collect/*']) app.use(path, requireUser);

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const security: Record<string, string[]>[] = [{ XToken: [] }];
const tags = ['collections'];
const hostTags = ['collections', 'kicad host'];
/** What the /u/kicad/collect answers add (serveWithKicadVariant). */
const hostVariant = { differs: 'Each collected part (mfgMpnCode, modules’ parts included) also carries `kicad` (KicadRefs: Library:Name ids, absolute URLs of its previews and of the placement payload).' };
const notFound = { 404: json(errorEnvelope, 'No such folder, item, part or module, or not the caller’s (40400; the same answer either way)') };

/** A target from a body that named exactly one (the schemas' refinement checked it). */
function targetOf(b: { mfgMpnCode?: string | undefined; productId?: number | undefined; moduleId?: number | undefined }): Target {
  if (b.mfgMpnCode !== undefined) return { mfgMpnCode: b.mfgMpnCode };
  if (b.productId !== undefined) return { productId: b.productId };
  return { moduleId: b.moduleId! };
}

// --- SPEC §7 Collections -------------------------------------------------------------------------

app.openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/user/collect/userCate',
    tags,
    security,
    summary: 'My collection folders with their item counts (the default folder first; made on first use)',
    responses: { 200: json(envelopeOf(FolderListSchema), 'The folders'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listFolders(c.var.db, c.var.user.id, c.var.locale)), 200),
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/collect/userCate/add',
    tags,
    security,
    summary: 'Create a folder',
    request: body(FolderAddSchema),
    responses: { 200: json(envelopeOf(FolderSchema), 'The new folder'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await addFolder(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/collect/userCate/update',
    tags,
    security,
    summary: 'Rename a folder or change its place (the default folder keeps its name)',
    request: body(FolderUpdateSchema),
    responses: { 200: json(envelopeOf(FolderSchema), 'The folder'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await updateFolder(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/collect/userCate/del',
    tags,
    security,
    summary: 'Delete a folder; its parts and modules move to the default folder (which cannot be deleted)',
    request: body(FolderDelSchema),
    responses: { 200: json(envelopeOf(FolderDelResultSchema), 'Deleted, with how many items moved'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await deleteFolder(c.var.db, c.var.user.id, c.req.valid('json').id, c.var.locale)), 200),
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/collect/prod',
    tags,
    security,
    summary: 'My collected parts and modules, newest first: one folder or all, keyword, kind, paged',
    request: body(ProdListSchema),
    responses: { 200: json(envelopeOf(CollectItemListSchema), 'A page of items'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await listItems(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/collect/prod/add',
    tags,
    security,
    summary: 'Collect a catalogue part (mfgMpnCode or productId) or a module (moduleId); collecting it again moves it to folderId',
    request: body(ProdAddSchema),
    responses: { 200: json(envelopeOf(AddResultSchema), 'The item'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const b = c.req.valid('json');
    return c.json(ok(await addItem(c.var.db, c.var.user.id, targetOf(b), b.folderId, c.var.locale)), 200);
  },
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/collect/prod/del',
    tags,
    security,
    summary: 'Un-collect items, named by item id or mfgMpnCode',
    request: body(ProdDelSchema),
    responses: { 200: json(envelopeOf(ProdDelResultSchema), 'How many were removed'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await removeItems(c.var.db, c.var.user.id, c.req.valid('json').ids, c.var.locale)), 200),
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/collect/prod/move',
    tags,
    security,
    summary: 'Move items (item ids or mfgMpnCodes) to another of my folders',
    request: body(ProdMoveSchema),
    responses: { 200: json(envelopeOf(ProdMoveResultSchema), 'How many moved'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const b = c.req.valid('json');
    return c.json(ok(await moveItems(c.var.db, c.var.user.id, b.ids, b.folderId, c.var.locale)), 200);
  },
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/collect/state',
    tags,
    security,
    summary: 'Which of these part codes (and module ids) I collected, and in which folder (the Collect buttons)',
    request: body(StateSchema),
    responses: { 200: json(envelopeOf(StateResultSchema), 'Collected ones only'), ...authErrorResponses },
  }),
  async (c) => {
    const b = c.req.valid('json');
    return c.json(ok(await collectState(c.var.db, c.var.user.id, b.codes, b.moduleIds)), 200);
  },
);

// --- SPEC §7 Collect, for the KiCad host -----------------------------------------------------------
// A host of KiCad 9.0.5 or later calls the same paths with /u/kicad/ (SPEC §7 "Kicad variants"):
// each host route is served under both (serveWithKicadVariant), the variant adding KiCad refs
// (Library:Name ids, asset URLs) to every part in its answer.

serveWithKicadVariant(
  app,
  createRoute({
    method: 'post',
    path: '/chiplet/u/collect',
    tags: hostTags,
    security,
    summary: 'My collected components and modules, every folder, newest first, paged',
    request: body(HostAnyListSchema),
    responses: { 200: json(envelopeOf(CollectItemListSchema), 'A page of items'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listItems(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
  hostVariant,
);

serveWithKicadVariant(
  app,
  createRoute({
    method: 'post',
    path: '/chiplet/u/collect/save',
    tags: hostTags,
    security,
    summary: 'Collect a component (mfgMpnCode) or module (moduleId); already collected: kept (or moved to folderId)',
    request: body(HostSaveSchema),
    responses: { 200: json(envelopeOf(AddResultSchema), 'The item'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const b = c.req.valid('json');
    return c.json(ok(await addItem(c.var.db, c.var.user.id, targetOf(b), b.folderId, c.var.locale)), 200);
  },
  hostVariant,
);

serveWithKicadVariant(
  app,
  createRoute({
    method: 'post',
    path: '/chiplet/u/collect/del',
    tags: hostTags,
    security,
    summary: 'Un-collect a component (mfgMpnCode), a module (moduleId) or an item (id)',
    request: body(HostDelSchema),
    responses: { 200: json(envelopeOf(ProdDelResultSchema), 'Removed'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const b = c.req.valid('json');
    const db = c.var.db;
    const result = b.id !== undefined ? await removeItems(db, c.var.user.id, [b.id], c.var.locale) : await removeTarget(db, c.var.user.id, targetOf(b), c.var.locale);
    return c.json(ok(result), 200);
  },
  hostVariant,
);

serveWithKicadVariant(
  app,
  createRoute({
    method: 'post',
    path: '/chiplet/u/collect/get',
    tags: hostTags,
    security,
    summary: 'Whether I collected a component (mfgMpnCode) or module (moduleId), and where',
    request: body(HostGetSchema),
    responses: { 200: json(envelopeOf(HostGetResultSchema), 'The state'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await itemState(c.var.db, c.var.user.id, targetOf(c.req.valid('json')), c.var.locale)), 200),
  hostVariant,
);

serveWithKicadVariant(
  app,
  createRoute({
    method: 'post',
    path: '/chiplet/u/collect/comp',
    tags: hostTags,
    security,
    summary: 'My collected components with their KiCad symbol and footprint (Library:Name), newest first, paged',
    request: body(HostListSchema),
    responses: { 200: json(envelopeOf(CollectItemListSchema), 'A page of components'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listItems(c.var.db, c.var.user.id, { ...c.req.valid('json'), kind: 'part' }, c.var.locale)), 200),
  hostVariant,
);

serveWithKicadVariant(
  app,
  createRoute({
    method: 'post',
    path: '/chiplet/u/collect/mod',
    tags: hostTags,
    security,
    summary: 'My collected modules, newest first, paged',
    request: body(HostListSchema),
    responses: { 200: json(envelopeOf(CollectItemListSchema), 'A page of modules'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listItems(c.var.db, c.var.user.id, { ...c.req.valid('json'), kind: 'module' }, c.var.locale)), 200),
  hostVariant,
);

export { app as collectionsRoutes };
