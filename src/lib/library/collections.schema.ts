import { z } from '@hono/zod-openapi';
import { zh } from '../server/messages/zh.ts';
import { en } from '../server/messages/en.ts';
import { fillMessage } from '../server/messages/server-message.ts';
import { INT32_MAX } from '../server/validation.ts';
import { BATCH_MAX, COLLECT_KINDS, folderNameProblem, nameLength, STATE_CODES_MAX } from './collections.ts';
import { LIBRARY_LIMITS } from './library.ts';

// The shapes of the collections calls (issue #16; SPEC §7 Collections `user/collect/*` and the
// KiCad host's Collect `u/collect*`). Every body is strict; lists are { list, total, pageNum, pageSize }.

const both = (key: keyof typeof zh & keyof typeof en, vars: Record<string, string | number> = {}) => ({ zh: fillMessage(zh[key], vars), en: fillMessage(en[key], vars) });

/** A row id in a JSON body. */
export const Id = z.number().int().positive().max(INT32_MAX);
/** A catalogue part's code, as in /productDetail/{mfgMpnCode}. */
export const PartCode = z.string().regex(/^[\w.~-]{1,160}$/, 'must be a part code (letters, digits, . _ ~ -; at most 160)');

/** A folder name: trimmed plain text of 1..50 characters, not the default folder's name. */
export const FolderName = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = folderNameProblem(v);
    if (!problem) return;
    const text =
      problem === 'tooLong'
        ? both('collections.name.tooLong', { max: LIBRARY_LIMITS.nameMaxChars, length: nameLength(v) })
        : problem === 'reserved'
          ? both('collections.name.reserved', { name: v })
          : both(`collections.name.${problem}`);
    ctx.addIssue({ code: 'custom', message: text.zh, params: { en: text.en } });
  })
  .openapi({ description: `Plain text, 1..${LIBRARY_LIMITS.nameMaxChars} characters after trimming; no markup, control or invisible characters` });

const Sort = z.number().int().min(-1_000_000).max(1_000_000);

export const FolderSchema = z
  .object({
    id: z.number().int(),
    /** The default folder's name in the caller's language. */
    name: z.string(),
    isDefault: z.boolean(),
    sort: z.number().int(),
    /** Parts and modules in it. */
    count: z.number().int(),
    createdAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('CollectFolder');
export type CollectFolder = z.infer<typeof FolderSchema>;
export const FolderListSchema = z.array(FolderSchema).openapi({ description: 'The default folder first, then by sort and age' });

export const FolderAddSchema = z.strictObject({ name: FolderName, sort: Sort.optional() }).openapi('CollectFolderAdd');
export const FolderUpdateSchema = z.strictObject({ id: Id, name: FolderName.optional(), sort: Sort.optional() }).openapi('CollectFolderUpdate');
export const FolderDelSchema = z.strictObject({ id: Id });
export const FolderDelResultSchema = z.object({ id: z.number().int(), moved: z.number().int().openapi({ description: 'Items moved to the default folder' }), defaultFolderId: z.number().int() });

/** A collected catalogue part as lists show it. */
export const CollectedProductSchema = z
  .object({
    id: z.number().int(),
    mfgMpnCode: z.string(),
    mpn: z.string(),
    brandName: z.string().nullable(),
    cateId: z.number().int().nullable(),
    cateName: z.string().nullable(),
    package: z.string().nullable(),
    /** In the caller's language (the other one when missing). */
    description: z.string().nullable(),
    datasheetUrl: z.string().nullable(),
    /** KiCad symbol and footprint as 'Library:Name' (what the host places), null when the part has none. */
    symbol: z.string().nullable(),
    footprint: z.string().nullable(),
    has3d: z.boolean(),
    /** Preview of the symbol (/api/chiplet/products/symbol.svg?…), null without a symbol. */
    imageUrl: z.string().nullable(),
  })
  .openapi('CollectedProduct');

export const CollectedModuleSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    mfgMpnCode: z.string().nullable(),
    categoryId: z.number().int().nullable(),
    symbol: z.string().nullable(),
    footprint: z.string().nullable(),
  })
  .openapi('CollectedModule');

export const CollectItemSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(COLLECT_KINDS),
    folderId: z.number().int(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    product: CollectedProductSchema.nullable(),
    module: CollectedModuleSchema.nullable(),
  })
  .openapi('CollectItem');
export type CollectItem = z.infer<typeof CollectItemSchema>;

export const CollectItemListSchema = z.object({ list: z.array(CollectItemSchema), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() }).openapi('CollectItemList');
export type CollectItemList = z.infer<typeof CollectItemListSchema>;

export const AddResultSchema = CollectItemSchema.extend({
  /** False when it was already collected. */
  created: z.boolean(),
  /** True when it was already collected in another folder and moved to the one asked for. */
  moved: z.boolean(),
}).openapi('CollectAddResult');

const oneOf = (keys: readonly string[], message: ReturnType<typeof both>) => (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (keys.filter((k) => v[k] !== undefined).length !== 1) ctx.addIssue({ code: 'custom', message: message.zh, params: { en: message.en }, path: [] });
};

export const ProdAddSchema = z
  .strictObject({
    mfgMpnCode: PartCode.optional(),
    productId: Id.optional(),
    moduleId: Id.optional(),
    folderId: Id.optional().openapi({ description: 'Default: the default folder for a new item; an already collected one stays where it is' }),
  })
  .superRefine(oneOf(['mfgMpnCode', 'productId', 'moduleId'], both('collections.target')))
  .openapi('CollectProdAdd');
export type ProdAdd = z.infer<typeof ProdAddSchema>;

/** Item ids (numbers) or part codes (strings). */
const Targets = z
  .array(z.union([Id, PartCode]))
  .min(1)
  .max(BATCH_MAX)
  .openapi({ description: `Item ids (numbers) or mfgMpnCodes (strings), at most ${BATCH_MAX}; one that is not the caller’s makes the whole call 404 and changes nothing` });

export const ProdDelSchema = z.strictObject({ ids: Targets }).openapi('CollectProdDel');
export const ProdDelResultSchema = z.object({ removed: z.number().int() });
export const ProdMoveSchema = z.strictObject({ ids: Targets, folderId: Id }).openapi('CollectProdMove');
export const ProdMoveResultSchema = z.object({ moved: z.number().int(), folderId: z.number().int() });

const Page = {
  pageNum: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(LIBRARY_LIMITS.pageSizeMax).default(20),
};
const Keyword = z.string().trim().max(100).optional().openapi({ description: 'Part number, brand or description words (modules: name)' });

export const ProdListSchema = z
  .strictObject({ folderId: Id.optional().openapi({ description: 'Default: every folder' }), keyword: Keyword, kind: z.enum(COLLECT_KINDS).optional(), ...Page })
  .openapi('CollectProdList');
export type ProdList = z.infer<typeof ProdListSchema>;

export const StateSchema = z
  .strictObject({
    codes: z.array(PartCode).max(STATE_CODES_MAX).default([]),
    moduleIds: z.array(Id).max(STATE_CODES_MAX).default([]),
  })
  .openapi('CollectState');
export const StateResultSchema = z
  .object({
    /** Collected part codes → the folder holding each. */
    collected: z.record(z.string(), z.number().int()),
    /** Collected module ids → the folder holding each. */
    modules: z.record(z.string(), z.number().int()),
  })
  .openapi('CollectStateResult');

// The KiCad host's Collect (u/collect*): the same rows, one part or module per call.
export const HostListSchema = z.strictObject({ keyword: Keyword, ...Page }).openapi('HostCollectList');
export const HostAnyListSchema = z.strictObject({ keyword: Keyword, kind: z.enum(COLLECT_KINDS).optional(), ...Page }).openapi('HostCollectAnyList');
export const HostSaveSchema = z
  .strictObject({ mfgMpnCode: PartCode.optional(), moduleId: Id.optional(), folderId: Id.optional() })
  .superRefine(oneOf(['mfgMpnCode', 'moduleId'], both('collections.targetHost')))
  .openapi('HostCollectSave');
export const HostDelSchema = z
  .strictObject({ mfgMpnCode: PartCode.optional(), moduleId: Id.optional(), id: Id.optional() })
  .superRefine(oneOf(['mfgMpnCode', 'moduleId', 'id'], both('collections.delTarget')))
  .openapi('HostCollectDel');
export const HostGetSchema = z
  .strictObject({ mfgMpnCode: PartCode.optional(), moduleId: Id.optional() })
  .superRefine(oneOf(['mfgMpnCode', 'moduleId'], both('collections.targetHost')))
  .openapi('HostCollectGet');
export const HostGetResultSchema = z.object({ collected: z.boolean(), id: z.number().int().nullable(), folderId: z.number().int().nullable() }).openapi('HostCollectGetResult');
