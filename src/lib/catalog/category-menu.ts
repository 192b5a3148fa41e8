import type { Locale } from '../i18n/i18n.ts';
import { escapeHtml } from '../search/search.ts';
import { buildCategoryTree, categoryName, filterPageHref, type CategoryNode, type CategoryTreeNode } from './catalog.ts';

// The header's category mega-menu as one HTML string, made once per category list and locale.
// It is the same ~85 KB on every page; building it through Astro's templating on each request
// cost more than the rest of a product page's render.

const cache = new WeakMap<readonly CategoryNode[], Map<Locale, string>>();

/** `categories` is listCategories()'s cached array: a new array (after an import) makes a new menu. */
export function categoryMenuHtml(categories: readonly CategoryNode[], locale: Locale): string {
  let byLocale = cache.get(categories);
  if (!byLocale) cache.set(categories, (byLocale = new Map()));
  let html = byLocale.get(locale);
  if (html === undefined) {
    html = menuItems(buildCategoryTree(categories), locale);
    byLocale.set(locale, html);
  }
  return html;
}

function menuItems(tree: CategoryTreeNode[], locale: Locale): string {
  const link = (n: CategoryTreeNode, cls: string, role = '') => {
    const name = categoryName(n, locale);
    return `<a href="${escapeHtml(filterPageHref(n, name, locale))}" class="${cls}"${role}>${escapeHtml(name)}</a>`;
  };
  let out = '';
  for (const node of tree) {
    out += `<li class="level1 group/l1">${link(node, 'block px-4 py-1.5 text-sm hover:bg-brand-50 hover:text-brand-600', ' role="menuitem"')}`;
    if (node.children.length > 0) {
      out +=
        '<div class="side-panel invisible absolute left-56 top-0 h-full w-[calc(720px-14rem)] overflow-auto p-4 opacity-0 group-focus-within/l1:visible group-focus-within/l1:opacity-100 group-hover/l1:visible group-hover/l1:opacity-100"><div class="grid grid-cols-2 gap-4">';
      for (const child of node.children) {
        out += `<div>${link(child, 'text-sm font-semibold hover:text-brand-600')}<ul class="mt-1 flex flex-wrap gap-x-3 gap-y-1">`;
        for (const leaf of child.children) out += `<li>${link(leaf, 'text-xs text-slate-600 hover:text-brand-600')}</li>`;
        out += '</ul></div>';
      }
      out += '</div></div>';
    }
    out += '</li>';
  }
  return out;
}
