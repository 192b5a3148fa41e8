import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { validationHook } from '../server/validation.ts';
import { categoryName } from './catalog.ts';
import { listCategories } from './catalog.server.ts';
import { footprintSvg, partZip, symbolSvg, type Svg } from './product-files.server.ts';
import type { Context } from 'hono';

const MfgMpnCode = z.string().regex(/^[A-Za-z0-9._~-]{1,160}$/, 'URL-safe part code');

const CategorySchema = z
  .object({
    cateId: z.number().int(),
    cateName: z.string().openapi({ description: "Name in the caller's locale" }),
    cateNameZh: z.string(),
    cateNameEn: z.string(),
    level: z.number().int().min(1).max(3),
    parentId: z.number().int().nullable(),
  })
  .openapi('Category');

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
        ...errorResponses,
      },
    }),
    async (c) => {
      const { mfgMpnCode, unit } = c.req.valid('query');
      return svgResponse(c, await symbolSvg(c.var.db, mfgMpnCode, unit));
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
        ...errorResponses,
      },
    }),
    async (c) => svgResponse(c, await footprintSvg(c.var.db, c.req.valid('query').mfgMpnCode)),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/products/downloadZip',
      tags: ['catalogue'],
      summary: 'KiCad download: symbol library, .pretty footprint, 3D model when known, licence note',
      request: { body: { required: true, content: { 'application/json': { schema: z.object({ mfgMpnCode: MfgMpnCode }) } } } },
      responses: {
        200: { description: 'ZIP archive', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
        404: { description: 'Unknown part (40400 envelope, not a broken zip)', content: { 'application/json': { schema: errorEnvelope } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { fileName, zip } = await partZip(c.var.db, c.req.valid('json').mfgMpnCode);
      return c.body(new Uint8Array(zip), 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        'Cache-Control': 'private, max-age=300',
      });
    },
  );

/** Symbols and footprints change only on re-import: cache for a day, revalidate by ETag. */
function svgResponse(c: Context, { svg, etag }: Svg) {
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  return c.body(svg, 200, headers);
}
