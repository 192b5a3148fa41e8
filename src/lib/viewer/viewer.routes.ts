import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { getFileStore } from '../files/file-store.server.ts';
import { sharedWorkerPool } from '../jobs/worker-pool.server.ts';
import type { AppEnv } from '../server/app-env.ts';
import { requireUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { fillMessage, serverMessage } from '../server/messages/server-message.ts';
import { en } from '../server/messages/en.ts';
import { zh } from '../server/messages/zh.ts';
import { declareBodyLimit } from '../server/request-guard.ts';
import { validationHook } from '../server/validation.ts';
import { queueDesignAnalysis } from '../designs/design-analysis.server.ts';
import { DESIGN_READ_LIMITS } from './design-read.ts';
import { attachDocument, uploadDesign } from './viewer-upload.server.ts';
import { DesignDocUploadResultSchema, DesignIdSchema, DesignUploadResultSchema } from './viewer.schema.ts';

// The KiCad viewer's upload calls (issue #13 item 6): a logged-in user's project files (or one
// zip) become a stored design with its statistics; documents can be attached to it afterwards.
// Domain work is in viewer-upload.server.ts; reading happens in the worker pool (design-read.ts).

const UPLOAD_PATH = '/chiplet/viewer/upload';
const DOC_PATH = '/chiplet/viewer/doc/upload';
const MB = 1024 * 1024;
// One file may reach the design limit; the multipart envelope of up to 500 parts adds the rest.
const BODY_LIMIT = DESIGN_READ_LIMITS.maxFileBytes + MB;
const bodyMessage = { zh: fillMessage(zh['viewer.bodyTooLarge'], { megabytes: BODY_LIMIT / MB }), en: fillMessage(en['viewer.bodyTooLarge'], { megabytes: BODY_LIMIT / MB }) };
declareBodyLimit(`/api${UPLOAD_PATH}`, BODY_LIMIT, bodyMessage);
declareBodyLimit(`/api${DOC_PATH}`, BODY_LIMIT, bodyMessage);

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const tags = ['viewer'];
const security: Record<string, string[]>[] = [{ XToken: [] }];

const UploadForm = z.object({
  file: z.any().openapi({ type: 'string', format: 'binary', description: 'Repeated: .kicad_pro, .kicad_sch, .kicad_pcb files, or one .zip holding a project; each at most 50 MB' }),
});
const DocForm = z.object({
  file: z.any().openapi({ type: 'string', format: 'binary', description: 'pdf, png, jpg, txt or md, at most 50 MB' }),
  designId: z.any().openapi({ type: 'string', format: 'uuid' }),
});

/** Blobs of a form field (one or repeated); anything else is not a file. */
function blobsOf(value: unknown): Blob[] {
  const list = Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
  return list.filter((v): v is Blob => v instanceof Blob);
}

const nameOf = (b: Blob, fallback: string) => (b instanceof File && b.name ? b.name : fallback);

const viewer = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
viewer.use('/chiplet/viewer/*', requireUser);

viewer.openapi(
  createRoute({
    method: 'post',
    path: UPLOAD_PATH,
    tags,
    security,
    summary: 'Upload a KiCad project (files or one zip): read off the request thread, stored as a design with its statistics',
    request: { body: { content: { 'multipart/form-data': { schema: UploadForm } }, required: true } },
    responses: {
      200: json(envelopeOf(DesignUploadResultSchema), 'The stored design, its files and statistics, and warnings'),
      413: json(errorEnvelope, 'A file larger than 50 MB, or an archive expanding beyond its limits (41300)'),
      ...authErrorResponses,
    },
  }),
  async (c) => {
    const form = c.req.valid('form');
    const blobs = blobsOf(form.file);
    if (blobs.length === 0) throw new AppError(Code.badInput, serverMessage('viewer.fileMissing', c.var.locale));
    const result = await uploadDesign(c.var.db, getFileStore(), sharedWorkerPool(), {
      uploads: blobs.map((blob, i) => ({ blob, name: nameOf(blob, `file-${i + 1}`) })),
      ownerId: c.var.user.id,
      locale: c.var.locale,
      signal: c.req.raw.signal,
    });
    // The server analysis (BOM, cover, parts) follows in the background; the upload does not wait.
    queueDesignAnalysis(c.var.db, result.designId);
    return c.json(ok(result), 200);
  },
);

viewer.openapi(
  createRoute({
    method: 'post',
    path: DOC_PATH,
    tags,
    security,
    summary: 'Attach a document (pdf, png, jpg, txt, md) to one of the caller’s designs',
    request: { body: { content: { 'multipart/form-data': { schema: DocForm } }, required: true } },
    responses: {
      200: json(envelopeOf(DesignDocUploadResultSchema), 'The design’s files after the attachment'),
      404: json(errorEnvelope, 'No such design, or not the caller’s (40400)'),
      413: json(errorEnvelope, 'Larger than 50 MB (41300)'),
      ...authErrorResponses,
    },
  }),
  async (c) => {
    const form = c.req.valid('form');
    const locale = c.var.locale;
    const id = DesignIdSchema.safeParse(form.designId);
    if (!id.success) throw new AppError(Code.badInput, serverMessage('viewer.designMissing', locale));
    const [file, ...more] = blobsOf(form.file);
    if (!file || more.length > 0) throw new AppError(Code.badInput, serverMessage('viewer.docMissing', locale));
    const result = await attachDocument(c.var.db, getFileStore(), { designId: id.data, file, fileName: nameOf(file, 'document'), ownerId: c.var.user.id, locale });
    return c.json(ok(result), 200);
  },
);

export { viewer as viewerRoutes };
