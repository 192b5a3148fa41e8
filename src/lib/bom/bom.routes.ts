import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { fileResponseHeaders } from '../files/file-store.ts';
import { getFileStore } from '../files/file-store.server.ts';
import { UPLOAD_LIMITS } from '../files/upload-limits.ts';
import { sharedWorkerPool } from '../jobs/worker-pool.server.ts';
import type { AppEnv } from '../server/app-env.ts';
import { callerOf, optionalUser, requireUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { fillMessage, serverMessage } from '../server/messages/server-message.ts';
import { en } from '../server/messages/en.ts';
import { zh } from '../server/messages/zh.ts';
import { declareBodyLimit } from '../server/request-guard.ts';
import { createRateLimit, type RateLimit } from '../server/rate-limit.server.ts';
import { throttleByIp } from '../server/client-key.server.ts';
import { INT32_MAX, validationHook } from '../server/validation.ts';
import { bomLines } from '../server/db/schema/index.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { bomNotFound, holdsBom, openBom, type BomCaller, type BomRow } from './bom-access.server.ts';
import { ensureOwnerKey, requestOwnerKey } from './bom-owner.server.ts';
import { partsForDescription } from './bom-desc-search.server.ts';
import { exportLines, exportParts, exportXlsx, sheetRowOf } from './bom-export-run.server.ts';
import { headerMatchOf } from './bom-header.server.ts';
import { addLine, chooseLinePart, confirmMapping, deleteLines, rematchDoubtful, setBoardCount, setLineFields, setTrends, StaleLineError } from './bom-lines.server.ts';
import { copyBom, deleteBom, listOwnBoms, renameBom } from './bom-store.server.ts';
import { tooLargeMessage, uploadBom } from './bom-upload.server.ts';
import { bomSummary, countsOf, linePage, lineViews, trendsOf, type LineRow } from './bom-view.server.ts';
import {
  BOM_TRENDS,
  DEFAULT_BOM_TRENDS,
  BomAddBodySchema,
  BomChangeBodySchema,
  BomChangeByAiBodySchema,
  BomChangeCountBodySchema,
  BomChangeSetBodySchema,
  BomChangeTrendBodySchema,
  BomConfirmBodySchema,
  BomConfirmResultSchema,
  BomDeleteBodySchema,
  BomDownloadBodySchema,
  BomHeaderMatchSchema,
  BomIdSchema,
  BomJobStartedSchema,
  BomLineSchema,
  BomQueryByDescBodySchema,
  BomQueryByDescSchema,
  BomQueryMatchQuerySchema,
  BomQueryMatchSchema,
  BomSummarySchema,
  BomTrendOptionsSchema,
  BomUploadResultSchema,
  UserBomListBodySchema,
  UserBomListSchema,
  UserBomUpdateBodySchema,
  type BomLineStatus,
  type BomTrends,
} from './bom.schema.ts';
import type { HeaderColumn } from './header-match.ts';

// The BOM calls of SPEC §7 (issue #12 items 1, 2, 4, 5): upload, header match and confirm, the
// matched lines, every edit, preferences, export, and the user's BOM list. Logged-out callers
// reach an anonymous BOM by its id (bom-access.server.ts); a logged-in caller claims it on first
// touch. Shapes are bom.schema.ts's; domain work is in the bom-*.server.ts modules.

const UPLOAD_PATH = '/chiplet/bom/upload';
const MB = 1024 * 1024;
// The upload's body may be the BOM limit plus the multipart envelope; more is refused while it streams (41300).
declareBodyLimit(`/api${UPLOAD_PATH}`, UPLOAD_LIMITS.bom + 64 * 1024, {
  zh: fillMessage(zh['bom.read.tooLarge'], { megabytes: UPLOAD_LIMITS.bom / MB }),
  en: fillMessage(en['bom.read.tooLarge'], { megabytes: UPLOAD_LIMITS.bom / MB }),
});

/**
 * Uploads per client address: each one is a parse in the worker pool and a stored file, open to
 * logged-out callers. A person uploads a few a minute; more is a script (42900, Retry-After).
 */
export const BOM_UPLOAD_THROTTLE = { max: 60, windowMs: 60_000 };
let uploadThrottle: RateLimit = createRateLimit('bom:upload', BOM_UPLOAD_THROTTLE);

/** Fresh counts, optionally with another limit (tests). */
export function resetBomUploadThrottle(limit = BOM_UPLOAD_THROTTLE): void {
  uploadThrottle = createRateLimit('bom:upload', limit, { fresh: true });
}

/**
 * BOM work whose cost grows with the lines (confirm, re-match, preferences, export), per client
 * (issue #36 item 1): a logged-in user is counted by account, a logged-out caller by address with
 * a tighter budget, since nobody is accountable for an anonymous BOM's work (42900, Retry-After).
 */
export const BOM_WORK_THROTTLE = { user: { max: 120, windowMs: 60_000 }, anonymous: { max: 30, windowMs: 60_000 } } as const;
let workThrottle = { user: createRateLimit('bom:work:user', BOM_WORK_THROTTLE.user), anonymous: createRateLimit('bom:work:anonymous', BOM_WORK_THROTTLE.anonymous) };

/** Fresh counts, optionally with other limits (tests). */
export function resetBomWorkThrottle(limits: { user: { max: number; windowMs: number }; anonymous: { max: number; windowMs: number } } = BOM_WORK_THROTTLE): void {
  workThrottle = { user: createRateLimit('bom:work:user', limits.user, { fresh: true }), anonymous: createRateLimit('bom:work:anonymous', limits.anonymous, { fresh: true }) };
}

async function throttleWork(c: C): Promise<void> {
  const user = callerOf(c);
  if (!user) return throttleByIp(c, workThrottle.anonymous);
  const verdict = await workThrottle.user.hit(c.var.db, `user:${user.id}`);
  if (verdict.ok) return;
  c.header('Retry-After', String(verdict.retryAfter));
  throw new AppError(Code.rateLimited, serverMessage('rateLimited', c.var.locale, { seconds: String(verdict.retryAfter) }));
}

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const notFound = { 404: json(errorEnvelope, 'No such BOM or line, or not yours (40400)') } as const;
const conflict = { 409: json(envelopeOf(BomLineSchema), 'The version sent is stale (40900): result is the line as it is now') } as const;
const tags = ['bom'];
const security: Record<string, string[]>[] = [{ XToken: [] }, {}];

type C = Context<AppEnv>;

function callerOfRequest(c: C): BomCaller {
  return { userId: callerOf(c)?.id ?? null, ownerKey: requestOwnerKey(c), locale: c.var.locale, now: new Date(c.var.now() * 1000) };
}

/** The BOM for a change (its holder only: 40300 for a shared link's other visitors). */
const open = (c: C, bomId: string) => openBom(c.var.db, bomId, callerOfRequest(c));
/** The BOM for a look (anyone with the link; bom-access.server.ts). */
const openToRead = (c: C, bomId: string) => openBom(c.var.db, bomId, callerOfRequest(c), 'read');

/** One line's answer; a stale version answers 40900 with the current line. */
async function lineAnswer(c: C, bom: BomRow, edit: () => Promise<LineRow>): Promise<Response> {
  try {
    const [view] = await lineViews(c.var.db, [await edit()], bom.boardCount, c.var.locale);
    return c.json(ok(view), 200);
  } catch (error) {
    if (!(error instanceof StaleLineError)) throw error;
    const [view] = await lineViews(c.var.db, [error.line], bom.boardCount, c.var.locale);
    return c.json({ code: Code.conflict, msg: error.message, result: view }, 409);
  }
}

/** The BOM as it is after an edit (the summary answers of delete and changeCount). */
async function summaryAnswer(c: C, bomId: string): Promise<Response> {
  const bom = await open(c, bomId);
  return c.json(ok(await bomSummary(c.var.db, bom)), 200);
}

const UploadForm = z.object({
  file: z.any().openapi({ type: 'string', format: 'binary', description: 'xlsx, xls, csv or tsv, at most 10 MB' }),
  name: z.string().trim().min(1).max(100).optional().openapi({ description: 'The BOM’s name (default: the file name without its extension)' }),
});

const bom = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
bom.use('/chiplet/bom/*', optionalUser);
bom.use('/chiplet/user/bom', requireUser);
bom.use('/chiplet/user/bom/*', requireUser);

bom.openapi(
  createRoute({
    method: 'post',
    path: UPLOAD_PATH,
    tags,
    security,
    summary: 'Upload a BOM file (multipart field file): read off the request thread with limits, stored with all its sheets',
    description: 'Logged in: the BOM is the user’s. Logged out: it is reached by bomId alone and expires 30 days after its last change.',
    request: { body: { content: { 'multipart/form-data': { schema: UploadForm } }, required: true } },
    responses: {
      200: json(envelopeOf(BomUploadResultSchema), 'The stored BOM, its sheets and the sheet chosen by default'),
      413: json(errorEnvelope, 'Larger than 10 MB (41300)'),
      429: json(errorEnvelope, `More than ${BOM_UPLOAD_THROTTLE.max} uploads a minute from this client (42900, Retry-After)`),
      ...authErrorResponses,
    },
  }),
  async (c) => {
    await throttleByIp(c, uploadThrottle);
    const form = c.req.valid('form');
    const file = form.file as unknown;
    if (!(file instanceof Blob)) throw new AppError(Code.badInput, serverMessage('bom.api.fileMissing', c.var.locale));
    if (file.size > UPLOAD_LIMITS.bom) throw new AppError(Code.tooLarge, tooLargeMessage(c.var.locale));
    const caller = callerOfRequest(c);
    const result = await uploadBom(c.var.db, getFileStore(), sharedWorkerPool(), {
      file,
      fileName: file instanceof File ? file.name : 'bom',
      name: form.name,
      ownerId: caller.userId,
      ownerKey: caller.userId === null ? ensureOwnerKey(c) : null,
      locale: caller.locale,
      now: caller.now,
      signal: c.req.raw.signal,
    });
    return c.json(ok(result), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/bom/headerMatch',
    tags,
    security,
    summary: 'The header row and column fields of a sheet (detected, or the confirmed mapping), with a preview',
    request: { query: z.object({ bomId: BomIdSchema, sheet: z.string().max(200).optional() }) },
    responses: { 200: json(envelopeOf(BomHeaderMatchSchema), 'The mapping'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const { bomId, sheet } = c.req.valid('query');
    const b = await openToRead(c, bomId);
    return c.json(ok(await headerMatchOf(c.var.db, b, sheet, c.var.locale)), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/confirm',
    tags,
    security,
    summary: 'Confirm (or fix) the mapping: lines are made again from the sheet and the matching job starts',
    request: { body: { content: { 'application/json': { schema: BomConfirmBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(BomConfirmResultSchema), 'Lines made; follow the job at /api/jobs/{jobId}/events'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const body = c.req.valid('json');
    await throttleWork(c);
    const b = await open(c, body.bomId);
    return c.json(ok(await confirmMapping(c.var.db, b, body, c.var.locale)), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/bom/queryMatch',
    tags,
    security,
    summary: 'A page of matched lines (optionally of one status) and the BOM’s summary',
    request: { query: BomQueryMatchQuerySchema },
    responses: { 200: json(envelopeOf(BomQueryMatchSchema), 'Lines, total and summary'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const q = c.req.valid('query');
    const b = await openToRead(c, q.bomId);
    const [page, summary] = await Promise.all([linePage(c.var.db, b, { pageNum: q.pageNum, pageSize: q.pageSize, status: q.status }, c.var.locale), bomSummary(c.var.db, b)]);
    return c.json(ok({ ...page, summary }), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/change',
    tags,
    security,
    summary: 'Choose a line’s part (a candidate or any catalogue mfgMpnCode) or clear it with null; remembered for the owner',
    request: { body: { content: { 'application/json': { schema: BomChangeBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(BomLineSchema), 'The line'), ...authErrorResponses, ...notFound, ...conflict },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const b = await open(c, body.bomId);
    return lineAnswer(c, b, () => chooseLinePart(c.var.db, b, body, c.var.locale)) as never;
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/changeSet',
    tags,
    security,
    summary: 'Set a line’s cells (quantity parsed like an uploaded cell); changed identifying cells match the line again at once',
    request: { body: { content: { 'application/json': { schema: BomChangeSetBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(BomLineSchema), 'The line, matched again'), ...authErrorResponses, ...notFound, ...conflict },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const b = await open(c, body.bomId);
    return lineAnswer(c, b, () => setLineFields(c.var.db, b, body, c.var.locale)) as never;
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/add',
    tags,
    security,
    summary: 'Add a line (placed last, matched at once)',
    request: { body: { content: { 'application/json': { schema: BomAddBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(BomLineSchema), 'The new line'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const b = await open(c, body.bomId);
    return lineAnswer(c, b, () => addLine(c.var.db, b, body.fields, c.var.locale)) as never;
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/delete',
    tags,
    security,
    summary: 'Delete lines',
    request: { body: { content: { 'application/json': { schema: BomDeleteBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(BomSummarySchema), 'The BOM after the delete'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const b = await open(c, body.bomId);
    await deleteLines(c.var.db, b, body.lineIds, c.var.locale);
    return summaryAnswer(c, b.id) as never;
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/changeCount',
    tags,
    security,
    summary: 'Set the board count (lines’ totals are quantity × boards)',
    request: { body: { content: { 'application/json': { schema: BomChangeCountBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(BomSummarySchema), 'The BOM with its new totals'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const b = await open(c, body.bomId);
    const updated = await setBoardCount(c.var.db, b, body.boardCount);
    return c.json(ok(await bomSummary(c.var.db, updated)), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/queryByDesc',
    tags,
    security,
    summary: 'Parts for a typed description or MPN (the matcher’s reading first, then the catalogue search)',
    request: { body: { content: { 'application/json': { schema: BomQueryByDescBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(BomQueryByDescSchema), 'Candidates, best first'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    let line: { fields: Record<string, string>; designators: string[] } | null = null;
    let trends: BomTrends = { ...DEFAULT_BOM_TRENDS };
    if (body.bomId !== undefined) {
      const b = await openToRead(c, body.bomId);
      trends = trendsOf(b);
      if (body.lineId !== undefined) {
        const rows = await lineRowsOf(c, b, [body.lineId]);
        const row = rows[0];
        if (!row) throw new AppError(Code.notFound, serverMessage('bom.api.lineNotFound', c.var.locale, { lineId: body.lineId }));
        line = { fields: (row.source as { fields?: Record<string, string> }).fields ?? {}, designators: row.designators as string[] };
      }
    }
    return c.json(ok(await partsForDescription(db, { keyword: body.keyword, line, trends, pageNum: body.pageNum, pageSize: body.pageSize }, c.var.locale)), 200);
  },
);

async function lineRowsOf(c: C, b: BomRow, ids: number[]): Promise<LineRow[]> {
  const valid = ids.filter((id) => id <= INT32_MAX);
  if (valid.length === 0) return [];
  return c.var.db
    .select()
    .from(bomLines)
    .where(and(eq(bomLines.bomId, b.id), inArray(bomLines.id, valid)));
}

const trendOptions = (c: C) =>
  BOM_TRENDS.map((key) => ({ key, label: serverMessage(`bom.trend.${key}`, c.var.locale), description: serverMessage(`bom.trend.${key}.description`, c.var.locale) }));

bom.openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/bom/addTrend',
    tags,
    security,
    summary: 'The BOM’s matching preferences and what each one does',
    request: { query: z.object({ bomId: BomIdSchema }) },
    responses: { 200: json(envelopeOf(BomTrendOptionsSchema), 'Preferences and their meaning'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const b = await openToRead(c, c.req.valid('query').bomId);
    return c.json(ok({ trends: trendsOf(b), options: trendOptions(c) }), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/changeTrend',
    tags,
    security,
    summary: 'Change preferences; the automatic choices are ranked again by a job (the user’s own choices stay)',
    request: { body: { content: { 'application/json': { schema: BomChangeTrendBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(BomJobStartedSchema), 'The re-ranking job'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const body = c.req.valid('json');
    await throttleWork(c);
    const b = await open(c, body.bomId);
    const { jobId } = await setTrends(c.var.db, b, body.trends);
    return c.json(ok({ bomId: b.id, jobId }), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/changeByAI',
    tags,
    security,
    summary: 'Match doubtful and not-found lines again (all, or the given ones) as a job',
    description: 'This build has no language model configured: the rule-based parser does the work, and the answer says so (parser "rules", and msg).',
    request: { body: { content: { 'application/json': { schema: BomChangeByAiBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(BomJobStartedSchema), 'The re-match job'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const body = c.req.valid('json');
    await throttleWork(c);
    const b = await open(c, body.bomId);
    const jobId = await rematchDoubtful(c.var.db, b, body.lineIds);
    return c.json(ok({ bomId: b.id, jobId, parser: 'rules' as const }, serverMessage('bom.api.rulesParser', c.var.locale)), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/download',
    tags,
    security,
    summary: 'The BOM as xlsx: the user’s columns plus matched MPN, brand, category, package, status, confidence, per-board and total quantities, and a totals row',
    request: { body: { content: { 'application/json': { schema: BomDownloadBodySchema } }, required: true } },
    responses: {
      200: { description: 'The workbook', content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.any() } } },
      ...authErrorResponses,
      ...notFound,
    },
  }),
  async (c) => {
    await throttleWork(c);
    const b = await openToRead(c, c.req.valid('json').bomId);
    const bytes = await exportBom(c, b);
    const headers = fileResponseHeaders({
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: bytes.byteLength,
      filename: `${b.name}.xlsx`,
    });
    return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, 'Cache-Control': 'no-store' } }) as never;
  },
);

async function exportBom(c: C, b: BomRow): Promise<Uint8Array> {
  const { db, locale } = c.var;
  // Reads sized by time and the workbook written in the worker pool (issue #36 item 1).
  const lines = await exportLines(db, b.id);
  const parts = await exportParts(
    db,
    lines.flatMap((l) => (l.chosenProductId === null ? [] : [l.chosenProductId])),
    locale,
  );
  const sheetRow = await sheetRowOf(db, b.id, b.sheetIndex, b.headerRow);
  const sheet = sheetRow.name === null ? undefined : { name: sheetRow.name };
  const header = b.headerRow === null ? null : sheetRow.cells;
  const label = (key: 'mpn' | 'brand' | 'category' | 'package' | 'status' | 'confidence' | 'perBoard' | 'totals') => serverMessage(`bom.export.${key}`, locale);
  const columns = (b.columns ?? []) as HeaderColumn[];
  const width = Math.max(header?.length ?? 0, ...columns.map((col) => col.index + 1), 0);
  return exportXlsx({
    sheetName: sheet?.name ?? b.name,
    header,
    lines: lines.map((l) => {
      const cells = (l.source as { cells?: string[] }).cells ?? [];
      const part = l.chosenProductId === null ? undefined : parts.get(l.chosenProductId);
      return {
        // A line added by hand has no row: its cells say so in the first column when none were mapped.
        cells: l.row === null && cells.every((x) => x === '') && width > 0 ? [serverMessage('bom.export.userLine', locale)] : cells,
        part: part ?? null,
        status: serverMessage(`bom.status.${l.status as BomLineStatus}`, locale),
        confidence: l.confidence,
        quantity: l.quantity,
        dnp: l.dnp,
      };
    }),
    boardCount: b.boardCount,
    labels: {
      mpn: label('mpn'),
      brand: label('brand'),
      category: label('category'),
      package: label('package'),
      status: label('status'),
      confidence: label('confidence'),
      perBoard: label('perBoard'),
      total: serverMessage('bom.export.total', locale, { boards: b.boardCount }),
      totals: label('totals'),
    },
  });
}

// ── Shared links (issue #36 item 3) ─────────────────────────────────────────────

const BomAccessSchema = z
  .object({
    readOnly: z.boolean().openapi({ description: 'true: the caller reached the BOM by a shared link; it may read it and copy it, not change it' }),
    owned: z.boolean().openapi({ description: 'true: the BOM belongs to a user (the caller, when not read-only)' }),
  })
  .openapi('BomAccess');
const BomCopySchema = z.object({ bomId: BomIdSchema }).openapi('BomCopy');

bom.openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/bom/access',
    tags,
    security,
    summary: 'Whether the caller may change this BOM, or only read it (a shared link)',
    description: 'An anonymous BOM belongs to the browser that uploaded it (its bom_owner cookie); others who have the link read it. A logged-in call from the creating browser claims it.',
    request: { query: z.object({ bomId: BomIdSchema }) },
    responses: { 200: json(envelopeOf(BomAccessSchema), 'What the caller may do'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const caller = callerOfRequest(c);
    const b = await openBom(c.var.db, c.req.valid('query').bomId, caller, 'read');
    return c.json(ok({ readOnly: !holdsBom(b, caller), owned: b.ownerId !== null }), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/bom/copy',
    tags,
    security,
    summary: 'Copy to my BOMs: a new BOM of the caller with the sheets, mapping and lines of one it can read',
    description: 'Logged in: the copy is the user’s. Logged out: it belongs to this browser (bom_owner cookie) and expires 30 days after its last change.',
    request: { body: { content: { 'application/json': { schema: z.strictObject({ bomId: BomIdSchema }) } }, required: true } },
    responses: { 200: json(envelopeOf(BomCopySchema), 'The copy'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    await throttleWork(c);
    const caller = callerOfRequest(c);
    const source = await openBom(c.var.db, c.req.valid('json').bomId, caller, 'read');
    const ownerKey = caller.userId === null ? ensureOwnerKey(c) : null;
    const copy = await copyBom(c.var.db, source, { ownerId: caller.userId, ownerKey }, caller.now);
    return c.json(ok({ bomId: copy.id }), 200);
  },
);

// ── The user's BOM list ───────────────────────────────────────────────────────

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/bom',
    tags: ['user', 'bom'],
    security: [{ XToken: [] }],
    summary: 'My BOMs, most recently changed first',
    request: { body: { content: { 'application/json': { schema: UserBomListBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(UserBomListSchema), 'A page of BOMs'), ...authErrorResponses },
  }),
  async (c) => {
    const page = c.req.valid('json');
    const { rows, total } = await listOwnBoms(c.var.db, c.var.user.id, page);
    const counts = await countsOf(
      c.var.db,
      rows.map((r) => r.id),
    );
    const list = rows.map((r) => ({
      bomId: r.id,
      name: r.name,
      state: r.state as 'uploaded' | 'confirmed' | 'matching' | 'matched',
      boardCount: r.boardCount,
      lines: counts.get(r.id)!.lines,
      counts: counts.get(r.id)!.counts,
      updatedAt: r.updatedAt.toISOString(),
      fileName: r.fileName,
      createdAt: r.createdAt.toISOString(),
    }));
    return c.json(ok({ list, total }), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'delete',
    path: '/chiplet/user/bom/del',
    tags: ['user', 'bom'],
    security: [{ XToken: [] }],
    summary: 'Delete one of my BOMs (its lines, sheets and file go with it)',
    request: { query: z.object({ bomId: BomIdSchema }) },
    responses: { 200: json(envelopeOf(z.object({ bomId: BomIdSchema })), 'Deleted'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const { bomId } = c.req.valid('query');
    // An anonymous BOM is claimed first (the caller holds its id), then deleted as theirs.
    const b = await open(c, bomId);
    if (!(await deleteBom(c.var.db, getFileStore(), b.id, c.var.user.id))) throw bomNotFound(c.var.locale);
    return c.json(ok({ bomId }), 200);
  },
);

bom.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/bom/update',
    tags: ['user', 'bom'],
    security: [{ XToken: [] }],
    summary: 'Rename one of my BOMs',
    request: { body: { content: { 'application/json': { schema: UserBomUpdateBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(BomSummarySchema), 'The BOM'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const b = await open(c, body.bomId);
    const renamed = await renameBom(c.var.db, b.id, c.var.user.id, body.name);
    if (!renamed) throw bomNotFound(c.var.locale);
    return c.json(ok(await bomSummary(c.var.db, renamed)), 200);
  },
);

export const bomRoutes = bom;
