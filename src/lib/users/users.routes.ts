import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { serveWithKicadVariant } from '../kicad-host/kicad-variants.ts';
import { requireUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, ok } from '../server/envelope.ts';
import { validationHook } from '../server/validation.ts';

export const UserInfoSchema = z
  .object({
    id: z.number().int(),
    phone: z.string().nullable(),
    nickname: z.string().nullable(),
    username: z.string(),
    email: z.string().nullable(),
    headimage: z.string().nullable(),
  })
  .openapi('UserInfo');

export const userRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

serveWithKicadVariant(
  userRoutes,
  createRoute({
    method: 'post',
    path: '/chiplet/u/base/get',
    tags: ['user'],
    summary: "The logged-in user's info (getUserPicName reads id, nickname, phone, username, email, headimage)",
    security: [{ XToken: [] }],
    middleware: [requireUser] as const,
    responses: {
      200: { description: 'User info', content: { 'application/json': { schema: envelopeOf(UserInfoSchema) } } },
      ...authErrorResponses,
    },
  }),
  (c) => {
    const { id, phone, nickname, username, email, headimage } = c.var.user;
    return c.json(ok({ id, phone, nickname, username, email, headimage }), 200);
  },
  { differs: 'Same answer: the profile holds no parts; the path exists so that a KiCad host swaps every library path the same way.' },
);
