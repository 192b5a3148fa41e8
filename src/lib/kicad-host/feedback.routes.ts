import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireOperator } from '../library/operator.server.ts';
import type { AppEnv } from '../server/app-env.ts';
import { requireUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { createRateLimit } from '../server/rate-limit.server.ts';
import { validationHook } from '../server/validation.ts';
import { FEEDBACK_LIMITS } from './feedback.ts';
import { FeedbackListSchema, FeedbackMineSchema, FeedbackPageSchema, FeedbackResolveSchema, FeedbackSchema, FeedbackSubmitSchema } from './feedback.schema.ts';
import { listFeedback, myFeedback, resolveFeedback, submitFeedback } from './feedback.server.ts';
import { KICAD_TAG } from './kicad-variants.ts';

// kicad/feedback (ADR 0015 §3): a logged-in user reports a wrong symbol, footprint or 3D model and
// sees their reports (kicad/feedback/mine); operators (users.role, operator.server.ts) list and
// resolve them. Mounted by kicad-host.routes.ts. Domain work: feedback.server.ts.

const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/** Reports per user (in memory, per node: it shields the operators' queue from one flooding user). */
const feedbackThrottle = createRateLimit('kicad:feedback', { max: FEEDBACK_LIMITS.perUserMax, windowMs: FEEDBACK_LIMITS.perUserWindowMs });
const security: Record<string, string[]>[] = [{ XToken: [] }];
const feedbackTags = ['feedback', KICAD_TAG];
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const forbidden = { 403: json(errorEnvelope, 'Not an operator (40300)') };

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/kicad/feedback',
    tags: feedbackTags,
    security,
    middleware: [requireUser] as const,
    summary: 'Report a wrong symbol, footprint or 3D model of a catalogue part (mfgMpnCode) or of one of my own components (userCompId)',
    description: `Logged in. At most ${FEEDBACK_LIMITS.perUserMax} reports per user in ${FEEDBACK_LIMITS.perUserWindowMs / 60_000} minutes (42900 after, with Retry-After). Someone else’s component is 40400 like a missing one.`,
    request: body(FeedbackSubmitSchema),
    responses: {
      200: json(envelopeOf(FeedbackSchema), 'The stored report (state open)'),
      404: json(errorEnvelope, 'Unknown part, or no such own component (40400)'),
      429: json(errorEnvelope, 'Too many reports (42900)'),
      ...authErrorResponses,
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const verdict = await feedbackThrottle.hit(c.var.db, `user:${c.var.user.id}`);
    if (!verdict.ok) {
      c.header('Retry-After', String(verdict.retryAfter));
      throw new AppError(Code.rateLimited, serverMessage('kicadHost.feedback.rateLimited', c.var.locale, { seconds: verdict.retryAfter }));
    }
    return c.json(ok(await submitFeedback(c.var.db, c.var.user.id, body, c.var.locale)), 200);
  },
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/kicad/feedback/mine',
    tags: feedbackTags,
    security,
    middleware: [requireUser] as const,
    summary: 'My reports, newest first, with the operators’ replies',
    request: body(FeedbackMineSchema),
    responses: { 200: json(envelopeOf(FeedbackPageSchema), 'A page of reports'), ...authErrorResponses },
  }),
  async (c) => {
    const { pageNum, pageSize } = c.req.valid('json');
    return c.json(ok(await myFeedback(c.var.db, c.var.user.id, pageNum, pageSize)), 200);
  },
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/kicad/feedback/list',
    tags: feedbackTags,
    security,
    middleware: [requireUser, requireOperator] as const,
    summary: 'Operators: every report, newest first, optionally of one state (open, resolved, rejected), with the reporter',
    request: body(FeedbackListSchema),
    responses: { 200: json(envelopeOf(FeedbackPageSchema), 'A page of reports'), ...authErrorResponses, ...forbidden },
  }),
  async (c) => c.json(ok(await listFeedback(c.var.db, c.req.valid('json'))), 200),
);

app.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/kicad/feedback/resolve',
    tags: feedbackTags,
    security,
    middleware: [requireUser, requireOperator] as const,
    summary: 'Operators: resolve or reject an open report with a reply the reporter sees',
    request: body(FeedbackResolveSchema),
    responses: {
      200: json(envelopeOf(FeedbackSchema), 'The report, handled'),
      404: json(errorEnvelope, 'No such report (40400)'),
      ...authErrorResponses,
      ...forbidden,
    },
  }),
  async (c) => c.json(ok(await resolveFeedback(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
);

export { app as feedbackRoutes };
