import { OpenAPIHono } from '@hono/zod-openapi';
import { catalogRoutes } from '../catalog/catalog.routes.ts';
import { userRoutes } from '../users/users.routes.ts';
import { accountRoutes } from '../users/account.routes.ts';
import { searchRoutes } from '../search/search.routes.ts';
import { aiProductsRoutes } from '../ai/ai-products.routes.ts';
import { jobRoutes } from '../jobs/jobs.routes.ts';
import { bomRoutes } from '../bom/bom.routes.ts';
import { replaceRoutes } from '../replace/replace.routes.ts';
import { viewerRoutes } from '../viewer/viewer.routes.ts';
import { designsRoutes } from '../designs/designs.routes.ts';
import { partUseRoutes } from '../designs/part-use.routes.ts';
import { ragRoutes } from '../ai/datasheets/rag.routes.ts';
import { chatRoutes } from '../ai/chat/chat.routes.ts';
import { collectionsRoutes } from '../library/collections.routes.ts';
import { categoriesRoutes } from '../library/categories.routes.ts';
import { componentsRoutes } from '../library/components.routes.ts';
import { submissionsRoutes } from '../library/submissions.routes.ts';
import { blocksRoutes } from '../library/blocks.routes.ts';
import { kicadHostRoutes } from '../kicad-host/kicad-host.routes.ts';
import { placementRoutes } from '../kicad-host/placement.routes.ts';
import { offersRoutes } from '../offers/offers.routes.ts';
import { apiPlumbing } from './api-plumbing.ts';
import type { AppEnv } from './app-env.ts';
import { getConfig } from './config.server.ts';
import { plumb } from './create-app.ts';
import type { Db } from './db/client.server.ts';
import { logger as rootLogger, type Logger } from './logger.server.ts';
import { renderApiReference } from './openapi-reference.ts';
import { validationHook } from './validation.ts';

export type AppDeps = {
  db: Db;
  /** Origins that may frame us (HOST_ORIGINS); default from the environment. */
  hostOrigins?: readonly string[];
  logger?: Logger;
  /** Seconds since the epoch; tests inject a clock. */
  now?: () => number;
};

const openApiInfo: { openapi: string; info: { title: string; version: string; description: string } } = {
  openapi: '3.1.0',
  info: {
    title: 'Chipedia API',
    version: '0.1.0',
    description:
      'Every response is the envelope { code, msg, result }; code 200000 is success. Errors: 40000 bad input (msg names the field), 40001 no or invalid token, 40002 session expired, 40300 forbidden, 40400 not found, 41300 too large, 42900 rate limited, 50000 internal, 50300 unavailable. Authenticate with the X-token header.',
  },
};

/** The one Hono app behind /api: the shared plumbing (create-app.ts), one .route() per domain. */
export function createApp(deps: AppDeps) {
  const app = plumb(
    new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath('/api'),
    apiPlumbing({
      db: deps.db,
      logger: deps.logger ?? rootLogger,
      hostOrigins: deps.hostOrigins ?? getConfig().HOST_ORIGINS,
      now: deps.now ?? (() => Math.floor(Date.now() / 1000)),
    }),
  );

  app.route('/', catalogRoutes);
  app.route('/', userRoutes);
  app.route('/', accountRoutes);
  app.route('/', searchRoutes);
  app.route('/', aiProductsRoutes);
  app.route('/', jobRoutes);
  app.route('/', bomRoutes);
  app.route('/', replaceRoutes);
  app.route('/', viewerRoutes);
  app.route('/', designsRoutes);
  app.route('/', partUseRoutes);
  app.route('/', ragRoutes);
  app.route('/', chatRoutes);
  app.route('/', collectionsRoutes);
  app.route('/', categoriesRoutes);
  app.route('/', componentsRoutes);
  app.route('/', submissionsRoutes);
  app.route('/', blocksRoutes);
  app.route('/', kicadHostRoutes);
  app.route('/', placementRoutes);
  app.route('/', offersRoutes);

  app.doc31('/openapi.json', openApiInfo);
  app.get('/docs', (c) => c.html(renderApiReference(app.getOpenAPI31Document(openApiInfo) as unknown as Record<string, unknown>)));
  return app;
}

export type App = ReturnType<typeof createApp>;
