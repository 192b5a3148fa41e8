import { z } from '@hono/zod-openapi';
import { DesignIdSchema } from '../../viewer/viewer.schema.ts';

// The chat's API shapes (issue #15 items 1, 2): the body @ai-sdk/react's useChat sends through its
// default transport (`{ id, messages, trigger, messageId }`, see HttpChatTransport in node_modules/ai)
// plus our fields, and the conversation calls. Message parts are only the kinds the chat writes
// (text, step-start and our data parts); anything else is refused, so nothing unknown is stored
// or replayed to the model. Every object refuses unknown keys (security probe, issue #9 item 5).

/** Characters in any one text part a client may send back (an answer is cut at AI_LIMITS.answerChars). */
const MAX_TEXT_PART = 20_000;
/** Messages in one request: a guest's history is checked against AI_LIMITS.guestHistory after parsing. */
const MAX_MESSAGES = 200;

const TextPart = z.strictObject({
  type: z.literal('text'),
  text: z.string().max(MAX_TEXT_PART),
  state: z.enum(['streaming', 'done']).optional(),
  providerMetadata: z.record(z.string(), z.unknown()).optional(),
});
const StepStartPart = z.strictObject({ type: z.literal('step-start') });
const DataPart = z.strictObject({
  type: z.enum(['data-parts', 'data-citations', 'data-notice', 'data-unverified']),
  id: z.string().max(200).optional(),
  data: z.unknown(),
});
export const ChatPartSchema = z.union([TextPart, StepStartPart, DataPart]);
export type ChatPart = z.infer<typeof ChatPartSchema>;

export const ChatMessageSchema = z
  .strictObject({
    id: z.string().trim().min(1).max(200),
    role: z.enum(['user', 'assistant']),
    parts: z.array(ChatPartSchema).max(50),
    metadata: z.unknown().optional(),
  })
  .openapi('AiChatMessage');
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatBodySchema = z
  .strictObject({
    id: z.string().max(200).optional().openapi({ description: "useChat's chat id (not used by the server)" }),
    messages: z.array(ChatMessageSchema).min(1).max(MAX_MESSAGES),
    trigger: z.enum(['submit-message', 'regenerate-message']).default('submit-message'),
    messageId: z.string().max(200).nullish().openapi({ description: 'The answer to regenerate (trigger regenerate-message)' }),
    conversationId: z.uuid().nullish().openapi({ description: 'A stored conversation of the caller; null starts one (logged in)' }),
    origin: z.enum(['chat', 'ecad']).default('chat'),
    designId: DesignIdSchema.optional().openapi({ description: 'The open design beside the viewer (origin ecad)' }),
    locale: z.enum(['zh', 'en']).optional().openapi({ description: "The page's language for the answer and notices (else the request's locale)" }),
  })
  .openapi('AiChatRequest');
export type ChatBody = z.infer<typeof ChatBodySchema>;

export const ConversationIdSchema = z.uuid().openapi({ description: 'A conversation id' });

export const ConversationSchema = z
  .object({
    id: ConversationIdSchema,
    title: z.string(),
    origin: z.enum(['chat', 'ecad']),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('AiConversation');
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ConversationListSchema = z.object({ list: z.array(ConversationSchema), total: z.number().int() }).openapi('AiConversationList');
export type ConversationList = z.infer<typeof ConversationListSchema>;

export const StoredMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    parts: z.array(z.record(z.string(), z.unknown())),
    metadata: z.object({ conversationId: z.string().nullable(), mode: z.enum(['model', 'retrieval']) }).optional(),
  })
  .openapi('AiStoredMessage');

export const ConversationDetailSchema = ConversationSchema.extend({ messages: z.array(StoredMessageSchema) }).openapi('AiConversationDetail');
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

export const RenameBodySchema = z.strictObject({
  id: ConversationIdSchema,
  title: z.string().trim().min(1).max(100),
});

export const DeleteBodySchema = z.strictObject({ id: ConversationIdSchema });
