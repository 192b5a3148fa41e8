import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { validationHook } from '../server/validation.ts';

// Issue #16, H5 (proposals to the catalogue, user/submitComp, user/getUploadComp, operator review).
export const submissionsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
