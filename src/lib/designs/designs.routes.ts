import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { fileResponse } from '../files/file-response.ts';
import { getFileStore } from '../files/file-store.server.ts';
import { sharedWorkerPool } from '../jobs/worker-pool.server.ts';
import type { AppEnv } from '../server/app-env.ts';
import { callerOf, optionalUser, requireUser } from '../server/auth.server.ts';
import { callerKey, throttleByIp } from '../server/client-key.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { en } from '../server/messages/en.ts';
import { fillMessage, serverMessage } from '../server/messages/server-message.ts';
import { zh } from '../server/messages/zh.ts';
import { createRateLimit } from '../server/rate-limit.server.ts';
import { declareBodyLimit } from '../server/request-guard.ts';
import { validationHook } from '../server/validation.ts';
import { DESIGN_READ_LIMITS } from '../viewer/design-read.ts';
import { uploadDesign } from '../viewer/viewer-upload.server.ts';
import { DesignIdSchema } from '../viewer/viewer.schema.ts';
import { queueDesignAnalysis } from './design-analysis.server.ts';
import {
  countVisit,
  deleteDesign,
  designCover,
  designFile,
  designsUsingPart,
  designToBom,
  getDesign,
  listLikedDesigns,
  listOwnDesigns,
  listPublicDesigns,
  toggleLike,
  updateDesign,
  type Viewer,
} from './designs.server.ts';
import { splitTags } from './designs.ts';
import {
  DeleteResultSchema,
  DesignCreateFieldsSchema,
  DesignDetailSchema,
  DesignIdBodySchema,
  DesignListSchema,
  DesignsByPartQuerySchema,
  DesignUpdateSchema,
  GalleryQuerySchema,
  LikedDesignsQuerySchema,
  LikeResultSchema,
  OwnDesignsQuerySchema,
  ToBomResultSchema,
  VisitResultSchema,
} from './designs.schema.ts';

// SPEC §7 "Design drawings" (issue #14) under /api/design: the caller's stored designs (create,
// edit, delete, list), the public gallery, likes and visits, one design with its files and cover,
// designs using a part, and a design's BOM sent to the BOM tool. Domain work: designs.server.ts.

const CREATE_PATH = '/design/user';
const MB = 1024 * 1024;
// As for the viewer's upload: one file may reach the design limit; the multipart envelope adds the rest.
const BODY_LIMIT = DESIGN_READ_LIMITS.maxFileBytes + MB;
declareBodyLimit(`/api${CREATE_PATH}`, BODY_LIMIT, {
  zh: fillMessage(zh['viewer.bodyTooLarge'], { megabytes: BODY_LIMIT / MB }),
  en: fillMessage(en['viewer.bodyTooLarge'], { megabytes: BODY_LIMIT / MB }),
});

/** Visit calls per IP: a person opening designs never comes near; a counter pump does. */
export const VISIT_THROTTLE = { max: 120, windowMs: 60_000 };
const visitThrottle = createRateLimit('designs:visit', VISIT_THROTTLE);

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const tags = ['designs'];
const security: Record<string, string[]>[] = [{ XToken: [] }];
const notFound = { 404: json(errorEnvelope, 'No such design, or not public and not the caller’s (40400)') };

type C = Context<AppEnv>;
const viewerOf = (c: C): Viewer => ({ userId: callerOf(c)?.id ?? null, locale: c.var.locale });

const CreateForm = DesignCreateFieldsSchema.extend({
  file: z.any().openapi({ type: 'string', format: 'binary', description: 'Repeated: .kicad_pro, .kicad_sch, .kicad_pcb files, or one .zip holding a project; each at most 50 MB' }),
});

function blobsOf(value: unknown): Blob[] {
  const list = Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
  return list.filter((v): v is Blob => v instanceof Blob);
}
const nameOf = (b: Blob, fallback: string) => (b instanceof File && b.name ? b.name : fallback);

const designsApp = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
for (const path of ['/design/user', '/design/user/*', '/design/incrLikeCount', '/design/liked/*']) designsApp.use(path, requireUser);
for (const path of ['/design/all', '/design/detail', '/design/file', '/design/cover', '/design/byPart', '/design/incrVisitCount']) designsApp.use(path, optionalUser);

designsApp.openapi(
  createRoute({
    method: 'get',
    path: '/design/user/page',
    tags,
    security,
    summary: 'The caller’s designs, any visibility, newest first',
    request: { query: OwnDesignsQuerySchema },
    responses: { 200: json(envelopeOf(DesignListSchema), 'A page of designs'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listOwnDesigns(c.var.db, c.var.user.id, c.req.valid('query'), c.var.locale)), 200),
);

designsApp.openapi(
  createRoute({
    method: 'post',
    path: CREATE_PATH,
    tags,
    security,
    summary: 'Store a KiCad project as a design (files or one zip, plus title, description, tags, licence, visibility); analysed in the background',
    description: 'A project whose files are found but do not parse is stored with analysis "failed" and the reason, not refused.',
    request: { body: { content: { 'multipart/form-data': { schema: CreateForm } }, required: true } },
    responses: {
      200: json(envelopeOf(DesignDetailSchema), 'The stored design (analysis "pending" until the background analysis ends)'),
      413: json(errorEnvelope, 'A file larger than 50 MB, or an archive expanding beyond its limits (41300)'),
      ...authErrorResponses,
    },
  }),
  async (c) => {
    const form = c.req.valid('form');
    const locale = c.var.locale;
    const blobs = blobsOf(form.file);
    if (blobs.length === 0) throw new AppError(Code.badInput, serverMessage('viewer.fileMissing', locale));
    const fields: NonNullable<Parameters<typeof uploadDesign>[3]['fields']> = {};
    if (form.title !== undefined) fields.title = form.title;
    if (form.description !== undefined) fields.description = form.description;
    if (form.tags !== undefined) fields.tags = splitTags(form.tags);
    if (form.licence !== undefined) fields.licence = form.licence;
    if (form.visibility !== undefined) fields.visibility = form.visibility;
    if (form.visibility === 'public') fields.publishedAt = new Date(c.var.now() * 1000);
    const stored = await uploadDesign(c.var.db, getFileStore(), sharedWorkerPool(), {
      uploads: blobs.map((blob, i) => ({ blob, name: nameOf(blob, `file-${i + 1}`) })),
      ownerId: c.var.user.id,
      locale,
      signal: c.req.raw.signal,
      keepUnreadable: true,
      fields,
    });
    if (!stored.unreadable) queueDesignAnalysis(c.var.db, stored.designId);
    return c.json(ok(await getDesign(c.var.db, stored.designId, { userId: c.var.user.id, locale })), 200);
  },
);

designsApp.openapi(
  createRoute({
    method: 'put',
    path: '/design/user',
    tags,
    security,
    summary: 'Change the caller’s design: title, description, tags, licence, visibility',
    request: body(DesignUpdateSchema),
    responses: { 200: json(envelopeOf(DesignDetailSchema), 'The design after the change'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await updateDesign(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
);

designsApp.openapi(
  createRoute({
    method: 'delete',
    path: '/design/user',
    tags,
    security,
    summary: 'Delete the caller’s design and its files',
    request: { query: z.object({ id: DesignIdSchema }) },
    responses: { 200: json(envelopeOf(DeleteResultSchema), 'Deleted'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await deleteDesign(c.var.db, getFileStore(), c.var.user.id, c.req.valid('query').id, c.var.locale)), 200),
);

designsApp.openapi(
  createRoute({
    method: 'post',
    path: '/design/user/toBom',
    tags,
    security,
    summary: 'Send a design’s BOM (the caller’s or a public one) to the BOM tool as a new BOM',
    request: body(DesignIdBodySchema),
    responses: { 200: json(envelopeOf(ToBomResultSchema), 'The new BOM; map its columns at /bomHead/{bomId}'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const { id } = c.req.valid('json');
    const result = await designToBom(c.var.db, getFileStore(), sharedWorkerPool(), c.var.user.id, id, c.var.locale, new Date(c.var.now() * 1000));
    return c.json(ok(result), 200);
  },
);

designsApp.openapi(
  createRoute({
    method: 'get',
    path: '/design/all',
    tags,
    summary: 'Public designs: search by title/description/tag words, an exact tag or a part number; newest, likes, visits or Top100 score',
    request: { query: GalleryQuerySchema },
    responses: { 200: json(envelopeOf(DesignListSchema), 'A page of public designs'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listPublicDesigns(c.var.db, c.req.valid('query'), viewerOf(c))), 200),
);

designsApp.openapi(
  createRoute({
    method: 'get',
    path: '/design/liked/page',
    tags,
    security,
    summary: 'Designs the caller liked, newest like first',
    request: { query: LikedDesignsQuerySchema },
    responses: { 200: json(envelopeOf(DesignListSchema), 'A page of designs'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listLikedDesigns(c.var.db, c.var.user.id, c.req.valid('query'), c.var.locale)), 200),
);

designsApp.openapi(
  createRoute({
    method: 'get',
    path: '/design/byPart',
    tags,
    summary: 'Public designs whose BOM uses a catalogue part (exact match), most liked first',
    request: { query: DesignsByPartQuerySchema },
    responses: { 200: json(envelopeOf(DesignListSchema), 'A page of public designs'), ...authErrorResponses },
  }),
  async (c) => {
    const { mfgMpnCode, pageNum, pageSize } = c.req.valid('query');
    return c.json(ok(await designsUsingPart(c.var.db, mfgMpnCode, { pageNum, pageSize }, viewerOf(c))), 200);
  },
);

designsApp.openapi(
  createRoute({
    method: 'get',
    path: '/design/detail',
    tags,
    summary: 'One design (public, or the caller’s): card fields, files, BOM with matched parts',
    request: { query: z.object({ id: DesignIdSchema }) },
    responses: { 200: json(envelopeOf(DesignDetailSchema), 'The design'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await getDesign(c.var.db, c.req.valid('query').id, viewerOf(c))), 200),
);

designsApp.openapi(
  createRoute({
    method: 'get',
    path: '/design/file',
    tags,
    summary: 'The bytes of one of a design’s files (public, or the caller’s), as an attachment',
    request: { query: z.object({ id: DesignIdSchema, name: z.string().min(1).max(1000) }) },
    responses: { 200: { description: 'The file' }, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const { id, name } = c.req.valid('query');
    const viewer = viewerOf(c);
    const f = await designFile(c.var.db, id, name, viewer);
    const res = await fileResponse(
      getFileStore(),
      {
        key: f.key,
        contentType: f.kind === 'document' ? (documentTypeOf(f.name) ?? 'application/octet-stream') : 'text/plain',
        filename: f.name,
        disposition: 'attachment',
        cacheControl: 'private, max-age=0, must-revalidate',
      },
      c.req,
    );
    if (!res) throw new AppError(Code.notFound, serverMessage('design.fileNotFound', viewer.locale, { name: f.name.slice(0, 200) }));
    return res as never;
  },
);

const DOC_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', txt: 'text/plain', md: 'text/plain' };
const documentTypeOf = (name: string) => DOC_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()];

/** The cover is our own SVG, but still served so that nothing in it can run or load. */
export const COVER_CSP = "default-src 'none'; style-src 'unsafe-inline'";

designsApp.openapi(
  createRoute({
    method: 'get',
    path: '/design/cover',
    tags,
    summary: 'A design’s cover (SVG of the board or root sheet), cacheable by its content key',
    request: { query: z.object({ id: DesignIdSchema, v: z.string().max(64).optional() }) },
    responses: { 200: { description: 'image/svg+xml' }, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const viewer = viewerOf(c);
    const cover = await designCover(c.var.db, c.req.valid('query').id, viewer);
    const res = await fileResponse(
      getFileStore(),
      {
        key: cover.key,
        contentType: 'image/svg+xml',
        filename: 'cover.svg',
        disposition: 'inline',
        // The address carries the key (v=), so a public cover may be kept; a private one only by its owner's browser.
        cacheControl: cover.public ? 'public, max-age=86400' : 'private, max-age=86400',
      },
      c.req,
    );
    if (!res) throw new AppError(Code.notFound, serverMessage('design.noCover', viewer.locale));
    if (res.status !== 304) res.headers.set('Content-Type', 'image/svg+xml');
    res.headers.set('Content-Security-Policy', COVER_CSP);
    return res as never;
  },
);

designsApp.openapi(
  createRoute({
    method: 'post',
    path: '/design/incrLikeCount',
    tags,
    security,
    summary: 'Like a design, or take the like back (one per user per design)',
    request: body(DesignIdBodySchema),
    responses: { 200: json(envelopeOf(LikeResultSchema), 'Whether the caller now likes it, and the count'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await toggleLike(c.var.db, c.req.valid('json').id, c.var.user.id, c.var.locale)), 200),
);

designsApp.openapi(
  createRoute({
    method: 'post',
    path: '/design/incrVisitCount',
    tags,
    summary: 'Count a visit: once per visitor (user, else client) per design per day; throttled per IP',
    request: body(DesignIdBodySchema),
    responses: {
      200: json(envelopeOf(VisitResultSchema), 'The count, and whether this call counted'),
      429: json(errorEnvelope, `More than ${VISIT_THROTTLE.max} calls a minute from this client (42900, Retry-After)`),
      ...authErrorResponses,
      ...notFound,
    },
  }),
  async (c) => {
    await throttleByIp(c, visitThrottle);
    const user = callerOf(c);
    const visitor = { userId: user?.id ?? null, key: await callerKey(c) };
    return c.json(ok(await countVisit(c.var.db, c.req.valid('json').id, visitor, new Date(c.var.now() * 1000), c.var.locale)), 200);
  },
);

export { designsApp as designsRoutes };
