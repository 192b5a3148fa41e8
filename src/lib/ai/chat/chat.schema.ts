import { z } from '@hono/zod-openapi';
import { DesignIdSchema } from '../../viewer/viewer.schema.ts';
import { serverMessage, type ServerMessageKey } from '../../server/messages/server-message.ts';
import type { AiDesignContext } from '../ai-tools.ts';
import { CONTROL_RE, DESIGN_LIMITS, designBytes, STAT_KEY_RE } from '../design-context.ts';

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

// The open design sent inline (/ecadViewer/ai beside a viewer whose design was read in the browser,
// issue #15 item 5). Strict: every limit of DESIGN_LIMITS, no control characters (a value must not
// open a new line in the prompt's design block), no unknown keys. Each rule's message is a problem
// key; the refusal names the field and says the problem in the caller's language (validationHook
// reads a custom issue's params.en).
type DesignProblem = 'object' | 'text' | 'optionalText' | 'list' | 'lines' | 'refs' | 'quantity' | 'stats' | 'size';
const LIMIT_OF: Record<DesignProblem, number | string> = {
  object: '',
  text: '',
  optionalText: '',
  list: '',
  lines: DESIGN_LIMITS.lines,
  refs: DESIGN_LIMITS.refsPerLine,
  quantity: DESIGN_LIMITS.quantity,
  stats: DESIGN_LIMITS.stats,
  size: DESIGN_LIMITS.bytes / 1024,
};
const p = (key: DesignProblem): DesignProblem => key;
const line = (max: number, optional = false) =>
  z
    .string({ error: p(optional ? 'optionalText' : 'text') })
    .max(max, p(optional ? 'optionalText' : 'text'))
    .refine((s) => !CONTROL_RE.test(s), p(optional ? 'optionalText' : 'text'));
/** A text field's length limit, by the last key of its path (a number: one of a line's refs). */
const textLimit = (path: readonly PropertyKey[]): number => {
  const last = path.at(-1);
  if (typeof last === 'number') return DESIGN_LIMITS.ref;
  return (DESIGN_LIMITS as Record<string, number>)[String(last)] ?? DESIGN_LIMITS.title;
};
const DesignLineShape = z.strictObject(
  {
    refs: z.array(line(DESIGN_LIMITS.ref).min(1, p('text')), { error: p('list') }).max(DESIGN_LIMITS.refsPerLine, p('refs')),
    value: line(DESIGN_LIMITS.value),
    footprint: line(DESIGN_LIMITS.footprint),
    mpn: line(DESIGN_LIMITS.mpn, true).nullable(),
    manufacturer: line(DESIGN_LIMITS.manufacturer, true).nullable(),
    quantity: z.number({ error: p('quantity') }).int(p('quantity')).min(0, p('quantity')).max(DESIGN_LIMITS.quantity, p('quantity')),
    mfgMpnCode: line(DESIGN_LIMITS.mfgMpnCode, true).nullable(),
  },
  { error: p('object') },
);
const DesignShape = z.strictObject(
  {
    title: line(DESIGN_LIMITS.title).min(1, p('text')),
    stats: z
      .record(z.string().max(DESIGN_LIMITS.statKey, p('stats')).regex(STAT_KEY_RE, p('stats')), z.number({ error: p('stats') }).min(0, p('stats')).finite(p('stats')), { error: p('stats') })
      .refine((s) => Object.keys(s).length <= DESIGN_LIMITS.stats, p('stats')),
    bom: z.array(DesignLineShape, { error: p('list') }).max(DESIGN_LIMITS.lines, p('lines')),
  },
  { error: p('object') },
);

function designProblem(key: string, path: readonly PropertyKey[], locale: 'zh' | 'en'): string {
  const k = (key in LIMIT_OF ? key : 'object') as DesignProblem;
  const max = k === 'text' || k === 'optionalText' ? textLimit(path) : LIMIT_OF[k];
  return serverMessage(`aiChat.design.${k}` as ServerMessageKey, locale, { max });
}

export const ChatDesignSchema = z
  .unknown()
  .transform((raw, ctx): AiDesignContext => {
    const parsed = DesignShape.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      // Zod's own text for a rule of ours is the problem key (unknown keys, a wrong type…: 'object').
      const key = issue.code === 'unrecognized_keys' ? 'object' : issue.message;
      const path = issue.path as PropertyKey[];
      ctx.addIssue({ code: 'custom', message: designProblem(key, path, 'zh'), params: { en: designProblem(key, path, 'en') }, path });
      return z.NEVER;
    }
    const design = parsed.data;
    const bytes = designBytes(design);
    if (bytes > DESIGN_LIMITS.bytes) {
      const vars = { max: DESIGN_LIMITS.bytes / 1024, size: Math.ceil(bytes / 1024) };
      ctx.addIssue({ code: 'custom', message: serverMessage('aiChat.design.size', 'zh', vars), params: { en: serverMessage('aiChat.design.size', 'en', vars) } });
      return z.NEVER;
    }
    return design;
  })
  .openapi({
    type: 'object',
    description: `The design open in the viewer when it is not stored (origin ecad, no designId): { title, stats: { name: number }, bom: [{ refs, value, footprint, mpn, manufacturer, quantity, mfgMpnCode }] }; at most ${DESIGN_LIMITS.lines} lines and ${DESIGN_LIMITS.bytes / 1024} KB, one-line texts. A designId wins over it.`,
  });

export const ChatBodySchema = z
  .strictObject({
    id: z.string().max(200).optional().openapi({ description: "useChat's chat id (not used by the server)" }),
    messages: z.array(ChatMessageSchema).min(1).max(MAX_MESSAGES),
    trigger: z.enum(['submit-message', 'regenerate-message']).default('submit-message'),
    messageId: z.string().max(200).nullish().openapi({ description: 'The answer to regenerate (trigger regenerate-message)' }),
    conversationId: z.uuid().nullish().openapi({ description: 'A stored conversation of the caller; null starts one (logged in)' }),
    origin: z.enum(['chat', 'ecad']).default('chat'),
    designId: DesignIdSchema.optional().openapi({ description: 'The open design beside the viewer (origin ecad)' }),
    design: ChatDesignSchema.optional(),
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
