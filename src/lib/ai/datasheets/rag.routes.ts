import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { fileResponse } from '../../files/file-response.ts';
import { getFileStore } from '../../files/file-store.server.ts';
import { sharedWorkerPool } from '../../jobs/worker-pool.server.ts';
import type { AppEnv } from '../../server/app-env.ts';
import { callerOf, optionalUser, requireUser } from '../../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../../server/envelope.ts';
import { AppError, Code } from '../../server/errors.ts';
import { bothMessages, fillMessage, serverMessage } from '../../server/messages/server-message.ts';
import { createRateLimit } from '../../server/rate-limit.server.ts';
import { declareBodyLimit } from '../../server/request-guard.ts';
import { validationHook } from '../../server/validation.ts';
import { AI_LIMITS } from '../ai.ts';
import { datasheetFile, deleteDatasheet, getDatasheet, ingestDatasheet, listDatasheets } from './datasheets.server.ts';
import { searchPassages } from './passage-search.server.ts';
import {
  DatasheetListQuerySchema,
  DatasheetListSchema,
  DatasheetSchema,
  DeleteBodySchema,
  PassageSchema,
  PassageSearchQuerySchema,
  UploadFormSchema,
} from './rag.schema.ts';

// /api/rag/*: datasheet upload (SPEC §7 POST /api/rag/upload/pdf), the caller's datasheets, delete,
// the PDF itself, and passage search. Domain work: datasheets.server.ts, passage-search.server.ts.

const UPLOAD_PATH = '/rag/upload/pdf';
const MB = 1024 * 1024;
// The PDF may reach the limit; the multipart envelope and the part number add a little.
const BODY_LIMIT = AI_LIMITS.pdfBytes + MB;
const tooLarge = bothMessages('rag.tooLarge');
declareBodyLimit(`/api${UPLOAD_PATH}`, BODY_LIMIT, {
  zh: fillMessage(tooLarge.zh, { megabytes: AI_LIMITS.pdfBytes / MB }),
  en: fillMessage(tooLarge.en, { megabytes: AI_LIMITS.pdfBytes / MB }),
});

/** Uploads per user: reading a PDF takes a worker for a second or more; a person never comes near. */
export const UPLOAD_THROTTLE = { max: 30, windowMs: 10 * 60_000 };
const uploadThrottle = createRateLimit('rag:upload', UPLOAD_THROTTLE);

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const tags = ['assistant'];
const security: Record<string, string[]>[] = [{ XToken: [] }];
const notFound = { 404: json(errorEnvelope, 'No such datasheet, or another user’s (40400)') };

type C = Context<AppEnv>;

const ragApp = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
for (const path of [UPLOAD_PATH, '/rag/datasheets', '/rag/datasheet/del']) ragApp.use(path, requireUser);
for (const path of ['/rag/datasheet/*', '/rag/search']) ragApp.use(path, optionalUser);

ragApp.openapi(
  createRoute({
    method: 'post',
    path: UPLOAD_PATH,
    tags,
    security,
    summary: 'Upload a PDF datasheet: stored, read page by page, split into passages; private to the caller',
    description:
      "The bytes must be a PDF (an HTML file named .pdf is refused). An encrypted PDF, or one with no text layer (a scan), is stored with status 'failed' and the reason. Part numbers of the catalogue found on its first pages are attached; mfgMpnCode attaches one more.",
    request: { body: { content: { 'multipart/form-data': { schema: UploadFormSchema } }, required: true } },
    responses: {
      200: json(envelopeOf(DatasheetSchema), 'The stored datasheet (status ok, or failed with the reason)'),
      413: json(errorEnvelope, 'Larger than 20 MB (41300)'),
      429: json(errorEnvelope, `More than ${UPLOAD_THROTTLE.max} uploads in ${UPLOAD_THROTTLE.windowMs / 60_000} minutes (42900, Retry-After)`),
      ...authErrorResponses,
    },
  }),
  async (c) => {
    const form = c.req.valid('form');
    const locale = c.var.locale;
    const verdict = await uploadThrottle.hit(c.var.db, `user:${c.var.user.id}`);
    if (!verdict.ok) {
      c.header('Retry-After', String(verdict.retryAfter));
      throw new AppError(Code.rateLimited, serverMessage('rateLimited', locale, { seconds: String(verdict.retryAfter) }));
    }
    const file = Array.isArray(form.file) ? (form.file as unknown[]).find((f) => f instanceof Blob) : form.file;
    if (!(file instanceof Blob)) throw new AppError(Code.badInput, serverMessage('rag.fileMissing', locale));
    if (file.size > AI_LIMITS.pdfBytes) throw new AppError(Code.tooLarge, serverMessage('rag.tooLarge', locale, { megabytes: AI_LIMITS.pdfBytes / MB }));
    const name = file instanceof File && file.name ? file.name : 'datasheet.pdf';
    const bytes = new Uint8Array(await file.arrayBuffer());
    const stored = await ingestDatasheet(c.var.db, getFileStore(), sharedWorkerPool(), {
      bytes,
      name,
      ownerId: c.var.user.id,
      mfgMpnCode: form.mfgMpnCode,
      locale,
      signal: c.req.raw.signal,
    });
    return c.json(ok(await getDatasheet(c.var.db, stored.id, c.var.user.id, locale), stored.error ? serverMessage(stored.error.key, locale, stored.error.vars) : 'success'), 200);
  },
);

ragApp.openapi(
  createRoute({
    method: 'get',
    path: '/rag/datasheets',
    tags,
    security,
    summary: 'The caller’s uploaded datasheets, newest first',
    request: { query: DatasheetListQuerySchema },
    responses: { 200: json(envelopeOf(DatasheetListSchema), 'A page of datasheets'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listDatasheets(c.var.db, c.var.user.id, c.req.valid('query'), c.var.locale)), 200),
);

ragApp.openapi(
  createRoute({
    method: 'post',
    path: '/rag/datasheet/del',
    tags,
    security,
    summary: 'Delete one of the caller’s datasheets (its passages and file go with it)',
    request: { body: { content: { 'application/json': { schema: DeleteBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(z.object({ id: z.string() })), 'Deleted'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await deleteDatasheet(c.var.db, getFileStore(), c.var.user.id, c.req.valid('json').id, c.var.locale)), 200),
);

ragApp.openapi(
  createRoute({
    method: 'get',
    path: '/rag/datasheet/{id}',
    tags,
    summary: 'One datasheet: a catalogue one, or the caller’s own',
    request: { params: z.object({ id: z.string().max(64) }) },
    responses: { 200: json(envelopeOf(DatasheetSchema), 'The datasheet'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await getDatasheet(c.var.db, c.req.valid('param').id, callerOf(c)?.id ?? null, c.var.locale)), 200),
);

ragApp.openapi(
  createRoute({
    method: 'get',
    path: '/rag/datasheet/{id}/file',
    tags,
    summary: 'The datasheet’s PDF, inline (open at a page with #page=N)',
    request: { params: z.object({ id: z.string().max(64) }) },
    responses: { 200: { description: 'application/pdf' }, ...authErrorResponses, ...notFound },
  }),
  async (c: C) => {
    const userId = callerOf(c)?.id ?? null;
    const locale = c.var.locale;
    const id = c.req.param('id') ?? '';
    const file = await datasheetFile(c.var.db, id, userId, locale);
    const res = await fileResponse(
      getFileStore(),
      { key: file.key, contentType: 'application/pdf', filename: file.name, disposition: 'inline', cacheControl: 'private, max-age=0, must-revalidate' },
      c.req,
    );
    if (!res) throw new AppError(Code.notFound, serverMessage('rag.notFound', locale));
    return res as never;
  },
);

ragApp.openapi(
  createRoute({
    method: 'get',
    path: '/rag/search',
    tags,
    summary: 'Datasheet passages answering a question (catalogue datasheets and the caller’s own), with their pages',
    request: { query: PassageSearchQuerySchema },
    responses: { 200: json(envelopeOf(z.object({ list: z.array(PassageSchema) })), 'Passages, best first'), ...authErrorResponses },
  }),
  async (c) => {
    const q = c.req.valid('query');
    const passages = await searchPassages(c.var.db, {
      query: q.question,
      userId: callerOf(c)?.id ?? null,
      ...(q.mfgMpnCode ? { mfgMpnCodes: [q.mfgMpnCode] } : {}),
      ...(q.datasheetId ? { datasheetId: q.datasheetId } : {}),
      limit: q.limit,
    });
    return c.json(ok({ list: passages.map((p) => ({ ...p, url: `/api/rag/datasheet/${p.datasheetId}/file#page=${p.page}` })) }), 200);
  },
);

export const ragRoutes = ragApp;
