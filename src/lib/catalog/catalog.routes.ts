import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { SVG_CSP } from '../server/security-headers.ts';
import type { AppEnv } from '../server/app-env.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { validationHook } from '../server/validation.ts';
import { categoryName } from './catalog.ts';
import { cateTreeFor, listCategories } from './catalog.server.ts';
import { markBatcherOf, type MarkClient } from './mark-batch.server.ts';
import { CategorySchema, CateTreeNodeSchema, CountersSchema, MarkTypeSchema, type CounterName, type Counters, type MarkType, ProductDetailSchema, QueryHeaderSchema, SimilarPartSchema } from './catalog.schema.ts';
import { callerKey, throttleByIp } from '../server/client-key.server.ts';
import { createRateLimit } from '../server/rate-limit.server.ts';
import { productDetail, productIdByCode, similarParts, notFoundPart } from './detail.server.ts';
import { queryHeader } from './filters.server.ts';
import { footprintSvg, partZip, symbolSvg, type Svg } from './product-files.server.ts';
import { downloadLimited, rateLimitedResponses } from './download-limits.server.ts';
import type { Context } from 'hono';
import { gunzipSync } from 'node:zlib';
import { partModel } from './model3d/part-model.server.ts';

const MfgMpnCode = z.string().regex(/^[A-Za-z0-9._~-]{1,160}$/, 'URL-safe part code');

const MarkResultSchema = z.object({ mKey: z.string(), mType: MarkTypeSchema, counters: CountersSchema });
const markResponses = {
  200: { description: 'New counter values', content: { 'application/json': { schema: envelopeOf(MarkResultSchema) } } },
  404: { description: 'Unknown part or module (40400)', content: { 'application/json': { schema: errorEnvelope } } },
  429: { description: 'Too many tracking calls from this address (42900)', content: { 'application/json': { schema: errorEnvelope } } },
  503: { description: 'The batch this call was in could not be written (50300); nothing of it was counted', content: { 'application/json': { schema: errorEnvelope } } },
  ...errorResponses,
} as const;
/** SPEC §3 counters are 0 or 1 per call: a call says "this happened", never "add 300". */
const ONE = z.union([z.literal(0), z.literal(1)]).optional().openapi({ description: '1 counts (once per client, part and day); 0 or absent does not' });
const MarkAddBody = z
  .strictObject({ mKey: MfgMpnCode, mType: MarkTypeSchema, pdfCount: ONE, edaCount: ONE, likeCount: ONE, moduleCount: ONE })
  .refine((b) => b.pdfCount || b.edaCount || b.likeCount || b.moduleCount, { message: 'set one of pdfCount, edaCount, likeCount, moduleCount to 1', path: ['pdfCount'] })
  .openapi('MarkAdd');

/** Tracking calls per IP: far above what a person browsing makes, far below a counter pump. */
export const MARK_THROTTLE = { max: 120, windowMs: 60_000 };
const markThrottle = createRateLimit('catalog:mark', MARK_THROTTLE);

/**
 * Throttles per IP, then names who counts today (issue #9 item 8): each client moves each counter
 * of a part at most once a day, so repeated calls cannot pump the popularity ranking.
 */
async function markClientOf(c: Context<AppEnv>): Promise<MarkClient> {
  await throttleByIp(c, markThrottle);
  return { client: await callerKey(c), day: Math.floor(c.var.now() / 86_400) };
}

/** Queues the mark for the next batched write (mark-batch.server.ts) and answers the part's counters after it. */
async function mark(c: Context<AppEnv>, mKey: string, mType: MarkType, names: readonly CounterName[]): Promise<Counters> {
  const client = await markClientOf(c);
  return markBatcherOf(c.var.db).mark({ mKey, mType, names, client, locale: c.var.locale });
}

function markRoute<Body extends z.ZodType>(path: string, summary: string, body: Body) {
  return createRoute({
    method: 'post',
    path,
    tags: ['tracking'],
    summary,
    request: { body: { required: true, content: { 'application/json': { schema: body } } } },
    responses: markResponses,
  });
}

export const catalogRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/products/chosenCateTree',
    tags: ['catalogue'],
    summary: 'Categories for the header menu (flat list; level-2 nodes without a level-1 parent are top-level)',
    responses: {
      200: { description: 'Category list', content: { 'application/json': { schema: envelopeOf(z.array(CategorySchema)) } } },
      ...errorResponses,
    },
  }),
  async (c) => {
    const rows = await listCategories(c.var.db);
    const locale = c.var.locale;
    return c.json(
      ok(rows.map((r) => ({ ...r, cateName: categoryName(r, locale), cateNameZh: r.cateName }))),
      200,
    );
  },
)
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/products/symbol.svg',
      tags: ['catalogue'],
      summary: "The part's KiCad schematic symbol as SVG (every unit, pins with numbers and names)",
      request: { query: z.object({ mfgMpnCode: MfgMpnCode, unit: z.coerce.number().int().min(1).max(64).optional() }) },
      responses: {
        200: { description: 'SVG', content: { 'image/svg+xml': { schema: z.string() } } },
        404: { description: 'Unknown part or no symbol (40400)', content: { 'application/json': { schema: errorEnvelope } } },
        ...rateLimitedResponses,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { mfgMpnCode, unit } = c.req.valid('query');
      return (await downloadLimited(c, 'svg')) ?? svgResponse(c, await symbolSvg(c.var.db, mfgMpnCode, unit, c.var.locale));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/products/footprint.svg',
      tags: ['catalogue'],
      summary: "The part's KiCad footprint as SVG (pads by shape and layer, silkscreen, fab, courtyard)",
      request: { query: z.object({ mfgMpnCode: MfgMpnCode }) },
      responses: {
        200: { description: 'SVG', content: { 'image/svg+xml': { schema: z.string() } } },
        404: { description: 'Unknown part or no footprint (40400)', content: { 'application/json': { schema: errorEnvelope } } },
        ...rateLimitedResponses,
        ...errorResponses,
      },
    }),
    async (c) => (await downloadLimited(c, 'svg')) ?? svgResponse(c, await footprintSvg(c.var.db, c.req.valid('query').mfgMpnCode, c.var.locale)),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/products/model3d',
      tags: ['catalogue'],
      summary: "The part's 3D preview: its KiCad 3D model placed on a board made from its footprint's pads (CPM1 mesh, src/lib/viewer3d/mesh-format.ts)",
      request: { query: z.object({ mfgMpnCode: MfgMpnCode }) },
      responses: {
        200: { description: 'CPM1 mesh (gzip-encoded when the client accepts it)', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
        404: { description: 'Unknown part, or no footprint or 3D model (40400)', content: { 'application/json': { schema: errorEnvelope } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { gzip, etag } = await partModel(c.var.db, c.req.valid('query').mfgMpnCode, c.var.locale);
      const headers: Record<string, string> = {
        'Content-Type': 'application/octet-stream',
        'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
        ETag: etag,
        Vary: 'Accept-Encoding',
        'X-Content-Type-Options': 'nosniff',
      };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return c.body(new Uint8Array(gzip), 200, { ...headers, 'Content-Encoding': 'gzip' });
      return c.body(new Uint8Array(gunzipSync(gzip)), 200, headers);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/products/cateTree',
      tags: ['catalogue'],
      summary: 'The category tree, nested, with product counts (each node counts its descendants)',
      description:
        'Optional JSON body (an empty body is the whole tree): { rootId?: number (only this subtree), depth?: 1–3 (levels to include, default 3) }. Read by the handler, so an empty body with a JSON content type is accepted.',
      responses: {
        200: { description: 'Tree', content: { 'application/json': { schema: envelopeOf(z.array(CateTreeNodeSchema)) } } },
        404: { description: 'Unknown rootId (40400)', content: { 'application/json': { schema: errorEnvelope } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const body = await readCateTreeBody(c);
      return c.json(ok(await cateTreeFor(c.var.db, c.var.locale, body.rootId, body.depth ?? 3)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/products/detail',
      tags: ['catalogue'],
      summary: 'One part: brand, category path, parameters, symbol and pins, footprint, 3D model reference, similar parts, source and licence',
      request: { body: { required: true, content: { 'application/json': { schema: z.strictObject({ mfgMpnCode: MfgMpnCode }) } } } },
      responses: {
        200: { description: 'Part', content: { 'application/json': { schema: envelopeOf(ProductDetailSchema) } } },
        404: { description: 'Unknown part (40400)', content: { 'application/json': { schema: errorEnvelope } } },
        ...errorResponses,
      },
    }),
    async (c) => c.json(ok(await productDetail(c.var.db, c.req.valid('json').mfgMpnCode, c.var.locale)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/products/similar',
      tags: ['catalogue'],
      summary: 'Similar parts: same category and package, nearest parameters first',
      request: {
        body: {
          required: true,
          content: { 'application/json': { schema: z.strictObject({ mfgMpnCode: MfgMpnCode, limit: z.number().int().min(1).max(50).optional() }) } },
        },
      },
      responses: {
        200: { description: 'Parts', content: { 'application/json': { schema: envelopeOf(z.array(SimilarPartSchema)) } } },
        404: { description: 'Unknown part (40400)', content: { 'application/json': { schema: errorEnvelope } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { mfgMpnCode, limit } = c.req.valid('json');
      const id = await productIdByCode(c.var.db, mfgMpnCode);
      if (id === null) throw notFoundPart(mfgMpnCode, c.var.locale);
      return c.json(ok(await similarParts(c.var.db, id, c.var.locale, limit)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/products/queryHeader',
      tags: ['catalogue'],
      summary: "A category's filter columns: every parameter its parts (and its descendants') state, with names, unit, value counts (text) or min/max (numeric); brands and packages",
      request: { body: { required: true, content: { 'application/json': { schema: z.strictObject({ cateId: z.number().int().positive().max(999_999_999) }) } } } },
      responses: {
        200: { description: 'Columns', content: { 'application/json': { schema: envelopeOf(QueryHeaderSchema) } } },
        404: { description: 'Unknown category (40400)', content: { 'application/json': { schema: errorEnvelope } } },
        ...errorResponses,
      },
    }),
    async (c) => c.json(ok(await queryHeader(c.var.db, c.req.valid('json').cateId, c.var.locale)), 200),
  )
  .openapi(
    markRoute(
      '/chiplet/mark/add',
      'Tracking: add one to pdfCount (datasheet opened), edaCount (KiCad files downloaded), likeCount or moduleCount of a part. Fire and forget.',
      MarkAddBody,
    ),
    async (c) => {
      const body = c.req.valid('json');
      const names = (['pdfCount', 'edaCount', 'likeCount', 'moduleCount'] as const).filter((n) => body[n] === 1);
      const counters = await mark(c, body.mKey, body.mType, names);
      return c.json(ok({ mKey: body.mKey, mType: body.mType, counters }), 200);
    },
  )
  .openapi(
    markRoute(
      '/chiplet/mark/componentPlacement',
      'Tracking: a component was placed into a design (componentPlacementCount + 1)',
      z.strictObject({ mKey: MfgMpnCode, mType: z.literal('COMPONENT').default('COMPONENT') }).openapi('MarkComponentPlacement'),
    ),
    async (c) => {
      const body = c.req.valid('json');
      const counters = await mark(c, body.mKey, 'COMPONENT', ['componentPlacementCount']);
      return c.json(ok({ mKey: body.mKey, mType: 'COMPONENT' as const, counters }), 200);
    },
  )
  .openapi(
    markRoute(
      '/chiplet/mark/modulePlacement',
      'Tracking: a module was placed into a design (modulePlacementCount + 1 on the part the module is built around)',
      z.strictObject({ mKey: MfgMpnCode, mType: z.literal('MODULE').default('MODULE') }).openapi('MarkModulePlacement'),
    ),
    async (c) => {
      const body = c.req.valid('json');
      const counters = await mark(c, body.mKey, 'MODULE', ['modulePlacementCount']);
      return c.json(ok({ mKey: body.mKey, mType: 'MODULE' as const, counters }), 200);
    },
  )
  .openapi(
    markRoute(
      '/chiplet/mark/tagClick',
      "Tracking: one of the part's tags (category, package, parameter) was clicked (tagClickCount + 1)",
      z.strictObject({ mKey: MfgMpnCode, mType: MarkTypeSchema.default('COMPONENT') }).openapi('MarkTagClick'),
    ),
    async (c) => {
      const body = c.req.valid('json');
      const counters = await mark(c, body.mKey, body.mType, ['tagClickCount']);
      return c.json(ok({ mKey: body.mKey, mType: body.mType, counters }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/products/downloadZip',
      tags: ['catalogue'],
      summary: 'The same KiCad download as the POST, as a plain link (pages work without JavaScript)',
      request: { query: z.object({ mfgMpnCode: MfgMpnCode }) },
      responses: {
        200: { description: 'ZIP archive', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
        404: { description: 'Unknown part (40400 envelope)', content: { 'application/json': { schema: errorEnvelope } } },
        ...rateLimitedResponses,
        ...errorResponses,
      },
    }),
    async (c) => zipResponse(c, c.req.valid('query').mfgMpnCode),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/products/downloadZip',
      tags: ['catalogue'],
      summary: 'KiCad download: symbol library, .pretty footprint, 3D model when known, licence note',
      request: { body: { required: true, content: { 'application/json': { schema: z.strictObject({ mfgMpnCode: MfgMpnCode }) } } } },
      responses: {
        200: { description: 'ZIP archive', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
        404: { description: 'Unknown part (40400 envelope, not a broken zip)', content: { 'application/json': { schema: errorEnvelope } } },
        ...rateLimitedResponses,
        ...errorResponses,
      },
    }),
    async (c) => zipResponse(c, c.req.valid('json').mfgMpnCode),
  );

/** The zip, built once per part version (product-files.server.ts); 304 when the client has it. Per-client limit first. */
async function zipResponse(c: Context<AppEnv>, mfgMpnCode: string) {
  const limited = await downloadLimited(c, 'zip');
  if (limited) return limited;
  const zip = await partZip(c.var.db, mfgMpnCode, c.var.locale);
  const headers = {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${zip.fileName}"; filename*=UTF-8''${encodeURIComponent(zip.fileName)}`,
    'Cache-Control': 'private, max-age=300',
    ETag: zip.etag,
  };
  if (notModified(c, zip.etag)) return c.body(null, 304, headers);
  const { chunks, size } = await zip.load();
  return c.body(streamOf(chunks), 200, { ...headers, 'Content-Length': String(size) });
}

/** The cateTree body is optional: empty means {}; anything else must be a valid body (40000 otherwise). */
export async function readCateTreeBody(c: Context<AppEnv>): Promise<z.infer<typeof CateTreeBody>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(Code.badInput, serverMessage('malformedJson', c.var.locale));
  }
  const parsed = CateTreeBody.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(Code.badInput, serverMessage('field', c.var.locale, { field: issue?.path.join('.') || 'body', problem: issue?.message ?? 'invalid' }));
  }
  return parsed.data;
}
const CateTreeBody = z.strictObject({ rootId: z.number().int().positive().max(999_999_999).optional(), depth: z.number().int().min(1).max(3).optional() });

/** Symbols and footprints change only on re-import: cache for a day, revalidate by ETag. */
async function svgResponse(c: Context, svg: Svg) {
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
    ETag: svg.etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': SVG_CSP,
  };
  if (notModified(c, svg.etag)) return c.body(null, 304, headers);
  const bytes = await svg.load();
  return c.body(streamOf([bytes]), 200, { ...headers, 'Content-Length': String(bytes.length) });
}

/** A GET or HEAD whose If-None-Match lists `etag` (or *); weak and strong tags compare alike. */
function notModified(c: Context, etag: string): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  const header = c.req.header('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Cached bytes as a response body, in slices of at most 64 KB, read as the connection drains: no copy. */
function streamOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  const SLICE = 64 * 1024;
  let index = 0;
  let offset = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[index];
        if (!chunk) return controller.close();
        const end = Math.min(chunk.length, offset + SLICE);
        controller.enqueue(chunk.subarray(offset, end));
        if (end === chunk.length) [index, offset] = [index + 1, 0];
        else offset = end;
      },
    },
    { highWaterMark: 0 },
  );
}
