import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { validationHook } from '../server/validation.ts';

// Issue #16, H1 (collections, SPEC §7 Collections user/collect/* and the host's Collect u/collect*).
export const collectionsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
