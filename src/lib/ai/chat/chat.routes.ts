import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../server/app-env.ts';
import { callerOf, optionalUser, requireUser } from '../../server/auth.server.ts';
import { ipDigest } from '../../server/client-key.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, ok } from '../../server/envelope.ts';
import { AppError, Code } from '../../server/errors.ts';
import { serverMessage } from '../../server/messages/server-message.ts';
import { createRateLimit, type RateLimit } from '../../server/rate-limit.server.ts';
import { declareBodyLimit } from '../../server/request-guard.ts';
import { validationHook } from '../../server/validation.ts';
import { AI_LIMITS } from '../ai.ts';
import {
  ChatBodySchema,
  ConversationDetailSchema,
  ConversationIdSchema,
  ConversationListQuery,
  ConversationListSchema,
  ConversationSchema,
  DeleteBodySchema,
  RenameBodySchema,
} from './chat.schema.ts';
import { chatTurn } from './chat-turn.server.ts';
import { conversationDetail, deleteConversation, listConversations, renameConversation } from './conversations.server.ts';

// The assistant's chat API (issue #15 items 1, 2, 7): the streamed chat turn and the logged-in
// user's conversations. The turn itself is chat-turn.server.ts; shapes are chat.schema.ts's.

const CHAT_PATH = '/chiplet/ai/chat';
// A guest sends its history (≤ 20 messages of up to 12,000 characters, CJK at 3 bytes each).
declareBodyLimit(`/api${CHAT_PATH}`, 1024 * 1024);

/** Chat turns per minute: per logged-in user, and per client address (guests and users alike). */
export const CHAT_THROTTLES = { user: { max: 20, windowMs: 60_000 }, ip: { max: 40, windowMs: 60_000 } };
let userThrottle: RateLimit = createRateLimit('chat:user', CHAT_THROTTLES.user);
let ipThrottle: RateLimit = createRateLimit('chat:ip', CHAT_THROTTLES.ip);

/** Fresh counts, optionally with other limits (tests, the benchmark). */
export function resetChatThrottles(limits = CHAT_THROTTLES): void {
  userThrottle = createRateLimit('chat:user', limits.user, { fresh: true });
  ipThrottle = createRateLimit('chat:ip', limits.ip, { fresh: true });
}

async function throttle(c: Context<AppEnv>, t: RateLimit, key: string): Promise<void> {
  const verdict = await t.hit(c.var.db, key);
  if (verdict.ok) return;
  c.header('Retry-After', String(verdict.retryAfter));
  throw new AppError(Code.rateLimited, serverMessage('aiChat.rateLimited', c.var.locale, { seconds: verdict.retryAfter }));
}

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const notFound = { 404: json(errorEnvelope, 'No such conversation, or not yours (40400)') } as const;
const tags = ['ai'];
const security: Record<string, string[]>[] = [{ XToken: [] }, {}];

export const chatRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
chatRoutes.use(CHAT_PATH, optionalUser);
chatRoutes.use('/chiplet/ai/conversations', requireUser);
chatRoutes.use('/chiplet/ai/conversations/*', requireUser);

chatRoutes.openapi(
  createRoute({
    method: 'post',
    path: CHAT_PATH,
    tags,
    security,
    summary: 'Ask the assistant: the answer streams as an AI SDK UI message stream (SSE)',
    description: [
      'The body is what @ai-sdk/react useChat sends (id, messages, trigger, messageId) plus conversationId, origin and designId.',
      `The question is the last message's text (1..${AI_LIMITS.questionChars} characters). Logged in: the conversation is stored and its stored history is used; the answer's metadata carries conversationId.`,
      `Logged out: at most ${AI_LIMITS.guestHistory} messages of history; nothing is stored.`,
      'Data parts: data-parts (part cards), data-citations (datasheet pages), data-notice (no-model, budget, provider-error, limit, truncated), data-unverified (part numbers the catalogue does not hold).',
    ].join(' '),
    request: { body: { content: { 'application/json': { schema: ChatBodySchema } }, required: true } },
    responses: {
      200: { description: 'text/event-stream: UI message chunks (start, text-start/delta/end, data-*, finish) then [DONE]', content: { 'text/event-stream': { schema: z.string() } } },
      404: json(errorEnvelope, 'No such conversation or design, or not yours (40400)'),
      429: json(errorEnvelope, `More than ${CHAT_THROTTLES.user.max} questions a minute from this user, or ${CHAT_THROTTLES.ip.max} from this address (42900, Retry-After)`),
      ...authErrorResponses,
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const user = callerOf(c);
    await throttle(c, ipThrottle, `ip:${ipDigest(c.var.ip)}`);
    if (user) await throttle(c, userThrottle, `u:${user.id}`);
    const response = await chatTurn({
      db: c.var.db,
      locale: body.locale ?? c.var.locale,
      userId: user?.id ?? null,
      body,
      signal: c.req.raw.signal,
      log: c.var.log,
      now: new Date(c.var.now() * 1000),
    });
    return response as never;
  },
);

chatRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/ai/conversations',
    tags,
    security: [{ XToken: [] }],
    summary: "The caller's conversations, most recently active first",
    request: { query: ConversationListQuery },
    responses: { 200: json(envelopeOf(ConversationListSchema), 'One page'), ...authErrorResponses },
  }),
  async (c) => c.json(ok(await listConversations(c.var.db, c.var.user.id, c.req.valid('query'))), 200),
);

chatRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/chiplet/ai/conversations/{id}',
    tags,
    security: [{ XToken: [] }],
    summary: 'One conversation with its messages as UI messages (for useChat)',
    request: { params: z.object({ id: ConversationIdSchema }) },
    responses: { 200: json(envelopeOf(ConversationDetailSchema), 'The conversation'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await conversationDetail(c.var.db, c.var.user.id, c.req.valid('param').id, c.var.locale)), 200),
);

chatRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/ai/conversations/rename',
    tags,
    security: [{ XToken: [] }],
    summary: 'Rename a conversation (1..100 characters)',
    request: { body: { content: { 'application/json': { schema: RenameBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(ConversationSchema), 'The renamed conversation'), ...authErrorResponses, ...notFound },
  }),
  async (c) => {
    const { id, title } = c.req.valid('json');
    return c.json(ok(await renameConversation(c.var.db, c.var.user.id, id, title, c.var.locale)), 200);
  },
);

chatRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/ai/conversations/del',
    tags,
    security: [{ XToken: [] }],
    summary: 'Delete a conversation and its messages',
    request: { body: { content: { 'application/json': { schema: DeleteBodySchema } }, required: true } },
    responses: { 200: json(envelopeOf(z.object({ id: ConversationIdSchema, deleted: z.literal(true) })), 'Deleted'), ...authErrorResponses, ...notFound },
  }),
  async (c) => c.json(ok(await deleteConversation(c.var.db, c.var.user.id, c.req.valid('json').id, c.var.locale)), 200),
);
