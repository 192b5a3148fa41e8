import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { readCateTreeBody } from '../catalog/catalog.routes.ts';
import { CateTreeNodeSchema, ProductDetailSchema } from '../catalog/catalog.schema.ts';
import { productDetail } from '../catalog/detail.server.ts';
import { requireOperator } from '../library/operator.server.ts';
import { requireUser } from '../server/auth.server.ts';
import { createThrottle } from '../server/rate-limit.ts';
import { validationHook } from '../server/validation.ts';
import { FEEDBACK_LIMITS } from './feedback.ts';
import { FeedbackListSchema, FeedbackMineSchema, FeedbackPageSchema, FeedbackResolveSchema, FeedbackSchema, FeedbackSubmitSchema } from './feedback.schema.ts';
import { listFeedback, myFeedback, resolveFeedback, submitFeedback } from './feedback.server.ts';
import { cateTreeFor } from '../catalog/catalog.server.ts';
import { QueryPageRequest, SearchItemSchema, SearchResultSchema, issueError, MAX_WINDOW } from '../search/search.schema.ts';
import { searchProducts } from '../search/search.server.ts';
import type { AppEnv } from '../server/app-env.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { KicadRefsSchema } from './kicad-ids.ts';
import { KICAD_SUMMARY_SUFFIX, KICAD_TAG, withKicadRefs } from './kicad-variants.ts';
import { edaModelConstraint } from './kicad-variants.server.ts';

// ADR 0015 §3: the catalogue's kicad variants (products/kicad/queryPage with haveEdaModel,
// products/kicad/cateTree), kicad/productDetail, and kicad/feedback with its operator side. The
// library's variants (u/kicad/cate, comp, fragment, collect, base/get, persistence/file) are
// served next to their plain routes by serveWithKicadVariant (kicad-variants.ts).

const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
/** The catalogue's part code (as products/detail takes it). */
const MfgMpnCode = z.string().regex(/^[A-Za-z0-9._~-]{1,160}$/, 'URL-safe part code');
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

// --- products/kicad/queryPage ----------------------------------------------------------------------

const KicadQueryPageRequest = z
  .strictObject({
    ...QueryPageRequest.shape,
    haveEdaModel: z
      .boolean({ error: 'haveEdaModel' })
      .optional()
      .openapi({ description: 'true: only parts with both a KiCad symbol and a footprint (false or absent: every part)' }),
  })
  .refine((request) => request.pageNum * request.pageSize <= MAX_WINDOW, { message: 'window', path: ['pageNum'] })
  .openapi('KicadQueryPageRequest');

const KicadSearchResultSchema = SearchResultSchema.extend({ list: z.array(SearchItemSchema.extend({ kicad: KicadRefsSchema })) }).openapi('KicadSearchResult');

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/products/kicad/queryPage',
    tags: ['search', KICAD_TAG],
    summary: `Part search and parametric filter, with a haveEdaModel filter and KiCad ids per part${KICAD_SUMMARY_SUFFIX}`,
    description:
      'The KiCad ≥ 9.0.5 path of /chiplet/products/queryPage: the same body and validation plus `haveEdaModel` (true: only parts with both a symbol and a footprint; totals and facets count those only). Each part in `list` also carries `kicad` (KicadRefs: KiCad Library:Name ids of its symbol and footprint, absolute URLs of their previews and of the placement payload).',
    request: { body: { required: true, content: { 'application/json': { schema: KicadQueryPageRequest } } } },
    responses: {
      200: json(envelopeOf(KicadSearchResultSchema), 'A page of parts with facets, each with its KiCad refs'),
      503: json(errorEnvelope, 'The search took too long (50300)'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const { haveEdaModel, ...request } = c.req.valid('json');
    const result = await searchProducts(c.var.db, { ...request, locale: c.var.locale }, haveEdaModel ? { constraints: edaModelConstraint(c.var.db) } : {});
    return withKicadRefs(c, c.json(ok(result), 200)) as never;
  },
  (result, c) => {
    if (result.success) return;
    const locale = c.var.locale ?? 'zh';
    const issue = result.error.issues[0];
    if (issue?.message === 'haveEdaModel') throw new AppError(Code.badInput, serverMessage('field', locale, { field: 'haveEdaModel', problem: serverMessage('kicadHost.boolean', locale) }));
    throw issueError(result.error, locale, result.target);
  },
);

// --- products/kicad/cateTree -----------------------------------------------------------------------

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/products/kicad/cateTree',
    tags: ['catalogue', KICAD_TAG],
    summary: `The category tree, nested, with product counts${KICAD_SUMMARY_SUFFIX}`,
    description:
      'The KiCad ≥ 9.0.5 path of /chiplet/products/cateTree: the same optional body ({ rootId?, depth? }) and the same answer. Categories hold no parts, so nothing is added; the path exists so that a KiCad host swaps every catalogue path the same way.',
    responses: {
      200: json(envelopeOf(z.array(CateTreeNodeSchema)), 'Tree'),
      404: json(errorEnvelope, 'Unknown rootId (40400)'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const body = await readCateTreeBody(c);
    return c.json(ok(await cateTreeFor(c.var.db, c.var.locale, body.rootId, body.depth ?? 3)), 200);
  },
);

// --- kicad/productDetail ---------------------------------------------------------------------------

const KicadProductDetailSchema = ProductDetailSchema.extend({ kicad: KicadRefsSchema }).openapi('KicadProductDetail');

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/kicad/productDetail',
    tags: ['catalogue', KICAD_TAG],
    summary: `One part with its KiCad library ids and asset URLs${KICAD_SUMMARY_SUFFIX}`,
    description:
      'The answer of /chiplet/products/detail for the same { mfgMpnCode }, plus `kicad` (KicadRefs: the symbol’s and footprint’s KiCad Library:Name ids, absolute URLs of the symbol, footprint and 3D previews and of the placement payload). Similar parts carry their own `kicad` too.',
    request: { body: { required: true, content: { 'application/json': { schema: z.strictObject({ mfgMpnCode: MfgMpnCode }) } } } },
    responses: {
      200: json(envelopeOf(KicadProductDetailSchema), 'The part with its KiCad refs'),
      404: json(errorEnvelope, 'Unknown part (40400)'),
      ...errorResponses,
    },
  }),
  async (c) => withKicadRefs(c, c.json(ok(await productDetail(c.var.db, c.req.valid('json').mfgMpnCode, c.var.locale)), 200)) as never,
);

// --- kicad/feedback --------------------------------------------------------------------------------

/** Reports per user (in memory, per node: it shields the operators' queue from one flooding user). */
const feedbackThrottle = createThrottle({ max: FEEDBACK_LIMITS.perUserMax, windowMs: FEEDBACK_LIMITS.perUserWindowMs });
const security: Record<string, string[]>[] = [{ XToken: [] }];
const feedbackTags = ['feedback', KICAD_TAG];
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const forbidden = { 403: json(errorEnvelope, 'Not an operator (40300)') };

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/kicad/feedback',
    tags: feedbackTags,
    security,
    middleware: [requireUser] as const,
    summary: 'Report a wrong symbol, footprint or 3D model of a catalogue part (mfgMpnCode) or of one of my own components (userCompId)',
    description: `Logged in. At most ${FEEDBACK_LIMITS.perUserMax} reports per user in ${FEEDBACK_LIMITS.perUserWindowMs / 60_000} minutes (42900 after, with Retry-After). Someone else’s component is 40400 like a missing one.`,
    request: body(FeedbackSubmitSchema),
    responses: {
      200: json(envelopeOf(FeedbackSchema), 'The stored report (state open)'),
      404: json(errorEnvelope, 'Unknown part, or no such own component (40400)'),
      429: json(errorEnvelope, 'Too many reports (42900)'),
      ...authErrorResponses,
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const verdict = feedbackThrottle.hit(`user:${c.var.user.id}`);
    if (!verdict.ok) {
      c.header('Retry-After', String(verdict.retryAfter));
      throw new AppError(Code.rateLimited, serverMessage('kicadHost.feedback.rateLimited', c.var.locale, { seconds: verdict.retryAfter }));
    }
    return c.json(ok(await submitFeedback(c.var.db, c.var.user.id, body, c.var.locale)), 200);
  },
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/kicad/feedback/mine',
    tags: feedbackTags,
    security,
    middleware: [requireUser] as const,
    summary: 'My reports, newest first, with the operators’ replies',
    request: body(FeedbackMineSchema),
    responses: { 200: json(envelopeOf(FeedbackPageSchema), 'A page of reports'), ...authErrorResponses },
  }),
  async (c) => {
    const { pageNum, pageSize } = c.req.valid('json');
    return c.json(ok(await myFeedback(c.var.db, c.var.user.id, pageNum, pageSize)), 200);
  },
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/kicad/feedback/list',
    tags: feedbackTags,
    security,
    middleware: [requireUser, requireOperator] as const,
    summary: 'Operators: every report, newest first, optionally of one state (open, resolved, rejected), with the reporter',
    request: body(FeedbackListSchema),
    responses: { 200: json(envelopeOf(FeedbackPageSchema), 'A page of reports'), ...authErrorResponses, ...forbidden },
  }),
  async (c) => c.json(ok(await listFeedback(c.var.db, c.req.valid('json'))), 200),
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/kicad/feedback/resolve',
    tags: feedbackTags,
    security,
    middleware: [requireUser, requireOperator] as const,
    summary: 'Operators: resolve or reject an open report with a reply the reporter sees',
    request: body(FeedbackResolveSchema),
    responses: {
      200: json(envelopeOf(FeedbackSchema), 'The report, handled'),
      404: json(errorEnvelope, 'No such report (40400)'),
      ...authErrorResponses,
      ...forbidden,
    },
  }),
  async (c) => c.json(ok(await resolveFeedback(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
);

export { app as kicadHostRoutes };
