import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { validationHook } from '../server/validation.ts';

// Issue #16, H6 (design blocks, u/fragment*, file/operation/persistence*).
export const blocksRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
