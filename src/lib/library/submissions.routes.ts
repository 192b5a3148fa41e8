import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { getFileStore } from '../files/file-store.server.ts';
import type { AppEnv } from '../server/app-env.ts';
import { requireUser } from '../server/auth.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../server/envelope.ts';
import { RowId, validationHook } from '../server/validation.ts';
import { requireOperator, roleOf } from './operator.server.ts';
import {
  AcceptResultSchema,
  IdBodySchema,
  MyListBodySchema,
  RejectBodySchema,
  ReviewDetailSchema,
  ReviewListBodySchema,
  ReviewListSchema,
  ReviewCardSchema,
  RoleSchema,
  SubmissionCardSchema,
  SubmissionListSchema,
  SubmitBodySchema,
} from './submissions.schema.ts';
import { acceptSubmission, listForReview, listOwnSubmissions, rejectSubmission, reviewDetail, submitComponent, withdrawSubmission } from './submissions.server.ts';

// Issue #16, item 5: proposals of own components to the public catalogue (SPEC §7 user/submitComp,
// user/getUploadComp; withdrawing) and the operators' review (queue, one proposal with previews and
// findings, accept, reject with a reason). Operator calls answer 40300 to everyone else; the role
// itself is granted only by `npm run grant` (scripts/grant.ts), never by a call.

export const submissionsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const tags = ['library'];
const security: Record<string, string[]>[] = [{ XToken: [] }];
const notFound = { 404: json(errorEnvelope, 'No such submission or component, or not the caller’s (40400)') };
const conflict = { 409: json(errorEnvelope, 'Already pending, or already reviewed / withdrawn (40900)') };
const forbidden = { 403: json(errorEnvelope, 'The caller is not an operator (40300)') };

for (const path of ['/chiplet/user/submitComp', '/chiplet/user/submitComp/*', '/chiplet/user/getUploadComp', '/chiplet/user/review/*']) submissionsRoutes.use(path, requireUser);
for (const path of ['/chiplet/user/review/list', '/chiplet/user/review/one', '/chiplet/user/review/accept', '/chiplet/user/review/reject']) submissionsRoutes.use(path, requireOperator);

submissionsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/submitComp',
    tags,
    security,
    summary: 'Propose an own component (ready: its last check found no error) to the public catalogue, under a licence the submitter confirms',
    request: body(SubmitBodySchema),
    responses: { 200: json(envelopeOf(SubmissionCardSchema), 'The pending submission'), ...authErrorResponses, ...notFound, ...conflict },
  }),
  async (c) => {
    const b = c.req.valid('json');
    return c.json(ok(await submitComponent(c.var.db, getFileStore(), c.var.user.id, { userCompId: b.userCompId, licence: b.licence, note: b.note }, c.var.locale)), 200);
  },
);

submissionsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/submitComp/withdraw',
    tags,
    security,
    summary: 'Withdraw the caller’s pending submission',
    request: body(IdBodySchema),
    responses: { 200: json(envelopeOf(SubmissionCardSchema), 'The withdrawn submission'), ...authErrorResponses, ...notFound, ...conflict },
  }),
  async (c) => c.json(ok(await withdrawSubmission(c.var.db, getFileStore(), c.var.user.id, c.req.valid('json').id, c.var.locale)), 200),
);

submissionsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/getUploadComp',
    tags,
    security,
    summary: 'The caller’s submissions, newest first: status, reason, review time, the catalogue part when accepted',
    request: body(MyListBodySchema),
    responses: { 200: json(envelopeOf(SubmissionListSchema), 'A page of submissions'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listOwnSubmissions(c.var.db, c.var.user.id, c.req.valid('json'), c.var.locale)), 200),
);

submissionsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/user/review/role',
    tags,
    security,
    summary: 'Whether the caller is an operator (the review page shows the queue or the caller’s own submissions)',
    responses: { 200: json(envelopeOf(RoleSchema), 'The caller’s role'), ...authErrorResponses },
  }),
  async (c) => c.json(ok({ operator: (await roleOf(c.var.db, c.var.user.id)) === 'operator' }), 200),
);

submissionsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/review/list',
    tags,
    security,
    summary: 'Operators: submissions to review (pending by default, or another status, or all), newest first',
    request: body(ReviewListBodySchema),
    responses: { 200: json(envelopeOf(ReviewListSchema), 'A page of submissions'), ...authErrorResponses, ...forbidden },
  }),
  async (c) => c.json(ok(await listForReview(c.var.db, c.req.valid('json'), c.var.locale)), 200),
);

submissionsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/user/review/one',
    tags,
    security,
    summary: 'Operators: one submission with its parameters, check findings and symbol / footprint previews',
    request: { query: z.object({ id: RowId }) },
    responses: { 200: json(envelopeOf(ReviewDetailSchema), 'The submission'), ...authErrorResponses, ...forbidden, ...notFound },
  }),
  async (c) => c.json(ok(await reviewDetail(c.var.db, getFileStore(), c.req.valid('query').id, c.var.locale)), 200),
);

submissionsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/review/accept',
    tags,
    security,
    summary: 'Operators: accept a pending submission; the part enters the catalogue (source user-submission, submitted by its author)',
    request: body(IdBodySchema),
    responses: { 200: json(envelopeOf(AcceptResultSchema), 'The new catalogue part'), ...authErrorResponses, ...forbidden, ...notFound, ...conflict },
  }),
  async (c) => c.json(ok(await acceptSubmission(c.var.db, getFileStore(), c.var.user.id, c.req.valid('json').id, c.var.locale)), 200),
);

submissionsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/user/review/reject',
    tags,
    security,
    summary: 'Operators: reject a pending submission with a reason (plain text, at most 500 characters) the submitter sees',
    request: body(RejectBodySchema),
    responses: { 200: json(envelopeOf(ReviewCardSchema), 'The rejected submission'), ...authErrorResponses, ...forbidden, ...notFound, ...conflict },
  }),
  async (c) => {
    const b = c.req.valid('json');
    return c.json(ok(await rejectSubmission(c.var.db, getFileStore(), c.var.user.id, b.id, b.reason, c.var.locale)), 200);
  },
);
