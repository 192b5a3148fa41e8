import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { contentDisposition } from '../files/file-store.ts';
import { writeXlsx, XLSX_MIME } from '../files/xlsx-write.ts';
import type { AppEnv } from '../server/app-env.ts';
import { callerOf, optionalUser, requireUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { httpStatusOf } from '../server/errors.ts';
import { validationHook } from '../server/validation.ts';
import { replaceWorkbook } from './replace-export.ts';
import {
  GetReplacesBodySchema,
  ReplaceAddBodySchema,
  ReplaceChangeBodySchema,
  ReplaceChangeResultSchema,
  ReplaceChangeTrendBodySchema,
  ReplaceDeleteBodySchema,
  ReplaceDetailBodySchema,
  ReplaceDetailSchema,
  ReplaceDownloadBodySchema,
  ReplaceListSchema,
  ReplacePairSchema,
  ReplacePrefsSchema,
} from './replace.schema.ts';
import { requestOwnerKey } from '../bom/bom-owner.server.ts';
import { addPair, applyReplacement, changePrefs, deletePair, getReplaces, replacementsForDetail, replacementsForExport, StaleLineError } from './replace.server.ts';

// POST /api/chiplet/replace/* (SPEC §7 Replacements). Reading is open to everyone (a logged-in
// caller also gets their own pairs and preferences); pairs and preferences need a login; applying
// to a BOM line follows the BOM's access rule (bom-access.server.ts).

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const notFound = { 404: json(errorEnvelope, 'Unknown part (40400)'), ...authErrorResponses } as const;

/** The logged-in caller of an optionalUser route (a token that is sent must be valid), else null. */
const userIdOf = (c: Context<AppEnv>): number | null => callerOf(c)?.id ?? null;

const tags = ['replace'];
/** X-token optional: logged-out callers are served too. */
const openSecurity: Record<string, string[]>[] = [{ XToken: [] }, {}];

const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
// Open to logged-out callers; a token that is sent must be valid (40001/40002), as on bom/*.
for (const path of ['getReplaces', 'getRepInDetail', 'change', 'download']) app.use(`/chiplet/replace/${path}`, optionalUser);

export const replaceRoutes = app
  .openapi(
    createRoute({
      tags,
      method: 'post',
      path: '/chiplet/replace/getReplaces',
      security: openSecurity,
      summary: 'Graded replacement candidates of a part (drop-in, pin-compatible, functional) with parameter diffs',
      description: "Own pairs first (logged in), then by grade, domestic first when the caller's preference says so, then closeness. Without `grade` the preference's grades are listed.",
      request: body(GetReplacesBodySchema),
      responses: { 200: json(envelopeOf(ReplaceListSchema), 'One page of candidates'), ...notFound, ...errorResponses },
    }),
    async (c) => c.json(ok(await getReplaces(c.var.db, c.req.valid('json'), c.var.locale, userIdOf(c))), 200),
  )
  .openapi(
    createRoute({
      tags,
      method: 'post',
      path: '/chiplet/replace/getRepInDetail',
      security: openSecurity,
      summary: 'The best few (≤ 6) replacements for the product detail page',
      request: body(ReplaceDetailBodySchema),
      responses: { 200: json(envelopeOf(ReplaceDetailSchema), 'Best first'), ...notFound, ...errorResponses },
    }),
    async (c) => c.json(ok(await replacementsForDetail(c.var.db, c.req.valid('json').mfgMpnCode, c.var.locale, userIdOf(c))), 200),
  )
  .openapi(
    createRoute({
      tags,
      method: 'post',
      path: '/chiplet/replace/change',
      security: openSecurity,
      summary: "Apply a replacement to a BOM line (chosen_by 'replacement'; status matched)",
      description: 'Send the line version you saw: a stale one answers 40900 with the line as it is now (its current version). The BOM access rule of the bom/* calls (an owned BOM only by its owner, an anonymous one by bomId; anything else 40400).',
      request: body(ReplaceChangeBodySchema),
      responses: {
        200: json(envelopeOf(ReplaceChangeResultSchema), "The line's new state"),
        404: json(errorEnvelope, "Unknown or expired BOM, someone else's BOM, unknown line or part (40400)"),
        409: json(envelopeOf(ReplaceChangeResultSchema), 'Stale version (40900): the line as it is now'),
        ...errorResponses,
      },
    }),
    async (c) => {
      try {
        const caller = { userId: userIdOf(c), ownerKey: requestOwnerKey(c), locale: c.var.locale, now: new Date(c.var.now() * 1000) };
        return c.json(ok(await applyReplacement(c.var.db, c.req.valid('json'), caller)), 200);
      } catch (error) {
        if (!(error instanceof StaleLineError)) throw error;
        return c.json({ code: error.code, msg: error.message, result: error.line }, httpStatusOf(error.code) as 409);
      }
    },
  )
  .openapi(
    createRoute({
      tags,
      method: 'post',
      path: '/chiplet/replace/changeTrend',
      summary: "Read or set the caller's replacement preferences (domestic first, grades listed); an empty body reads",
      security: [{ XToken: [] }],
      middleware: [requireUser] as const,
      request: body(ReplaceChangeTrendBodySchema),
      responses: { 200: json(envelopeOf(ReplacePrefsSchema), 'The preferences now'), ...authErrorResponses },
    }),
    async (c) => c.json(ok(await changePrefs(c.var.db, c.var.user.id, c.req.valid('json'))), 200),
  )
  .openapi(
    createRoute({
      tags,
      method: 'post',
      path: '/chiplet/replace/download',
      security: openSecurity,
      summary: 'The graded list with parameter diffs as xlsx (blob)',
      request: body(ReplaceDownloadBodySchema),
      responses: {
        200: { description: 'xlsx workbook', content: { [XLSX_MIME]: { schema: z.string().openapi({ format: 'binary' }) } } },
        ...notFound,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { mfgMpnCode } = c.req.valid('json');
      const data = await replacementsForExport(c.var.db, mfgMpnCode, c.var.locale, userIdOf(c));
      const bytes = writeXlsx(replaceWorkbook(data, c.var.locale));
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': XLSX_MIME,
        'Content-Disposition': contentDisposition(`replacements-${mfgMpnCode}.xlsx`),
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  )
  .openapi(
    createRoute({
      tags,
      method: 'post',
      path: '/chiplet/replace/add',
      summary: 'Add (or re-note) an own replacement pair',
      security: [{ XToken: [] }],
      middleware: [requireUser] as const,
      request: body(ReplaceAddBodySchema),
      responses: { 200: json(envelopeOf(ReplacePairSchema), 'The pair'), 404: json(errorEnvelope, 'Unknown part (40400)'), ...authErrorResponses },
    }),
    async (c) => c.json(ok(await addPair(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
  )
  .openapi(
    createRoute({
      tags,
      method: 'post',
      path: '/chiplet/replace/delete',
      summary: 'Delete an own replacement pair',
      security: [{ XToken: [] }],
      middleware: [requireUser] as const,
      request: body(ReplaceDeleteBodySchema),
      responses: { 200: json(envelopeOf(z.object({ id: z.number().int() })), 'Deleted'), 404: json(errorEnvelope, 'No such pair of yours (40400)'), ...authErrorResponses },
    }),
    async (c) => c.json(ok(await deletePair(c.var.db, c.var.user.id, c.req.valid('json').id, c.var.locale)), 200),
  );
