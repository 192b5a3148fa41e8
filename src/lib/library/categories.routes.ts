import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { validationHook } from '../server/validation.ts';

// Issue #16, H2 (own categories, SPEC §7 User data u/cate*, relate/*).
export const categoriesRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
