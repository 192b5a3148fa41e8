import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { kicadFeedback, products, userComponents, users } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import type { FeedbackKind, FeedbackState } from './feedback.ts';
import type { Feedback, FeedbackListQuery, FeedbackPage, FeedbackResolve, FeedbackSubmit } from './feedback.schema.ts';

// kicad/feedback rows (table kicad_feedback, migration 0017). A report names a catalogue part or
// one of the reporter's own components; someone else's component is 40400 like a missing one.
// Resolving is one conditional UPDATE (only an open report changes), so two operators answering
// at once cannot overwrite each other's reply.

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const columns = {
  id: kicadFeedback.id,
  kind: kicadFeedback.kind,
  message: kicadFeedback.message,
  state: kicadFeedback.state,
  reply: kicadFeedback.reply,
  hostVersion: kicadFeedback.hostVersion,
  createdAt: kicadFeedback.createdAt,
  resolvedAt: kicadFeedback.resolvedAt,
  mfgMpnCode: products.mfgMpnCode,
  userCompId: kicadFeedback.userCompId,
  mpn: sql<string>`coalesce(${products.mpn}, ${userComponents.mpn}, '')`,
  reporter: sql<string>`coalesce(${users.nickname}, ${users.username})`,
};

type Row = {
  id: number;
  kind: string;
  message: string;
  state: string;
  reply: string | null;
  hostVersion: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
  mfgMpnCode: string | null;
  userCompId: number | null;
  mpn: string;
  reporter: string;
};

function toFeedback(row: Row, withReporter: boolean): Feedback {
  return {
    id: row.id,
    kind: row.kind as FeedbackKind,
    message: row.message,
    state: row.state as FeedbackState,
    reply: row.reply,
    hostVersion: row.hostVersion,
    createdAt: iso(row.createdAt)!,
    resolvedAt: iso(row.resolvedAt),
    mfgMpnCode: row.mfgMpnCode,
    userCompId: row.userCompId,
    mpn: row.mpn,
    ...(withReporter ? { reporter: row.reporter } : {}),
  };
}

function selectRows(db: Db) {
  return db
    .select(columns)
    .from(kicadFeedback)
    .innerJoin(users, eq(users.id, kicadFeedback.userId))
    .leftJoin(products, eq(products.id, kicadFeedback.productId))
    .leftJoin(userComponents, eq(userComponents.id, kicadFeedback.userCompId));
}

async function oneRow(db: Db, id: number, withReporter: boolean): Promise<Feedback> {
  const [row] = await selectRows(db).where(eq(kicadFeedback.id, id));
  return toFeedback(row as Row, withReporter);
}

/** Stores a report of a catalogue part or of one of the reporter's own components. */
export async function submitFeedback(db: Db, userId: number, body: FeedbackSubmit, locale: Locale): Promise<Feedback> {
  let productId: number | null = null;
  let userCompId: number | null = null;
  if (body.mfgMpnCode !== undefined) {
    const [part] = await db.select({ id: products.id }).from(products).where(eq(products.mfgMpnCode, body.mfgMpnCode)).limit(1);
    if (!part) throw new AppError(Code.notFound, serverMessage('kicadHost.feedback.noProduct', locale, { code: body.mfgMpnCode }));
    productId = part.id;
  } else {
    const id = body.userCompId!;
    const [comp] = await db
      .select({ id: userComponents.id })
      .from(userComponents)
      .where(and(eq(userComponents.id, id), eq(userComponents.ownerId, userId)))
      .limit(1);
    if (!comp) throw new AppError(Code.notFound, serverMessage('kicadHost.feedback.noComponent', locale, { id }));
    userCompId = comp.id;
  }
  const [row] = await db
    .insert(kicadFeedback)
    .values({ userId, productId, userCompId, kind: body.kind, message: body.message, hostVersion: body.hostVersion ?? null })
    .returning({ id: kicadFeedback.id });
  return oneRow(db, row!.id, false);
}

async function page(db: Db, where: SQL | undefined, pageNum: number, pageSize: number, withReporter: boolean): Promise<FeedbackPage> {
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(kicadFeedback.createdAt), desc(kicadFeedback.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(kicadFeedback).where(where),
  ]);
  return { list: rows.map((row) => toFeedback(row as Row, withReporter)), total: total?.n ?? 0, pageNum, pageSize };
}

/** The caller's own reports, newest first, with the operators' replies. */
export function myFeedback(db: Db, userId: number, pageNum: number, pageSize: number): Promise<FeedbackPage> {
  return page(db, eq(kicadFeedback.userId, userId), pageNum, pageSize, false);
}

/** Operators: every report, newest first, optionally of one state, with who reported it. */
export function listFeedback(db: Db, query: FeedbackListQuery): Promise<FeedbackPage> {
  return page(db, query.state ? eq(kicadFeedback.state, query.state) : undefined, query.pageNum, query.pageSize, true);
}

/** Operators: resolves or rejects an open report with a reply; a handled or missing one is refused. */
export async function resolveFeedback(db: Db, operatorId: number, body: FeedbackResolve, locale: Locale): Promise<Feedback> {
  const changed = await db
    .update(kicadFeedback)
    .set({ state: body.state, reply: body.reply, resolvedBy: operatorId, resolvedAt: sql`now()` })
    .where(and(eq(kicadFeedback.id, body.id), eq(kicadFeedback.state, 'open')))
    .returning({ id: kicadFeedback.id });
  if (changed.length === 0) {
    const [exists] = await db.select({ id: kicadFeedback.id }).from(kicadFeedback).where(eq(kicadFeedback.id, body.id)).limit(1);
    if (!exists) throw new AppError(Code.notFound, serverMessage('kicadHost.feedback.notFound', locale, { id: body.id }));
    throw new AppError(Code.badInput, serverMessage('kicadHost.feedback.notOpen', locale, { id: body.id }));
  }
  return oneRow(db, body.id, true);
}
