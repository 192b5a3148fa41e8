import { z } from '@hono/zod-openapi';
import { serverMessage } from '../server/messages/server-message.ts';
import { RowId } from '../server/validation.ts';
import { BLOCK_LIMITS, lineTextProblem, multilineTextProblem, type TextRefusal } from './blocks.ts';

// The shapes of the design-block calls (issue #16 item 6: u/fragment*, file/operation/persistence*),
// declared once for the routes, the OpenAPI document and the islands (types only).

const refusal = (ctx: z.RefinementCtx, problem: TextRefusal, max: number) => {
  const key = `blocks.text.${problem}` as const;
  ctx.addIssue({ code: 'custom', message: serverMessage(key, 'zh', { max }), params: { en: serverMessage(key, 'en', { max }) } });
};

/** A one-line plain-text field: trimmed, no markup or control characters, at most `max` characters. */
export const lineText = (max: number, required: boolean) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const p = lineTextProblem(v, max, required);
      if (p) refusal(ctx, p, max);
    });

/** A description: plain text, line breaks allowed. */
export const multilineText = (max: number) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const p = multilineTextProblem(v, max);
      if (p) refusal(ctx, p, max);
    });

export const BlockIdSchema = RowId.openapi({ description: 'A design block id (the caller’s)' });
export const PersistedIdSchema = z.uuid().openapi({ description: 'A persisted file id (the caller’s)' });

export const BlockInfoSchema = z
  .object({
    symbols: z.number().int(),
    parts: z.number().int().openapi({ description: 'Symbols that are not power symbols' }),
    wires: z.number().int(),
    labels: z.number().int(),
    junctions: z.number().int(),
    sheets: z.number().int(),
    version: z.number().int().nullable().openapi({ description: 'The sheet’s (version YYYYMMDD)' }),
    kicad: z.string().nullable().openapi({ example: 'KiCad 9' }),
    preview: z.boolean(),
  })
  .openapi('BlockInfo');

export const BlockSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    keywords: z.string(),
    categoryId: z.number().int().nullable(),
    category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** /api/chiplet/u/fragment/preview?id=…&v=…: owner only (send X-token), cacheable by its key. */
    previewUrl: z.string().nullable(),
    /** /api/chiplet/u/fragment/download?id=…: the KiCad design-block folder in a zip. */
    downloadUrl: z.string(),
    info: BlockInfoSchema.nullable(),
    schSize: z.number().int(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('DesignBlock');
export type Block = z.infer<typeof BlockSchema>;

export const BlockListSchema = z.object({ list: z.array(BlockSchema), total: z.number().int() }).openapi('DesignBlockList');
export type BlockList = z.infer<typeof BlockListSchema>;

/** POST /api/chiplet/u/fragment: the caller's blocks, newest change first. */
export const BlockListQuerySchema = z
  .strictObject({
    pageNum: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(BLOCK_LIMITS.pageSizeMax).default(24),
    keyword: z.string().trim().max(100).optional().openapi({ description: 'In the name, description or keywords' }),
    categoryId: RowId.optional().openapi({ description: 'One of the caller’s block categories; its sub-categories count too' }),
  })
  .openapi('DesignBlockQuery');
export type BlockListQuery = z.infer<typeof BlockListQuerySchema>;

/** The sheet of a block: a persisted file (fileId) or the .kicad_sch text itself. */
const sheetFields = {
  fileId: PersistedIdSchema.optional().openapi({ description: 'A file persisted by /api/file/operation/persistence*' }),
  schematic: z
    .string()
    .optional()
    .openapi({ description: `The .kicad_sch text (instead of fileId), at most ${BLOCK_LIMITS.sheetMaxBytes / 1024 / 1024} MB as UTF-8` }),
  fileName: lineText(BLOCK_LIMITS.fileNameMaxChars, false).optional().openapi({ description: 'Names the pasted sheet in messages' }),
};

/** POST /api/chiplet/u/fragment/save: create (no id) or change the caller's block. */
export const BlockSaveSchema = z
  .strictObject({
    id: BlockIdSchema.optional(),
    name: lineText(BLOCK_LIMITS.nameMaxChars, true).optional().openapi({ description: 'Required when creating' }),
    description: multilineText(BLOCK_LIMITS.descriptionMaxChars).optional(),
    keywords: lineText(BLOCK_LIMITS.keywordsMaxChars, false).optional(),
    categoryId: RowId.nullable().optional().openapi({ description: 'One of the caller’s categories of scope "block"; null clears it' }),
    ...sheetFields,
  })
  .openapi('DesignBlockSave');
export type BlockSave = z.infer<typeof BlockSaveSchema>;

/** POST /api/chiplet/u/fragment/render: the preview and info of a sheet before it is saved. */
export const BlockRenderSchema = z.strictObject(sheetFields).openapi('DesignBlockRender');
export const BlockRenderResultSchema = z.object({ svg: z.string().nullable(), info: BlockInfoSchema }).openapi('DesignBlockRendered');

export const BlockIdBodySchema = z.strictObject({ id: BlockIdSchema });
export const BlockDeleteResultSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** POST /api/file/operation/persistence: a text file sent as JSON. */
export const PersistTextSchema = z
  .strictObject({
    fileName: lineText(BLOCK_LIMITS.fileNameMaxChars, true),
    content: z.string().openapi({ description: `At most ${BLOCK_LIMITS.persistMaxBytes / 1024 / 1024} MB as UTF-8` }),
    mime: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i, 'type/subtype')
      .optional(),
  })
  .openapi('PersistText');

export const PersistedFileSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    mime: z.string(),
    size: z.number().int(),
    /** GET it with X-token: the caller's only. */
    url: z.string(),
    createdAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('PersistedFile');
export type PersistedFile = z.infer<typeof PersistedFileSchema>;
