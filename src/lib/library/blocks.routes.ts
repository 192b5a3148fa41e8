import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { fileResponse } from '../files/file-response.ts';
import { getFileStore } from '../files/file-store.server.ts';
import { fileResponseHeaders } from '../files/file-store.ts';
import { sharedWorkerPool } from '../jobs/worker-pool.server.ts';
import type { AppEnv } from '../server/app-env.ts';
import { serveWithKicadVariant } from '../kicad-host/kicad-variants.ts';
import { requireUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { bothMessages, fillMessage, serverMessage } from '../server/messages/server-message.ts';
import { declareBodyLimit } from '../server/request-guard.ts';
import { validationHook } from '../server/validation.ts';
import { BLOCK_LIMITS } from './blocks.ts';
import {
  BlockDeleteResultSchema,
  BlockIdBodySchema,
  BlockIdSchema,
  BlockListQuerySchema,
  BlockListSchema,
  BlockRenderResultSchema,
  BlockRenderSchema,
  BlockSaveSchema,
  BlockSchema,
  PersistedFileSchema,
  PersistedIdSchema,
  PersistTextSchema,
} from './blocks.schema.ts';
import { blockDownload, blockPreviewKey, deleteBlock, getBlock, listBlocks, readSheet, saveBlock, sheetOf } from './blocks.server.ts';
import { persistedFileOf, persistFile, tooLarge } from './persistence.server.ts';

// Issue #16, H6: design blocks (SPEC §7 u/fragment*) and persisted files (file/operation/
// persistence*). Every call is the caller's own: another user's block or file, or a guessed id,
// answers 40400 exactly like a missing one. Domain work: blocks.server.ts, persistence.server.ts.

const MB = 1024 * 1024;
const KB = 1024;

// A sheet sent as JSON text may grow by its escapes (quotes, line breaks): the body may be twice
// the sheet's limit; the text's own size is then checked against the limit itself. 100 MB is
// refused while it streams in, before anything is buffered.
const JSON_SHEET_BODY = 2 * BLOCK_LIMITS.sheetMaxBytes + 64 * KB;
const MULTIPART_BODY = BLOCK_LIMITS.persistMaxBytes + 64 * KB;
const limitMessage = (bytes: number) => {
  const m = bothMessages('blocks.bodyTooLarge');
  const megabytes = Math.round(bytes / MB);
  return { zh: fillMessage(m.zh, { megabytes }), en: fillMessage(m.en, { megabytes }) };
};
for (const path of ['/api/file/operation/persistence', '/api/chiplet/u/fragment/save', '/api/chiplet/u/fragment/render']) {
  declareBodyLimit(path, JSON_SHEET_BODY, limitMessage(BLOCK_LIMITS.sheetMaxBytes));
}
declareBodyLimit('/api/file/operation/persistence/file', MULTIPART_BODY, limitMessage(BLOCK_LIMITS.persistMaxBytes));

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const tags = ['library: design blocks'];
const security: Record<string, string[]>[] = [{ XToken: [] }];
const notFound = { 404: json(errorEnvelope, 'Not the caller’s, or no such id (40400)') };
const tooLargeResponse = { 413: json(errorEnvelope, `Larger than ${BLOCK_LIMITS.sheetMaxBytes / MB} MB (41300)`) };

/** The block preview is our own SVG, still served so that nothing in it can run or load (sandbox: opened on its own too). */
const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const UploadForm = z.object({
  file: z.any().openapi({ type: 'string', format: 'binary', description: `One file, at most ${BLOCK_LIMITS.persistMaxBytes / MB} MB` }),
});

const MIME_BY_EXT: Record<string, string> = {
  kicad_sch: 'text/plain',
  kicad_sym: 'text/plain',
  kicad_mod: 'text/plain',
  kicad_pcb: 'text/plain',
  json: 'application/json',
  txt: 'text/plain',
};
const mimeOf = (name: string, declared: string) => declared || MIME_BY_EXT[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] || 'application/octet-stream';

export const blocksRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
for (const path of ['/chiplet/u/fragment', '/chiplet/u/fragment/*', '/chiplet/u/kicad/fragment', '/chiplet/u/kicad/fragment/*', '/file/operation/persistence', '/file/operation/persistence/*', '/file/operation/kicad/persistence/*'])
  blocksRoutes.use(path, requireUser);

// --- persisted files ---------------------------------------------------------------------------

blocksRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/file/operation/persistence',
    tags,
    security,
    summary: 'Persist a text file sent as JSON (e.g. the .kicad_sch the KiCad host sends), for a later call',
    request: body(PersistTextSchema),
    responses: { 200: json(envelopeOf(PersistedFileSchema), 'The persisted file'), ...tooLargeResponse, ...authErrorResponses },
  }),
  async (c) => {
    const { fileName, content, mime } = c.req.valid('json');
    const bytes = new TextEncoder().encode(content);
    if (bytes.length > BLOCK_LIMITS.persistMaxBytes) throw tooLarge(c.var.locale);
    const file = await persistFile(c.var.db, getFileStore(), c.var.user.id, { bytes, fileName, mime: mime ?? mimeOf(fileName, '') }, c.var.locale);
    return c.json(ok(file), 200);
  },
);

serveWithKicadVariant(blocksRoutes, 
  createRoute({
    method: 'post',
    path: '/file/operation/persistence/file',
    tags,
    security,
    summary: 'Persist an uploaded file (multipart, field file), for a later call',
    request: { body: { content: { 'multipart/form-data': { schema: UploadForm } }, required: true } },
    responses: { 200: json(envelopeOf(PersistedFileSchema), 'The persisted file'), ...tooLargeResponse, ...authErrorResponses },
  }),
  async (c) => {
    const locale = c.var.locale;
    const value = c.req.valid('form').file as unknown;
    const blob = Array.isArray(value) ? (value as unknown[]).find((v) => v instanceof Blob) : value;
    if (!(blob instanceof Blob)) throw new AppError(Code.badInput, serverMessage('blocks.fileMissing', locale));
    if (blob.size > BLOCK_LIMITS.persistMaxBytes) throw tooLarge(locale);
    const fileName = blob instanceof File && blob.name ? blob.name : 'file';
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const file = await persistFile(c.var.db, getFileStore(), c.var.user.id, { bytes, fileName, mime: mimeOf(fileName, blob.type) }, locale);
    return c.json(ok(file), 200);
  },
  { differs: 'Each catalogue part (mfgMpnCode) in the answer also carries `kicad` (KicadRefs); the design block’s own fields are unchanged.' },
);

serveWithKicadVariant(blocksRoutes, 
  createRoute({
    method: 'get',
    path: '/file/operation/persistence/file',
    tags,
    security,
    summary: 'The bytes of one of the caller’s persisted files, as an attachment',
    request: { query: z.object({ id: PersistedIdSchema }) },
    responses: { 200: { description: 'The file' }, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const row = await persistedFileOf(c.var.db, c.var.user.id, c.req.valid('query').id, c.var.locale);
    const res = await fileResponse(getFileStore(), { key: row.fileKey, contentType: row.mime, filename: row.fileName, disposition: 'attachment', cacheControl: 'private, no-cache' }, c.req);
    if (!res) throw new AppError(Code.notFound, serverMessage('blocks.fileNotFound', c.var.locale));
    return res as never;
  },
  { differs: 'Each catalogue part (mfgMpnCode) in the answer also carries `kicad` (KicadRefs); the design block’s own fields are unchanged.' },
);

// --- design blocks ---------------------------------------------------------------------------------

serveWithKicadVariant(blocksRoutes, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/fragment',
    tags,
    security,
    summary: 'The caller’s design blocks, newest change first: search by words, filter by one of the caller’s block categories (sub-categories included)',
    request: body(BlockListQuerySchema),
    responses: { 200: json(envelopeOf(BlockListSchema), 'A page of blocks'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await listBlocks(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
  { differs: 'Each catalogue part (mfgMpnCode) in the answer also carries `kicad` (KicadRefs); the design block’s own fields are unchanged.' },
);

serveWithKicadVariant(blocksRoutes, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/fragment/save',
    tags,
    security,
    summary: 'Save a design block: new (no id; name and sheet required) or the caller’s own changed',
    description:
      'The sheet is a persisted file (fileId) or the .kicad_sch text (schematic); it must read as a KiCad 6+ schematic (a KiCad 5 .sch is refused) holding something to place. The server draws the preview and counts symbols, wires and labels.',
    request: body(BlockSaveSchema),
    responses: { 200: json(envelopeOf(BlockSchema), 'The block as saved'), ...tooLargeResponse, ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await saveBlock(c.var.db, getFileStore(), sharedWorkerPool(), c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
  { differs: 'Each catalogue part (mfgMpnCode) in the answer also carries `kicad` (KicadRefs); the design block’s own fields are unchanged.' },
);

serveWithKicadVariant(blocksRoutes, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/fragment/render',
    tags,
    security,
    summary: 'The preview (SVG) and counts of a sheet before it is saved; nothing is stored',
    request: body(BlockRenderSchema),
    responses: { 200: json(envelopeOf(BlockRenderResultSchema), 'The preview and info'), ...tooLargeResponse, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const locale = c.var.locale;
    const sheet = await sheetOf(c.var.db, getFileStore(), c.var.user.id, c.req.valid('json'), locale);
    if (!sheet) throw new AppError(Code.badInput, serverMessage('blocks.sheetMissing', locale));
    return c.json(ok(await readSheet(sharedWorkerPool(), sheet, locale)), 200);
  },
  { differs: 'Each catalogue part (mfgMpnCode) in the answer also carries `kicad` (KicadRefs); the design block’s own fields are unchanged.' },
);

serveWithKicadVariant(blocksRoutes, 
  createRoute({
    method: 'post',
    path: '/chiplet/u/fragment/del',
    tags,
    security,
    summary: 'Delete one of the caller’s design blocks and release its files',
    request: body(BlockIdBodySchema),
    responses: { 200: json(envelopeOf(BlockDeleteResultSchema), 'Deleted'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await deleteBlock(c.var.db, getFileStore(), c.var.user.id, c.req.valid('json').id, c.var.locale)), 200),
  { differs: 'Each catalogue part (mfgMpnCode) in the answer also carries `kicad` (KicadRefs); the design block’s own fields are unchanged.' },
);

serveWithKicadVariant(blocksRoutes, 
  createRoute({
    method: 'get',
    path: '/chiplet/u/fragment/one',
    tags,
    security,
    summary: 'One of the caller’s design blocks',
    request: { query: z.object({ id: BlockIdSchema }) },
    responses: { 200: json(envelopeOf(BlockSchema), 'The block'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await getBlock(c.var.db, c.var.user.id, c.req.valid('query').id, c.var.locale)), 200),
  { differs: 'Each catalogue part (mfgMpnCode) in the answer also carries `kicad` (KicadRefs); the design block’s own fields are unchanged.' },
);

serveWithKicadVariant(blocksRoutes, 
  createRoute({
    method: 'get',
    path: '/chiplet/u/fragment/preview',
    tags,
    security,
    summary: 'A block’s preview (SVG), the owner’s only; immutable under its address (v = the key)',
    request: { query: z.object({ id: BlockIdSchema, v: z.string().max(64).optional() }) },
    responses: { 200: { description: 'image/svg+xml' }, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const locale = c.var.locale;
    const { id, v } = c.req.valid('query');
    const key = await blockPreviewKey(c.var.db, c.var.user.id, id, locale);
    // An address naming an older preview is not cached as if it were this one.
    const immutable = v !== undefined && key.startsWith(v) && v.length >= 16;
    const res = await fileResponse(
      getFileStore(),
      { key, contentType: 'image/svg+xml', filename: 'preview.svg', disposition: 'inline', cacheControl: immutable ? 'private, max-age=31536000, immutable' : 'private, no-cache' },
      c.req,
    );
    if (!res) throw new AppError(Code.notFound, serverMessage('blocks.previewMissing', locale));
    if (res.status !== 304) res.headers.set('Content-Type', 'image/svg+xml');
    res.headers.set('Content-Security-Policy', PREVIEW_CSP);
    return res as never;
  },
  { differs: 'Each catalogue part (mfgMpnCode) in the answer also carries `kicad` (KicadRefs); the design block’s own fields are unchanged.' },
);

serveWithKicadVariant(blocksRoutes, 
  createRoute({
    method: 'get',
    path: '/chiplet/u/fragment/download',
    tags,
    security,
    summary: 'A block as a KiCad 9 design-block folder in a zip: <name>.kicad_block/<name>.kicad_sch and <name>.json',
    description: 'Extract it into a design block library folder (<lib>.kicad_blocks) that KiCad 9 knows; the block appears in the Design Blocks panel.',
    request: { query: z.object({ id: BlockIdSchema }) },
    responses: { 200: { description: 'application/zip' }, ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const { fileName, zip } = await blockDownload(c.var.db, getFileStore(), c.var.user.id, c.req.valid('query').id, c.var.locale);
    const headers = { ...fileResponseHeaders({ contentType: 'application/zip', size: zip.length, filename: fileName, disposition: 'attachment' }), 'Cache-Control': 'private, no-store' };
    return new Response(zip as Uint8Array<ArrayBuffer>, { status: 200, headers }) as never;
  },
  { differs: 'Each catalogue part (mfgMpnCode) in the answer also carries `kicad` (KicadRefs); the design block’s own fields are unchanged.' },
);
