import { LIBRARY_LIMITS } from './library.ts';

// A user's own category tree (issue #16 item 2; SPEC §7 User data u/cate*, relate/*): pure rules
// shared by the server, the islands and the tests. Two trees per user, by scope: 'part' (catalogue
// parts and own components) and 'block' (design blocks). Three levels like the catalogue's.

export const CATEGORY_SCOPES = ['part', 'block'] as const;
export type CategoryScope = (typeof CATEGORY_SCOPES)[number];

/** Why a name is refused; each has a sentence in both languages (server messages 'categories.name.*'). */
export type NameProblem = 'empty' | 'tooLong' | 'markup' | 'control';

/** Markup: a tag or comment opener ('<b', '</', '<!--', '<?'); entities like '&lt;' are shown as typed, never decoded. */
const MARKUP = /<\s*[a-zA-Z/!?]/;
/** C0/C1 control characters, line breaks, and the bidirectional overrides that reorder what a name shows. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The problem with a (trimmed) category name, or null when it can be saved. */
export function categoryNameProblem(raw: string): NameProblem | null {
  const name = raw.trim();
  if (name === '') return 'empty';
  if ([...name].length > LIBRARY_LIMITS.nameMaxChars) return 'tooLong';
  if (CONTROL.test(name)) return 'control';
  if (MARKUP.test(name)) return 'markup';
  return null;
}

/** A category as stored, what the tree is built from. */
export type CategoryRow = {
  id: number;
  name: string;
  parentId: number | null;
  level: number;
  sort: number;
  shareToken: string | null;
};

/** What one category holds directly: catalogue parts and own components (scope 'part') or design blocks (scope 'block'). */
export type DirectCounts = { parts: number; components: number; blocks: number };
/** Its own counts and those of its whole subtree. */
export type CategoryCounts = DirectCounts & { totalParts: number; totalComponents: number; totalBlocks: number };

/** Everything a category and its subtree hold. */
export const totalOf = (c: CategoryCounts): number => c.totalParts + c.totalComponents + c.totalBlocks;

export type CategoryNode = {
  id: number;
  name: string;
  level: number;
  parentId: number | null;
  sort: number;
  counts: CategoryCounts;
  shared: boolean;
  /** The share page's path ('/share/category/<token>'), null while not shared. */
  shareUrl: string | null;
  children: CategoryNode[];
};

/** The path of the read-only share page of a token (zh; localizePath adds '/en'). */
export function sharePath(token: string): string {
  return `/share/category/${token}`;
}

/** A share token: 24 random bytes as base64url (192 bits, never guessed). Tokens that do not look like one are refused before any query. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Siblings order: sort, then name, then id (stable). */
function bySort(a: CategoryRow, b: CategoryRow): number {
  return a.sort - b.sort || a.name.localeCompare(b.name, 'zh-CN') || a.id - b.id;
}

/**
 * Nests the rows under `rootId` (null: the whole tree), children sorted; counts add up the
 * subtree. A row whose parent is missing (cannot happen through the API) is shown at the top.
 */
export function buildCategoryTree(rows: readonly CategoryRow[], direct: ReadonlyMap<number, DirectCounts>, rootId: number | null = null): CategoryNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<number | null, CategoryRow[]>();
  for (const r of rows) {
    const parent = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(r);
    childrenOf.set(parent, list);
  }
  const build = (r: CategoryRow, depth: number): CategoryNode => {
    const own = direct.get(r.id) ?? { parts: 0, components: 0, blocks: 0 };
    // Depth bound: a corrupt cycle can never recurse forever.
    const children = depth < LIBRARY_LIMITS.categoryDepth + 2 ? (childrenOf.get(r.id) ?? []).sort(bySort).map((c) => build(c, depth + 1)) : [];
    const counts: CategoryCounts = {
      parts: own.parts,
      components: own.components,
      blocks: own.blocks,
      totalParts: own.parts + children.reduce((s, c) => s + c.counts.totalParts, 0),
      totalComponents: own.components + children.reduce((s, c) => s + c.counts.totalComponents, 0),
      totalBlocks: own.blocks + children.reduce((s, c) => s + c.counts.totalBlocks, 0),
    };
    return {
      id: r.id,
      name: r.name,
      level: r.level,
      parentId: r.parentId,
      sort: r.sort,
      counts,
      shared: r.shareToken !== null,
      shareUrl: r.shareToken !== null ? sharePath(r.shareToken) : null,
      children,
    };
  };
  if (rootId === null) return (childrenOf.get(null) ?? []).sort(bySort).map((r) => build(r, 1));
  const root = rows.find((r) => r.id === rootId);
  return root ? [build(root, 1)] : [];
}

/** The ids of `id` and everything below it. */
export function subtreeIds(rows: readonly Pick<CategoryRow, 'id' | 'parentId'>[], id: number): number[] {
  const childrenOf = new Map<number, number[]>();
  for (const r of rows) if (r.parentId !== null) childrenOf.set(r.parentId, [...(childrenOf.get(r.parentId) ?? []), r.id]);
  const out: number[] = [];
  const stack = [id];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    out.push(next);
    stack.push(...(childrenOf.get(next) ?? []));
  }
  return out;
}

/** How many levels the subtree of `id` spans (1 for a leaf). */
export function subtreeHeight(rows: readonly Pick<CategoryRow, 'id' | 'parentId'>[], id: number): number {
  const childrenOf = new Map<number, number[]>();
  for (const r of rows) if (r.parentId !== null) childrenOf.set(r.parentId, [...(childrenOf.get(r.parentId) ?? []), r.id]);
  const height = (n: number, guard: number): number => (guard > 10 ? 1 : 1 + Math.max(0, ...(childrenOf.get(n) ?? []).map((c) => height(c, guard + 1))));
  return height(id, 0);
}

/** A flat list of the tree for pickers: each node with its depth and the path of names above it. */
export function flattenTree(nodes: readonly CategoryNode[], path: string[] = []): { node: CategoryNode; path: string[] }[] {
  return nodes.flatMap((n) => [{ node: n, path }, ...flattenTree(n.children, [...path, n.name])]);
}
