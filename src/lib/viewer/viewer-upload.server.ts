import { and, count, eq } from 'drizzle-orm';
import { fileKeyReferences } from '../files/file-references.server.ts';
import { lockFileKey, releaseFile } from '../files/file-refs.server.ts';
import { safeFilename, type FileStore } from '../files/file-store.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { WorkerPool } from '../jobs/worker-pool.server.ts';
import type { Db } from '../server/db/client.server.ts';
import { designFiles, designs } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { documentType } from './design-doc.ts';
import { DESIGN_READ_LIMITS, type DesignFileKind, type DesignProblem, type DesignReadResult, type DesignStats } from './design-read.ts';
import { READ_DESIGN_TASK } from './design-read-task.ts';
import type { DesignDocUploadResult, DesignUploadResult } from './viewer.schema.ts';

// POST /viewer/upload and /viewer/doc/upload (issue #13 item 6): sizes are checked before a byte
// is read; the files are expanded and parsed in the jobs' worker pool, never on the request
// loop; only a design that reads is stored (file store, then designs + design_files in one
// transaction holding each key's lock, so a concurrent release cannot delete a file we link).

const MB = 1024 * 1024;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function fileTooLarge(fileName: string, locale: Locale): AppError {
  return new AppError(Code.tooLarge, serverMessage('viewer.tooLarge', locale, { file: safeFilename(fileName, 'design'), megabytes: DESIGN_READ_LIMITS.maxFileBytes / MB }));
}

type Upload = { readonly blob: Blob; readonly name: string };
type StoredEntry = { name: string; kind: DesignFileKind | 'document'; key: string; size: number };

/** Puts bytes in the store; the returned restore puts them back if a release removed them meanwhile. */
async function putAll(store: FileStore, files: readonly { name: string; bytes: Uint8Array; contentType: string }[]) {
  const stored: (StoredEntry & { restore: () => Promise<unknown> })[] = [];
  for (const f of files) {
    const put = () => store.put(f.bytes, { maxBytes: DESIGN_READ_LIMITS.maxFileBytes, contentType: f.contentType, filename: f.name });
    const { key, size } = await put();
    stored.push({ name: f.name, kind: 'document', key, size, restore: put });
  }
  return stored;
}

/** Locks every key (sorted, so two uploads never wait on each other in a cycle) and restores any that vanished. */
async function holdKeys(tx: Tx, store: FileStore, entries: readonly { key: string; restore: () => Promise<unknown> }[]) {
  const byKey = new Map(entries.map((e) => [e.key, e.restore]));
  for (const key of [...byKey.keys()].sort()) {
    await lockFileKey(tx, key);
    if (!(await store.exists(key))) await byKey.get(key)!();
  }
}

export async function uploadDesign(
  db: Db,
  store: FileStore,
  pool: WorkerPool,
  input: {
    uploads: readonly Upload[];
    ownerId: number;
    locale: Locale;
    signal?: AbortSignal | undefined;
    /** Store a project whose files were found but do not parse, marked as failed analysis (issue #14: it is kept, not lost). */
    keepUnreadable?: boolean;
    /** Columns of the new design row (title, tags, visibility… of POST /design/user, the seed's demo fields). */
    fields?: Partial<Pick<typeof designs.$inferInsert, 'title' | 'description' | 'tags' | 'licence' | 'visibility' | 'publishedAt' | 'isDemo' | 'attribution'>>;
  },
): Promise<DesignUploadResult & { unreadable?: DesignProblem }> {
  const { locale } = input;
  if (input.uploads.length === 0) throw new AppError(Code.badInput, serverMessage('viewer.fileMissing', locale));
  if (input.uploads.length > DESIGN_READ_LIMITS.maxFiles) throw new AppError(Code.badInput, serverMessage('viewer.tooManyFiles', locale, { max: DESIGN_READ_LIMITS.maxFiles }));
  for (const u of input.uploads) if (u.blob.size > DESIGN_READ_LIMITS.maxFileBytes) throw fileTooLarge(u.name, locale);
  const uploads = await Promise.all(input.uploads.map(async (u) => ({ name: u.name, bytes: new Uint8Array(await u.blob.arrayBuffer()) })));
  const out = await pool.run(
    READ_DESIGN_TASK,
    { uploads, limits: DESIGN_READ_LIMITS },
    { transfer: uploads.map((u) => u.bytes.buffer as ArrayBuffer), ...(input.signal ? { signal: input.signal } : {}) },
  );
  let read: DesignReadResult;
  let unreadable: DesignProblem | undefined;
  if (out.ok) read = out.result;
  else if (input.keepUnreadable && out.files && !out.problem.tooLarge) {
    unreadable = out.problem;
    read = { files: out.files, stats: EMPTY_STATS, warnings: [] };
  } else throw new AppError(out.problem.tooLarge ? Code.tooLarge : Code.badInput, serverMessage(out.problem.key, locale, out.problem.vars));
  const { files, stats, warnings } = read;
  const stored = await putAll(store, files.map((f) => ({ name: f.name, bytes: f.bytes, contentType: 'text/plain; charset=utf-8' })));
  stored.forEach((s, i) => (s.kind = files[i]!.kind));
  const projectFile = files.find((f) => f.kind === 'project') ?? files.find((f) => f.kind === 'board') ?? files[0]!;
  const name = projectFile.name.slice(projectFile.name.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '') || projectFile.name;
  const design = await db.transaction(async (tx) => {
    await holdKeys(tx, store, stored);
    const [row] = await tx
      .insert(designs)
      .values({
        title: name,
        ...input.fields,
        ownerId: input.ownerId,
        name,
        stats,
        ...(unreadable ? { analysis: 'failed', analysisError: { key: unreadable.key, vars: unreadable.vars } } : {}),
      })
      .returning({ id: designs.id });
    await tx.insert(designFiles).values(stored.map((s) => ({ designId: row!.id, name: s.name, kind: s.kind, fileKey: s.key, size: s.size })));
    return row!;
  });
  return {
    designId: design.id,
    files: stored.map((s) => ({ name: s.name, kind: s.kind, size: s.size })),
    stats,
    warnings: warnings.map((w) => serverMessage(w.key, locale, w.vars)),
    ...(unreadable ? { unreadable } : {}),
  };
}

const EMPTY_STATS: DesignStats = { sheets: 0, symbols: 0, footprints: 0, pads: 0, vias: 0, tracks: 0, nets: 0, copperLayers: 0, boardWidthMm: 0, boardHeightMm: 0 };

/** The design's files in a stable order (KiCad files first, then documents, by name). */
async function filesOf(db: Db | Tx, designId: string) {
  const rows = await db.select({ name: designFiles.name, kind: designFiles.kind, size: designFiles.size }).from(designFiles).where(eq(designFiles.designId, designId));
  const order = ['project', 'schematic', 'board', 'document'];
  return rows
    .map((r) => ({ name: r.name, kind: r.kind as StoredEntry['kind'], size: r.size }))
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Attaches a document to the caller's design; another name is added, the same name is replaced (its old file released). */
export async function attachDocument(
  db: Db,
  store: FileStore,
  input: { designId: string; file: Blob; fileName: string; ownerId: number; locale: Locale },
): Promise<DesignDocUploadResult> {
  const { locale } = input;
  const [owned] = await db.select({ n: count() }).from(designs).where(and(eq(designs.id, input.designId), eq(designs.ownerId, input.ownerId)));
  if (!owned || Number(owned.n) === 0) throw new AppError(Code.notFound, serverMessage('viewer.designNotFound', locale));
  if (input.file.size > DESIGN_READ_LIMITS.maxFileBytes) throw fileTooLarge(input.fileName, locale);
  const name = safeFilename(input.fileName, 'document');
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const contentType = documentType(name, bytes);
  if (!contentType) throw new AppError(Code.badInput, serverMessage('viewer.docType', locale, { file: name }));
  const [entry] = await putAll(store, [{ name, bytes, contentType }]);
  const replaced = await db.transaction(async (tx) => {
    await holdKeys(tx, store, [entry!]);
    const existing = await tx.select({ kind: designFiles.kind, fileKey: designFiles.fileKey }).from(designFiles).where(and(eq(designFiles.designId, input.designId), eq(designFiles.name, name)));
    // A document never replaces the design's KiCad files.
    if (existing[0] && existing[0].kind !== 'document') throw new AppError(Code.badInput, serverMessage('viewer.duplicateName', locale, { file: name }));
    await tx
      .insert(designFiles)
      .values({ designId: input.designId, name, kind: 'document', fileKey: entry!.key, size: entry!.size })
      .onConflictDoUpdate({ target: [designFiles.designId, designFiles.name], set: { fileKey: entry!.key, size: entry!.size } });
    return existing[0]?.fileKey;
  });
  // The replaced document's bytes go when nothing else holds them.
  if (replaced && replaced !== entry!.key) await releaseFile(db, store, replaced, fileKeyReferences(replaced));
  return { designId: input.designId, files: await filesOf(db, input.designId) };
}
