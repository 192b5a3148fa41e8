// Pure category-tree logic shared by the header (browser) and the server.
export type CategoryNode = {
  cateId: number;
  cateName: string;
  cateNameEn: string;
  level: number;
  parentId: number | null;
};

export type CategoryTreeNode = CategoryNode & { children: CategoryTreeNode[] };

/**
 * Builds the tree the header menu shows. SPEC §3: a level-2 node whose parent is not a level-1
 * node is shown as top-level, as is any node whose parent is missing.
 */
export function buildCategoryTree(nodes: readonly CategoryNode[]): CategoryTreeNode[] {
  const byId = new Map<number, CategoryTreeNode>();
  for (const n of nodes) byId.set(n.cateId, { ...n, children: [] });
  const roots: CategoryTreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    const orphanLevel2 = node.level === 2 && parent?.level !== 1;
    if (node.level === 1 || !parent || orphanLevel2) roots.push(node);
    else parent.children.push(node);
  }
  return roots;
}

export function categoryName(node: Pick<CategoryNode, 'cateName' | 'cateNameEn'>, locale: 'zh' | 'en'): string {
  return locale === 'en' && node.cateNameEn ? node.cateNameEn : node.cateName;
}

/** SPEC §2: /filterPage/{cateId}/{cateName} with the name URI-encoded. */
export function filterPageHref(node: Pick<CategoryNode, 'cateId'>, name: string, locale: 'zh' | 'en'): string {
  return `${locale === 'en' ? '/en' : ''}/filterPage/${node.cateId}/${encodeURIComponent(name)}`;
}
