import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AiMessageMetadata } from '../ai.ts';
import type { Locale } from '../../server/api-locale.ts';
import type { Db } from '../../server/db/client.server.ts';
import { aiConversations, aiMessages } from '../../server/db/schema/ai.ts';
import { AppError, Code } from '../../server/errors.ts';
import { serverMessage } from '../../server/messages/server-message.ts';
import type { Conversation, ConversationDetail, ConversationList } from './chat.schema.ts';

// Conversations of logged-in users (ai_conversations / ai_messages). Every call takes the owner:
// another user's id is answered as not found (40400), exactly like an id that does not exist.

export type StoredMessage = { id: string; role: 'user' | 'assistant'; parts: Array<Record<string, unknown>>; mode: 'model' | 'retrieval' | null; tokens: number };

const TITLE_CHARS = 40;

/** The list title of a conversation: its first question on one line, cut short. */
export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS).join('')}…` : line;
}

const notFound = (locale: Locale) => new AppError(Code.notFound, serverMessage('aiChat.conversation.notFound', locale));

type Row = typeof aiConversations.$inferSelect;
const toConversation = (r: Row): Conversation => ({
  id: r.id,
  title: r.title,
  origin: r.origin === 'ecad' ? 'ecad' : 'chat',
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function createConversation(db: Db, userId: number, title: string, origin: 'chat' | 'ecad'): Promise<Conversation> {
  const [row] = await db.insert(aiConversations).values({ userId, title, origin }).returning();
  return toConversation(row!);
}

/** The caller's conversation, or 40400. */
export async function ownConversation(db: Db, userId: number, id: string, locale: Locale): Promise<Conversation> {
  const [row] = await db.select().from(aiConversations).where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)));
  if (!row) throw notFound(locale);
  return toConversation(row);
}

/** Messages in the order they were said (an answer is stored after its question). */
export async function messagesOf(db: Db, conversationId: string): Promise<StoredMessage[]> {
  const rows = await db
    .select({ id: aiMessages.id, role: aiMessages.role, parts: aiMessages.parts, mode: aiMessages.mode, tokens: aiMessages.tokens })
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, conversationId))
    .orderBy(asc(aiMessages.createdAt), sql`${aiMessages.role} = 'assistant'`, asc(aiMessages.id));
  return rows.map((r) => ({
    id: r.id,
    role: r.role === 'assistant' ? 'assistant' : 'user',
    parts: Array.isArray(r.parts) ? (r.parts as Array<Record<string, unknown>>) : [],
    mode: r.mode === 'model' || r.mode === 'retrieval' ? r.mode : null,
    tokens: r.tokens,
  }));
}

/**
 * Stores one message and touches the conversation. Message ids are the client's for questions;
 * an id already used (by any conversation) gets a fresh one instead of overwriting anything.
 * Returns the id stored.
 */
export async function appendMessage(db: Db, conversationId: string, message: StoredMessage, now: Date, touch = true): Promise<string> {
  // Strictly after the conversation's last message, so the order holds even within one millisecond.
  const at = sql`greatest(${now.toISOString()}::timestamptz, (select max(${aiMessages.createdAt}) + interval '1 millisecond' from ${aiMessages} where ${aiMessages.conversationId} = ${conversationId}))`;
  const values = { conversationId, role: message.role, parts: message.parts, mode: message.mode, tokens: message.tokens, createdAt: at };
  let [row] = await db.insert(aiMessages).values({ id: message.id, ...values }).onConflictDoNothing().returning({ id: aiMessages.id });
  row ??= (await db.insert(aiMessages).values({ id: randomUUID(), ...values }).returning({ id: aiMessages.id }))[0];
  // The list shows the most recently active first (a conversation just created is already current).
  if (touch) await db.update(aiConversations).set({ updatedAt: now }).where(eq(aiConversations.id, conversationId));
  return row!.id;
}

/** The answers after the last question (what a regenerated answer replaces). */
export function answersAfterLastQuestion(history: readonly StoredMessage[]): string[] {
  const lastQuestion = history.findLastIndex((m) => m.role === 'user');
  return history.slice(lastQuestion + 1).filter((m) => m.role === 'assistant').map((m) => m.id);
}

/**
 * Stores a regenerated answer in place of the earlier ones, in one transaction: the old answer
 * goes only once the new one is there to take its place.
 */
export async function replaceAnswers(db: Db, conversationId: string, replaced: readonly string[], answer: StoredMessage, now: Date): Promise<string> {
  if (replaced.length === 0) return appendMessage(db, conversationId, answer, now);
  return db.transaction(async (tx) => {
    await tx.delete(aiMessages).where(and(eq(aiMessages.conversationId, conversationId), inArray(aiMessages.id, [...replaced])));
    return appendMessage(tx as unknown as Db, conversationId, answer, now);
  });
}

export async function listConversations(db: Db, userId: number, page: { pageNum: number; pageSize: number }): Promise<ConversationList> {
  const rows = await db
    .select()
    .from(aiConversations)
    .where(eq(aiConversations.userId, userId))
    .orderBy(desc(aiConversations.updatedAt), desc(aiConversations.id))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(aiConversations).where(eq(aiConversations.userId, userId));
  return { list: rows.map(toConversation), total: Number(total?.n ?? 0) };
}

/** A stored conversation with its messages as UI messages (what useChat's `messages` takes). */
export async function conversationDetail(db: Db, userId: number, id: string, locale: Locale): Promise<ConversationDetail> {
  const conversation = await ownConversation(db, userId, id, locale);
  const messages = (await messagesOf(db, id)).map((m) => ({
    id: m.id,
    role: m.role,
    parts: m.parts,
    ...(m.role === 'assistant' ? { metadata: { conversationId: id, mode: m.mode ?? 'retrieval' } satisfies AiMessageMetadata } : {}),
  }));
  return { ...conversation, messages };
}

export async function renameConversation(db: Db, userId: number, id: string, title: string, locale: Locale): Promise<Conversation> {
  const [row] = await db
    .update(aiConversations)
    .set({ title })
    .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)))
    .returning();
  if (!row) throw notFound(locale);
  return toConversation(row);
}

export async function deleteConversation(db: Db, userId: number, id: string, locale: Locale): Promise<{ id: string; deleted: true }> {
  const rows = await db
    .delete(aiConversations)
    .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)))
    .returning({ id: aiConversations.id });
  if (rows.length === 0) throw notFound(locale);
  return { id, deleted: true };
}
