import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { readCateTreeBody } from '../catalog/catalog.routes.ts';
import { CateTreeNodeSchema, ProductDetailSchema } from '../catalog/catalog.schema.ts';
import { cateTreeFor } from '../catalog/catalog.server.ts';
import { productDetail } from '../catalog/detail.server.ts';
import { issueError, MAX_WINDOW, QueryPageRequest, SearchItemSchema, SearchResultSchema } from '../search/search.schema.ts';
import { searchProducts } from '../search/search.server.ts';
import type { AppEnv } from '../server/app-env.ts';
import { envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { validationHook } from '../server/validation.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { KicadRefsSchema, MfgMpnCodeSchema } from './kicad-ids.ts';
import { KICAD_SUMMARY_SUFFIX, KICAD_TAG, withKicadRefs } from './kicad-variants.ts';
import { edaModelConstraint } from './kicad-variants.server.ts';

// ADR 0015 §3: the catalogue's kicad variants (products/kicad/queryPage with haveEdaModel,
// products/kicad/cateTree), kicad/productDetail, and kicad/feedback with its operator side. The
// library's variants (u/kicad/cate, comp, fragment, collect, base/get, persistence/file) are
// served next to their plain routes by serveWithKicadVariant (kicad-variants.ts).

const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
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
    request: { body: { required: true, content: { 'application/json': { schema: z.strictObject({ mfgMpnCode: MfgMpnCodeSchema }) } } } },
    responses: {
      200: json(envelopeOf(KicadProductDetailSchema), 'The part with its KiCad refs'),
      404: json(errorEnvelope, 'Unknown part (40400)'),
      ...errorResponses,
    },
  }),
  async (c) => withKicadRefs(c, c.json(ok(await productDetail(c.var.db, c.req.valid('json').mfgMpnCode, c.var.locale)), 200)) as never,
);

// kicad/feedback and its operator side: feedback.routes.ts.
app.route('/', feedbackRoutes);

export { app as kicadHostRoutes };
