import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { SVG_CSP } from '../server/security-headers.ts';
import type { Context } from 'hono';
import { fileResponse } from '../files/file-response.ts';
import { getFileStore } from '../files/file-store.server.ts';
import { contentDisposition } from '../files/file-store.ts';
import type { AppEnv } from '../server/app-env.ts';
import { serveWithKicadVariant } from '../kicad-host/kicad-variants.ts';
import { requireUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { en } from '../server/messages/en.ts';
import { fillMessage, serverMessage } from '../server/messages/server-message.ts';
import { zh } from '../server/messages/zh.ts';
import { declareBodyLimit } from '../server/request-guard.ts';
import { RowId, validationHook } from '../server/validation.ts';
import { footprintPreview, modelPreview, symbolPreview, uploadAssets, type Preview, type UploadedAsset } from './assets.server.ts';
import {
  ComponentDetailSchema,
  ComponentIdBodySchema,
  ComponentIdQuerySchema,
  ComponentListQuerySchema,
  ComponentListSchema,
  ComponentSaveSchema,
  ParamKeysQuerySchema,
  ParamKeysSchema,
  UploadQuerySchema,
  UploadResultSchema,
} from './components.schema.ts';
import { assertOwnComponent, attachUploads, componentAssets, componentZip, deleteComponent, getComponent, listComponents, ownedAsset, paramKeys, saveComponent } from './components.server.ts';
import { LIBRARY_LIMITS } from './library.ts';

// Issue #16, H4: own components and their assets (SPEC §7 u/comp*, u/asset/upload/list) under
// /api/chiplet/u: the caller's list, save (with the cross-asset check), delete, one, uploads,
// previews (symbol and footprint SVG, the 3D mesh), the KiCad zip and the parameter keys. Every
// call is the caller's own: someone else's component or file is 40400 like a missing one.

const UPLOAD_PATH = '/chiplet/u/asset/upload/list';
const MB = 1024 * 1024;
/** One file at the asset limit plus the multipart envelope: a 100 MB body is refused on its Content-Length. */
export const UPLOAD_BODY_LIMIT = LIBRARY_LIMITS.assetMaxBytes + MB;
declareBodyLimit(`/api${UPLOAD_PATH}`, UPLOAD_BODY_LIMIT, {
  zh: fillMessage(zh['components.upload.bodyTooLarge'], { megabytes: UPLOAD_BODY_LIMIT / MB }),
  en: fillMessage(en['components.upload.bodyTooLarge'], { megabytes: UPLOAD_BODY_LIMIT / MB }),
});

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const tags = ['library'];
const security: Record<string, string[]>[] = [{ XToken: [] }];
const notFound = { 404: json(errorEnvelope, 'No such component or file, or not the caller’s (40400)') };
const svgOk = { 200: { description: 'image/svg+xml', content: { 'image/svg+xml': { schema: z.string() } } } };

type C = Context<AppEnv>;
const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
for (const path of ['/chiplet/u/comp', '/chiplet/u/comp/*', '/chiplet/u/kicad/comp', '/chiplet/u/kicad/comp/*', '/chiplet/u/asset/*']) app.use(path, requireUser);

serveWithKicadVariant(app, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/comp',
    tags,
    security,
    summary: 'The caller’s own components, newest change first: search, own-category and quality filters',
    request: body(ComponentListQuerySchema),
    responses: { 200: json(envelopeOf(ComponentListSchema), 'A page of components'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await listComponents(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
  { differs: 'Each own component in the answer also carries `kicad` (KicadRefs: Library:Name ids as its KiCad zip names them, URLs of its previews, which need the X-token, and of the placement payload).', components: 'summary' },
);

serveWithKicadVariant(app, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/comp/save',
    tags,
    security,
    summary: 'Create or change an own component; runs the cross-asset check and stores it',
    description: "Asking for status 'ready' while the check finds an error saves the component as 'draft' and answers readyRefused with the errors (msg says so too).",
    request: body(ComponentSaveSchema),
    responses: { 200: json(envelopeOf(ComponentDetailSchema), 'The component after the save'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const detail = await saveComponent(c.var.db, getFileStore(), c.var.user.id, c.req.valid('json'), c.var.locale);
    return c.json(ok(detail, detail.readyRefused?.msg ?? 'success'), 200);
  },
  { differs: 'Each own component in the answer also carries `kicad` (KicadRefs: Library:Name ids as its KiCad zip names them, URLs of its previews, which need the X-token, and of the placement payload).', components: 'summary' },
);

serveWithKicadVariant(app, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/comp/del',
    tags,
    security,
    summary: 'Delete an own component and release its files',
    request: body(ComponentIdBodySchema),
    responses: { 200: json(envelopeOf(z.object({ id: z.number().int() })), 'Deleted'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await deleteComponent(c.var.db, getFileStore(), c.var.user.id, c.req.valid('json').id, c.var.locale)), 200),
  { differs: 'Each own component in the answer also carries `kicad` (KicadRefs: Library:Name ids as its KiCad zip names them, URLs of its previews, which need the X-token, and of the placement payload).', components: 'summary' },
);

serveWithKicadVariant(app, 
  createRoute({
    method: 'get',
    path: '/chiplet/u/comp/one',
    tags,
    security,
    summary: 'One own component: fields, parameters, assets, the check’s findings in plain sentences, preview and download addresses',
    request: { query: ComponentIdQuerySchema },
    responses: { 200: json(envelopeOf(ComponentDetailSchema), 'The component'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await getComponent(c.var.db, c.var.user.id, c.req.valid('query').userCompId, c.var.locale)), 200),
  { differs: 'Each own component in the answer also carries `kicad` (KicadRefs: Library:Name ids as its KiCad zip names them, URLs of its previews, which need the X-token, and of the placement payload).', components: 'summary' },
);

serveWithKicadVariant(app, 
  createRoute({
    method: 'get',
    path: '/chiplet/u/comp/params',
    tags,
    security,
    summary: 'Parameter keys an own component may state, with their units; a catalogue category’s own keys first',
    request: { query: ParamKeysQuerySchema },
    responses: { 200: json(envelopeOf(ParamKeysSchema), 'The keys'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await paramKeys(c.var.db, c.req.valid('query').cateId, c.var.locale)), 200),
  { differs: 'Each own component in the answer also carries `kicad` (KicadRefs: Library:Name ids as its KiCad zip names them, URLs of its previews, which need the X-token, and of the placement payload).', components: 'summary' },
);

/** Owner-only SVG: revalidated by ETag each time, never shared by caches. */
async function svgResponse(c: C, preview: Preview) {
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'private, no-cache',
    ETag: preview.etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': SVG_CSP,
  };
  if (c.req.header('if-none-match') === preview.etag) return c.body(null, 304, headers);
  return c.body(new Uint8Array(await preview.load()), 200, headers);
}

/** v, f, s: version tags of the files shown (cache busting only; the server reads the current ones). */
const PreviewQuery = ComponentIdQuerySchema.extend({ v: z.string().max(100).optional(), f: z.string().max(100).optional(), s: z.string().max(300).optional() });

serveWithKicadVariant(app, 
  createRoute({
    method: 'get',
    path: '/chiplet/u/comp/symbolSvg',
    tags,
    security,
    summary: 'The component’s symbol drawn as KiCad does (SVG)',
    request: { query: PreviewQuery },
    responses: { ...svgOk, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const locale = c.var.locale;
    const { row, slots } = await componentAssets(c.var.db, c.var.user.id, c.req.valid('query').userCompId, locale);
    if (!slots.symbol) throw new AppError(Code.notFound, serverMessage('components.preview.noSymbol', locale));
    return svgResponse(c, symbolPreview(getFileStore(), slots.symbol, row.symbolName, locale)) as never;
  },
  { differs: 'Each own component in the answer also carries `kicad` (KicadRefs: Library:Name ids as its KiCad zip names them, URLs of its previews, which need the X-token, and of the placement payload).', components: 'summary' },
);

serveWithKicadVariant(app, 
  createRoute({
    method: 'get',
    path: '/chiplet/u/comp/footprintSvg',
    tags,
    security,
    summary: 'The component’s footprint drawn as KiCad does (SVG)',
    request: { query: PreviewQuery },
    responses: { ...svgOk, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const locale = c.var.locale;
    const { slots } = await componentAssets(c.var.db, c.var.user.id, c.req.valid('query').userCompId, locale);
    if (!slots.footprint) throw new AppError(Code.notFound, serverMessage('components.preview.noFootprint', locale));
    return svgResponse(c, footprintPreview(getFileStore(), slots.footprint, locale)) as never;
  },
  { differs: 'Each own component in the answer also carries `kicad` (KicadRefs: Library:Name ids as its KiCad zip names them, URLs of its previews, which need the X-token, and of the placement payload).', components: 'summary' },
);

serveWithKicadVariant(app, 
  createRoute({
    method: 'get',
    path: '/chiplet/u/comp/model3d',
    tags,
    security,
    summary: 'The 3D preview: the VRML model placed as the footprint says, on a board of its pads (CPM1 mesh, gzip)',
    request: { query: PreviewQuery },
    responses: { 200: { description: 'CPM1 mesh (src/lib/viewer3d/mesh-format.ts)', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } }, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const locale = c.var.locale;
    const { slots } = await componentAssets(c.var.db, c.var.user.id, c.req.valid('query').userCompId, locale);
    if (!slots.model3d) throw new AppError(Code.notFound, serverMessage('components.preview.noModel', locale));
    const { gzip, etag } = await modelPreview(getFileStore(), slots.model3d, slots.footprint, locale);
    const headers = { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'private, no-cache', ETag: etag, 'X-Content-Type-Options': 'nosniff', 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers) as never;
    return c.body(new Uint8Array(gzip), 200, headers) as never;
  },
  { differs: 'Each own component in the answer also carries `kicad` (KicadRefs: Library:Name ids as its KiCad zip names them, URLs of its previews, which need the X-token, and of the placement payload).', components: 'summary' },
);

serveWithKicadVariant(app, 
  createRoute({
    method: 'get',
    path: '/chiplet/u/comp/download',
    tags,
    security,
    summary: 'The component as the catalogue’s KiCad zip: symbol library, .pretty footprint, 3D model, a note on the source',
    request: { query: ComponentIdQuerySchema },
    responses: { 200: { description: 'ZIP archive', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } }, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const { fileName, zip } = await componentZip(c.var.db, getFileStore(), c.var.user.id, c.req.valid('query').userCompId, c.var.locale);
    const headers = {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(fileName),
      'Cache-Control': 'private, no-store',
      'Content-Length': String(zip.size),
    };
    return c.body(new Blob(zip.chunks as Uint8Array<ArrayBuffer>[]).stream(), 200, headers) as never;
  },
  { differs: 'Each own component in the answer also carries `kicad` (KicadRefs: Library:Name ids as its KiCad zip names them, URLs of its previews, which need the X-token, and of the placement payload).', components: 'summary' },
);

app.openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/u/asset/file',
    tags,
    security,
    summary: 'One of the caller’s uploaded files, as an attachment (a PDF datasheet opens inline)',
    request: { query: z.object({ id: RowId }) },
    responses: { 200: { description: 'The file' }, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const locale = c.var.locale;
    const asset = await ownedAsset(c.var.db, c.var.user.id, c.req.valid('query').id, locale);
    const pdf = asset.format === 'pdf';
    const res = await fileResponse(
      getFileStore(),
      { key: asset.fileKey, contentType: pdf ? 'application/pdf' : 'text/plain', filename: asset.fileName, disposition: pdf ? 'inline' : 'attachment', cacheControl: 'private, max-age=0, must-revalidate' },
      c.req,
    );
    if (!res) throw new AppError(Code.notFound, serverMessage('components.assetNotFound', locale, { id: asset.id }));
    return res as never;
  },
);

const UploadForm = z.object({
  file: z.any().openapi({ type: 'string', format: 'binary', description: `Repeated, at most ${LIBRARY_LIMITS.assetsPerUpload}: .kicad_sym, .kicad_mod, .wrl, .step, .pdf; each at most ${LIBRARY_LIMITS.assetMaxBytes / MB} MB` }),
});

function blobsOf(value: unknown): Blob[] {
  const list = Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
  return list.filter((v): v is Blob => v instanceof Blob);
}

app.openapi(
  createRoute({
    method: 'post',
    path: UPLOAD_PATH,
    tags,
    security,
    summary: 'Upload a component’s KiCad files: each recognised from its name and bytes, stored, or refused with its reason',
    request: { query: UploadQuerySchema, body: { content: { 'multipart/form-data': { schema: UploadForm } }, required: true } },
    responses: {
      200: json(envelopeOf(UploadResultSchema), 'Per file: the stored asset, or why it was refused'),
      413: json(errorEnvelope, `A body larger than ${UPLOAD_BODY_LIMIT / MB} MB (41300); nothing stored`),
      ...authErrorResponses,
      ...notFound,
    },
  }),
  async (c) => {
    const locale = c.var.locale;
    const { userCompId } = c.req.valid('query');
    const blobs = blobsOf(c.req.valid('form').file);
    if (blobs.length === 0) throw new AppError(Code.badInput, serverMessage('components.upload.none', locale));
    if (blobs.length > LIBRARY_LIMITS.assetsPerUpload) throw new AppError(Code.badInput, serverMessage('components.upload.tooManyFiles', locale, { max: LIBRARY_LIMITS.assetsPerUpload, count: blobs.length }));
    const db = c.var.db;
    const userId = c.var.user.id;
    if (userCompId !== undefined) await assertOwnComponent(db, userId, userCompId, locale);
    const files = blobs.map((blob, i) => ({ blob, name: blob instanceof File && blob.name ? blob.name : `file-${i + 1}` }));
    const list = await uploadAssets(db, getFileStore(), { ownerId: userId, files, componentId: userCompId ?? null, locale });
    const stored = list.filter((a): a is UploadedAsset => a.ok);
    const component = userCompId !== undefined && stored.length > 0 ? await attachUploads(db, getFileStore(), userId, userCompId, stored, locale) : null;
    const answer = list.map((a) => (a.ok ? { ...a, info: a.info as Record<string, unknown>, url: `/api/chiplet/u/asset/file?id=${a.id}` } : a));
    return c.json(ok({ list: answer, component }), 200);
  },
);

export { app as componentsRoutes };
