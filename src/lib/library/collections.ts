import { visibleNameProblem } from '../users/visible-name.ts';
import { LIBRARY_LIMITS } from './library.ts';

// Collections (issue #16 items 1 and 7): pure rules shared by the server and the islands. A user
// keeps catalogue parts and modules in folders; one folder per user is the default (made on first
// use, its name shown per locale but stored once); deleting another folder moves its items there.

/** The default folder's stored name (shown as the locale's word by the API). */
export const DEFAULT_FOLDER_STORED_NAME = '默认收藏夹';

/** Names a user may not give a folder: the default folder's, in either language. */
const RESERVED_NAMES = new Set(['默认收藏夹', 'default']);

export const COLLECT_KINDS = ['part', 'module'] as const;
export type CollectKind = (typeof COLLECT_KINDS)[number];

/** Codes asked about in one state lookup (a search page shows at most 100 rows). */
export const STATE_CODES_MAX = 100;
/** Item ids or part codes in one remove or move call. */
export const BATCH_MAX = 100;

export type FolderNameProblem = 'empty' | 'tooLong' | 'markup' | 'control' | 'reserved';

/**
 * Markup in a name: an HTML/XML tag opening ('<b', '</', '<!', '<?') or an entity ('&lt;',
 * '&#60;'). A lone '<' as in '<10Ω' is plain text and stays allowed.
 */
const MARKUP = /<[a-z/!?]|&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/i;

/** Characters as a reader counts them (code points, so '芯' and '😀' are one each). */
export const nameLength = (name: string) => [...name].length;

/** What is wrong with a folder name (already trimmed), or null. */
export function folderNameProblem(name: string): FolderNameProblem | null {
  if (name === '') return 'empty';
  if (nameLength(name) > LIBRARY_LIMITS.nameMaxChars) return 'tooLong';
  if (MARKUP.test(name)) return 'markup';
  if (visibleNameProblem(name)) return 'control';
  if (RESERVED_NAMES.has(name.toLowerCase())) return 'reserved';
  return null;
}

/** A product page's address for a part code, per locale. */
export function productHref(locale: 'zh' | 'en', mfgMpnCode: string): string {
  return `${locale === 'en' ? '/en' : ''}/productDetail/${encodeURIComponent(mfgMpnCode)}`;
}
