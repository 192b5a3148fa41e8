import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context, Schema } from 'hono';
import type { AppEnv } from '../server/app-env.ts';
import { Code } from '../server/errors.ts';
import { siteOrigin } from '../seo/origin.server.ts';
import { kicadPathOf } from './kicad-ids.ts';
import { addKicadRefs, type ComponentShape } from './kicad-variants.server.ts';

// SPEC §7 "Kicad variants" (ADR 0015 §3): a host of KiCad 9.0.5 or later calls the same routes
// under a kicad path (u/cate → u/kicad/cate, moduleCategory → kicad/moduleCategory…). One helper
// serves a route at both paths with one handler, so the request's validation and the behaviour
// cannot drift apart; the variant's successful answer then gains, per catalogue part and own
// component in it, `kicad: KicadRefs` (KiCad Library:Name ids and absolute asset URLs).

export const KICAD_TAG = 'kicad host';
export const KICAD_SUMMARY_SUFFIX = ' (KiCad ≥ 9.0.5 path)';

export type VariantOptions = {
  /** What the variant's answer has that the plain one has not (the OpenAPI description). */
  differs: string;
  /** Own components in the answer: ComponentSummary objects (u/comp) or only category links. */
  components?: ComponentShape;
};

/** The route config of a plain route's kicad variant. */
export function kicadRouteOf<R extends RouteConfig>(route: R, options: VariantOptions): R {
  const plain = route.path;
  return {
    ...route,
    path: kicadPathOf(plain),
    tags: [...(route.tags ?? []), ...(route.tags?.includes(KICAD_TAG) ? [] : [KICAD_TAG])],
    summary: `${route.summary ?? ''}${KICAD_SUMMARY_SUFFIX}`,
    description: `The KiCad ≥ 9.0.5 path of ${plain}: same request and validation. ${answersJson(route) ? options.differs : 'Same answer (a file, not JSON, so nothing is added).'}`,
  };
}

/** Whether the route's success answer is JSON (files and images pass through unchanged). */
function answersJson(route: RouteConfig): boolean {
  const ok = route.responses[200] as { content?: Record<string, unknown> } | undefined;
  return ok?.content?.['application/json'] !== undefined;
}

/** The caller's id where the route required a login, else null (own components are then not looked up). */
function callerId(c: Context<AppEnv>): number | null {
  return (c.var as { user?: { id: number } }).user?.id ?? null;
}

/** A successful JSON envelope with `kicad` refs added to its result; anything else unchanged. */
export async function withKicadRefs(c: Context<AppEnv>, res: Response, components: ComponentShape = 'none'): Promise<Response> {
  if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('application/json')) return res;
  const body = (await res.clone().json()) as { code?: unknown; result?: unknown };
  if (body.code !== Code.ok || body.result === null || body.result === undefined) return res;
  await addKicadRefs(c.var.db, callerId(c), siteOrigin(new URL(c.req.url)), body.result, components);
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: 200, headers });
}

/**
 * Serves `route` at its plain path and at its kicad variant path with the same handler; the
 * variant adds KiCad refs to the answer. Middleware installed with `app.use` on path patterns
 * must name the variant's paths too (kicadPathOf).
 */
export function serveWithKicadVariant<R extends RouteConfig, S extends Schema, B extends string>(app: OpenAPIHono<AppEnv, S, B>, route: R, handler: RouteHandler<R, AppEnv>, options: VariantOptions): void {
  app.openapi(route, handler);
  const variant = (async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const res = (await (handler as unknown as (c: Context<AppEnv>, next: () => Promise<void>) => Promise<Response> | Response)(c, next)) as Response;
    return withKicadRefs(c, res, options.components);
  }) as unknown as RouteHandler<R, AppEnv>;
  app.openapi(kicadRouteOf(route, options), variant);
}
