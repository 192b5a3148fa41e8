import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { rateLimitedResponses, throttleDownload } from '../catalog/download-limits.server.ts';
import { getFileStore } from '../files/file-store.server.ts';
import type { AppEnv } from '../server/app-env.ts';
import { callerOf, optionalUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { RowId, validationHook } from '../server/validation.ts';
import { siteOrigin } from '../seo/origin.server.ts';
import { PLACE_COMMANDS } from './placement.ts';
import { catalogPlacement, ownPlacement } from './placement.server.ts';

// Issue #17, ADR 0015 §2: what the KiCad WebView page sends KiCad to place a part. Catalogue
// parts for anyone; own components for their owner only (logged in).

const PATH = '/chiplet/kicad/placement';
const MfgMpnCode = z.string().regex(/^[A-Za-z0-9._~-]{1,160}$/, 'URL-safe part code');
const Command = z.enum(PLACE_COMMANDS).default('DL_COMPONENT');

const PlacementBody = z
  .strictObject({ mfgMpnCode: MfgMpnCode.optional(), userCompId: RowId.optional(), command: Command })
  .refine((b) => (b.mfgMpnCode === undefined) !== (b.userCompId === undefined), { message: 'give exactly one of mfgMpnCode, userCompId', path: ['mfgMpnCode'] })
  .openapi('PlacementRequest');

const Asset = z.object({
  command: z.enum(['DL_SYMBOL', 'DL_FOOTPRINT', 'DL_3DMODEL']),
  label: z.string(),
  filename: z.string(),
  data: z.string().openapi({ description: 'base64 of the zstd-compressed file bytes' }),
  parameters: z.object({
    mode: z.enum(['PLACE', 'SAVE']),
    compression: z.literal('ZSTD'),
    content_type: z.enum(['KICAD_SYMBOL_V1', 'KICAD_FOOTPRINT_V1', 'KICAD_3D_MODEL_VRML', 'KICAD_3D_MODEL_STEP']),
    library: z.string(),
    name: z.string(),
  }),
  size_bytes: z.number().int(),
});

const PlacementSchema = z
  .object({
    name: z.string(),
    image: z.string(),
    command: z.enum(PLACE_COMMANDS),
    parameters: z.record(z.string(), z.string()),
    data: z.string().openapi({
      description:
        "DL_COMPONENT: base64(zstd(JSON [{ type: 'symbol'|'footprint'|'3dmodel', name, checksum (sha256 hex of the raw file), compression: 'ZSTD', content (base64 zstd) }])); DL_SYMBOL/DL_FOOTPRINT/DL_3DMODEL: that one asset's data",
    }),
    assets: z.array(Asset),
    check: z.object({ quality: z.string(), checkedAt: z.string().nullable() }),
    provenance: z.object({ source: z.string(), date: z.string(), check: z.string(), url: z.string() }),
  })
  .openapi('PlacementPayload');

const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
app.use(PATH, optionalUser);

app.openapi(
  createRoute({
    method: 'post',
    path: PATH,
    tags: ['kicad'],
    summary: 'What KiCad places: the part’s zip files (symbol with Chipedia_Source/Date/Check/URL fields, footprint, 3D), zstd + base64, in the KiCad WebView’s DL_* shape',
    description: 'Catalogue parts by mfgMpnCode for anyone; own components by userCompId for their owner (X-token). The files are those of the KiCad zip download.',
    request: { body: { required: true, content: { 'application/json': { schema: PlacementBody } } } },
    responses: {
      200: { description: 'The payload', content: { 'application/json': { schema: envelopeOf(PlacementSchema) } } },
      404: { description: 'Unknown part or component, someone else’s component, or no file for the command (40400)', content: { 'application/json': { schema: errorEnvelope } } },
      ...rateLimitedResponses,
      ...authErrorResponses,
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    // The same files as the zip download, so the same per-client limit (counted together with it).
    await throttleDownload(c, 'zip');
    const origin = siteOrigin(new URL(c.req.url));
    if (body.mfgMpnCode !== undefined) return c.json(ok(await catalogPlacement(c.var.db, body.mfgMpnCode, body.command, origin, c.var.locale)), 200);
    const user = callerOf(c);
    if (!user) throw new AppError(Code.noToken, serverMessage('noToken', c.var.locale));
    return c.json(ok(await ownPlacement(c.var.db, getFileStore(), user.id, body.userCompId!, body.command, origin, c.var.locale)), 200);
  },
);

export const placementRoutes = app;
