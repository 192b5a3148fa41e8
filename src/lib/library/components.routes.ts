import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { validationHook } from '../server/validation.ts';

// Issue #16, H4 (own components and their assets, u/comp*, u/asset/upload/list).
export const componentsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
