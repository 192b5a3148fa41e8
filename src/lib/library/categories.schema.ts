import { z } from '@hono/zod-openapi';
import { bothMessages, serverMessage } from '../server/messages/server-message.ts';
import { INT32_MAX } from '../server/validation.ts';
import { CATEGORY_SCOPES, categoryNameProblem, SHARE_TOKEN_PATTERN, type CategoryNode } from './categories.ts';
import { LIBRARY_LIMITS } from './library.ts';

// The own-category calls' shapes (issue #16 item 2; SPEC §7 User data): u/cate, u/cate/save,
// u/cate/del, u/cate/open, u/cate/shared, u/relate/cate, u/relate/c, u/relate/cate/del. Bodies
// refuse unknown keys; every id fits int4; names are checked by categoryNameProblem.

const Id = z.number().int().positive().max(INT32_MAX);
const IdList = z.array(Id).max(LIBRARY_LIMITS.pageSizeMax);

export const ScopeSchema = z.enum(CATEGORY_SCOPES).openapi({ description: "'part' (catalogue parts and own components; default) or 'block' (design blocks)" });

const nameText = {
  empty: bothMessages('categories.name.empty'),
  tooLong: { zh: serverMessage('categories.name.tooLong', 'zh', { max: LIBRARY_LIMITS.nameMaxChars }), en: serverMessage('categories.name.tooLong', 'en', { max: LIBRARY_LIMITS.nameMaxChars }) },
  markup: bothMessages('categories.name.markup'),
  control: bothMessages('categories.name.control'),
};

/** A category name: trimmed plain text, 1..50 characters, no markup or control characters. */
export const CategoryNameSchema = z
  .string()
  .superRefine((v, ctx) => {
    const problem = categoryNameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: nameText[problem].zh, params: { en: nameText[problem].en } });
  })
  .transform((v) => v.trim())
  .openapi({ type: 'string', description: `Plain text, 1..${LIBRARY_LIMITS.nameMaxChars} characters after trimming; markup and control characters are refused` });

export const CategoryCountsSchema = z.object({
  parts: z.number().int().openapi({ description: 'Catalogue parts linked to this category itself' }),
  components: z.number().int().openapi({ description: 'Own components linked to this category itself' }),
  totalParts: z.number().int().openapi({ description: 'Parts linked here or anywhere below' }),
  blocks: z.number().int().openapi({ description: 'Design blocks in this category itself (scope block)' }),
  totalComponents: z.number().int().openapi({ description: 'Own components linked here or anywhere below' }),
  totalBlocks: z.number().int().openapi({ description: 'Design blocks here or anywhere below' }),
});

export const CategoryNodeSchema: z.ZodType<CategoryNode> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    level: z.number().int().openapi({ description: '1, 2 or 3' }),
    parentId: z.number().int().nullable(),
    sort: z.number().int(),
    counts: CategoryCountsSchema,
    shared: z.boolean(),
    shareUrl: z.string().nullable().openapi({ description: "The read-only share page's path, null while not shared" }),
    get children() {
      return z.array(CategoryNodeSchema);
    },
  })
  .openapi('UserCategoryNode') as unknown as z.ZodType<CategoryNode>;

export const TreeBodySchema = z.strictObject({ scope: ScopeSchema.optional() }).openapi('UserCategoryTreeQuery');

export const TreeSchema = z
  .object({
    scope: ScopeSchema,
    list: z.array(CategoryNodeSchema).openapi({ description: 'Top-level categories, each with its children (three levels at most)' }),
    total: z.number().int().openapi({ description: 'Categories in this tree' }),
    limit: z.number().int().openapi({ description: 'Categories a user may have (both trees together)' }),
  })
  .openapi('UserCategoryTree');
export type Tree = z.infer<typeof TreeSchema>;

export const SaveBodySchema = z
  .strictObject({
    id: Id.optional().openapi({ description: 'Rename or move this category; omitted: create one' }),
    name: CategoryNameSchema,
    parentId: Id.nullable().optional().openapi({ description: 'The parent (same scope); null: top level; omitted on update: unchanged' }),
    sort: z.number().int().min(0).max(1_000_000).optional(),
    scope: ScopeSchema.optional().openapi({ description: "On create: the tree ('part' by default); on update it must match when given" }),
  })
  .openapi('UserCategorySave');
export type SaveBody = z.infer<typeof SaveBodySchema>;

export const SavedSchema = z
  .object({ id: z.number().int(), name: z.string(), level: z.number().int(), parentId: z.number().int().nullable(), sort: z.number().int(), scope: ScopeSchema })
  .openapi('UserCategorySaved');
export type Saved = z.infer<typeof SavedSchema>;

export const IdBodySchema = z.strictObject({ id: Id });

export const DeletedSchema = z
  .object({
    categories: z.number().int().openapi({ description: 'Categories deleted (the category and everything below it)' }),
    unlinkedParts: z.number().int().openapi({ description: 'Links to catalogue parts removed; the parts themselves stay' }),
    unlinkedComponents: z.number().int().openapi({ description: 'Links to own components removed; the components themselves stay' }),
  })
  .openapi('UserCategoryDeleted');
export type Deleted = z.infer<typeof DeletedSchema>;

export const OpenBodySchema = z.strictObject({ id: Id, open: z.boolean().openapi({ description: 'true: share read-only by link (a new random token unless already shared); false: the link stops working' }) });

export const OpenResultSchema = z
  .object({ id: z.number().int(), shared: z.boolean(), token: z.string().nullable(), shareUrl: z.string().nullable() })
  .openapi('UserCategoryShare');
export type OpenResult = z.infer<typeof OpenResultSchema>;

// ── Links ─────────────────────────────────────────────────────────────────────

export const RelateBodySchema = z
  .strictObject({
    categoryId: Id,
    mfgMpnCodes: z
      .array(z.string().trim().min(1).max(200))
      .max(LIBRARY_LIMITS.pageSizeMax)
      .optional()
      .openapi({ description: 'Product page keys (/productDetail/{mfgMpnCode}); a part number as printed is taken when exactly one catalogue part has it' }),
    productIds: IdList.optional(),
    componentIds: IdList.optional().openapi({ description: "The caller's own components" }),
  })
  .refine((b) => (b.mfgMpnCodes?.length ?? 0) + (b.productIds?.length ?? 0) + (b.componentIds?.length ?? 0) > 0, {
    message: bothMessages('categories.relate.nothing').zh,
    params: { en: bothMessages('categories.relate.nothing').en },
  })
  .openapi('UserCategoryRelate');
export type RelateBody = z.infer<typeof RelateBodySchema>;

export const RelateResultSchema = z
  .object({
    linked: z.number().int().openapi({ description: 'New links made' }),
    already: z.number().int().openapi({ description: 'Already in this category (left as they were)' }),
  })
  .openapi('UserCategoryRelated');
export type RelateResult = z.infer<typeof RelateResultSchema>;

export const ListBodySchema = z
  .strictObject({
    categoryId: Id,
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(LIBRARY_LIMITS.pageSizeMax).default(20),
    keyword: z.string().trim().max(100).optional(),
    includeDescendants: z.boolean().default(false).openapi({ description: 'Also what the categories below hold' }),
  })
  .openapi('UserCategoryListQuery');
export type ListBody = z.infer<typeof ListBodySchema>;

export const LinkedItemSchema = z
  .object({
    linkId: z.number().int(),
    categoryId: z.number().int(),
    kind: z.enum(['part', 'component']),
    /** Catalogue part: its id and /productDetail key. */
    productId: z.number().int().nullable(),
    mfgMpnCode: z.string().nullable(),
    /** Own component id. */
    componentId: z.number().int().nullable(),
    mpn: z.string(),
    brand: z.string().nullable(),
    description: z.string().nullable(),
    package: z.string().nullable(),
    /** The cross-asset check's verdict: own components, and catalogue parts once checked. */
    quality: z.enum(['ok', 'warnings', 'errors', 'unchecked']),
    createdAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('UserCategoryItem');
export type LinkedItem = z.infer<typeof LinkedItemSchema>;

export const ItemListSchema = z
  .object({ list: z.array(LinkedItemSchema), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() })
  .openapi('UserCategoryItems');
export type ItemList = z.infer<typeof ItemListSchema>;

export const UnrelateBodySchema = z
  .strictObject({ categoryId: Id, productIds: IdList.optional(), componentIds: IdList.optional(), linkIds: IdList.optional() })
  .refine((b) => (b.productIds?.length ?? 0) + (b.componentIds?.length ?? 0) + (b.linkIds?.length ?? 0) > 0, {
    message: bothMessages('categories.relate.nothing').zh,
    params: { en: bothMessages('categories.relate.nothing').en },
  })
  .openapi('UserCategoryUnrelate');
export type UnrelateBody = z.infer<typeof UnrelateBodySchema>;

export const UnrelateResultSchema = z.object({ removed: z.number().int() }).openapi('UserCategoryUnrelated');

// ── Sharing ───────────────────────────────────────────────────────────────────

export const SharedQuerySchema = z.object({
  token: z
    .string()
    .refine((v) => SHARE_TOKEN_PATTERN.test(v), { message: bothMessages('categories.share.badToken').zh, params: { en: bothMessages('categories.share.badToken').en } })
    .openapi({ description: 'The share token of u/cate/open' }),
  categoryId: z.coerce.number().int().positive().max(INT32_MAX).optional().openapi({ description: 'A category inside the shared one (default: the shared one)' }),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIBRARY_LIMITS.pageSizeMax).default(50),
});
export type SharedQuery = z.infer<typeof SharedQuerySchema>;

export const SharedSchema = z
  .object({
    scope: ScopeSchema,
    owner: z.string().nullable().openapi({ description: "The sharer's nickname, null when they have none" }),
    tree: CategoryNodeSchema.openapi({ description: 'The shared category with everything below it; share links of sub-categories are never shown' }),
    categoryId: z.number().int().openapi({ description: 'Whose items `items` lists (with its descendants)' }),
    items: ItemListSchema,
  })
  .openapi('UserCategoryShared');
export type Shared = z.infer<typeof SharedSchema>;
