import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { confirmDialog } from '../../lib/client/confirm-dialog.ts';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { localizePath } from '../../lib/i18n/i18n.ts';
import { flattenTree, totalOf, type CategoryNode, type CategoryScope } from '../../lib/library/categories.ts';
import type { Tree } from '../../lib/library/categories.schema.ts';
import { LIBRARY_LIMITS } from '../../lib/library/library.ts';
import { CATEGORIES_CHANGED, categoriesChanged, deleteCategory, loadTree, relateToCategory, saveCategory, shareCategory } from './category-api.ts';

// The user's own category tree (issue #16 item 2) as one React component that the components tab
// (H4), the design-blocks tab (H6) and the category pages embed: it loads the tree itself, shows
// link counts, adds (≤ 3 levels), renames, deletes (confirmed; the parts stay) and shares
// (copy link / stop sharing). Keyboard: a WAI-ARIA tree (arrows, Home/End, Enter/Space selects,
// F2 renames, Delete deletes); the actions menu acts on the selected category.

export { relateToCategory };

export type CategoryLabels = Record<string, string>;

export type CategoryTreeProps = {
  scope: CategoryScope;
  locale: 'zh' | 'en';
  /** Full keys, including 'categories.*'. */
  labels: CategoryLabels;
  selectedId: number | null;
  onSelect(id: number | null): void;
  className?: string;
};

/** A label by its key after 'categories.', with {name} placeholders filled. */
export function lbl(labels: CategoryLabels, key: string, vars: Record<string, string | number> = {}): string {
  const text = labels[`categories.${key}`] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

/** The caller's tree of one scope; loads again when any category changes on the page. */
export function useCategoryTree(scope: CategoryScope): { tree: Tree | null; failed: boolean; loggedIn: boolean; reload: () => Promise<void> } {
  const token = useStore($token);
  const [tree, setTree] = useState<Tree | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    if (!token) return;
    setFailed(false);
    try {
      const t = await loadTree(scope);
      if (t) setTree(t);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  }, [scope, token]);
  useEffect(() => {
    void reload();
    const onChange = () => void reload();
    window.addEventListener(CATEGORIES_CHANGED, onChange);
    return () => window.removeEventListener(CATEGORIES_CHANGED, onChange);
  }, [reload]);
  return { tree, failed, loggedIn: Boolean(token), reload };
}

type NameDialog = { mode: 'new' | 'child' | 'rename'; node: CategoryNode | null } | null;

function findNode(nodes: readonly CategoryNode[], id: number | null): CategoryNode | null {
  if (id === null) return null;
  for (const n of nodes) {
    if (n.id === id) return n;
    const inside = findNode(n.children, id);
    if (inside) return inside;
  }
  return null;
}

const countOf = (n: CategoryNode) => totalOf(n.counts);
const descendantsOf = (n: CategoryNode): number => n.children.reduce((s, c) => s + 1 + descendantsOf(c), 0);

export function CategoryTree({ scope, locale, labels, selectedId, onSelect, className }: CategoryTreeProps) {
  const { tree, failed, loggedIn, reload } = useCategoryTree(scope);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [focusId, setFocusId] = useState<number | null>(null);
  const [nameDialog, setNameDialog] = useState<NameDialog>(null);
  const [shareNode, setShareNode] = useState<CategoryNode | null>(null);
  const rowRefs = useRef(new Map<number, HTMLLIElement>());
  const nodes = useMemo(() => tree?.list ?? [], [tree]);
  const selected = findNode(nodes, selectedId);

  // Rows the keyboard walks: the open part of the tree, in order.
  const visible = useMemo(() => {
    const out: CategoryNode[] = [];
    const walk = (list: readonly CategoryNode[]) => {
      for (const n of list) {
        out.push(n);
        if (expanded.has(n.id)) walk(n.children);
      }
    };
    walk(nodes);
    return out;
  }, [nodes, expanded]);

  // A selected category deep in the tree opens its ancestors.
  useEffect(() => {
    if (selectedId === null || !tree) return;
    const chain = flattenTree(nodes).find((e) => e.node.id === selectedId);
    if (!chain) return;
    const ancestors: number[] = [];
    let parent = chain.node.parentId;
    while (parent !== null) {
      ancestors.push(parent);
      parent = findNode(nodes, parent)?.parentId ?? null;
    }
    if (ancestors.some((a) => !expanded.has(a))) setExpanded((e) => new Set([...e, ...ancestors]));
  }, [selectedId, tree, nodes, expanded]);

  // (A category deleted here lets go of the selection in remove(); a just-created one is selected
  // before the reloaded tree holds it, so a selection missing from the tree is never dropped here.)

  const tabStop = focusId !== null && visible.some((n) => n.id === focusId) ? focusId : (selected?.id ?? visible[0]?.id ?? null);

  const focusRow = (id: number) => {
    setFocusId(id);
    rowRefs.current.get(id)?.focus();
  };
  const toggle = (id: number, open?: boolean) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, n: CategoryNode) => {
    if (event.target !== event.currentTarget) return;
    const i = visible.findIndex((v) => v.id === n.id);
    const go = (target: CategoryNode | undefined) => {
      if (!target) return;
      event.preventDefault();
      focusRow(target.id);
    };
    switch (event.key) {
      case 'ArrowDown':
        return go(visible[i + 1]);
      case 'ArrowUp':
        return go(visible[i - 1]);
      case 'Home':
        return go(visible[0]);
      case 'End':
        return go(visible.at(-1));
      case 'ArrowRight':
        event.preventDefault();
        if (n.children.length === 0) return;
        if (!expanded.has(n.id)) toggle(n.id, true);
        else focusRow(n.children[0]!.id);
        return;
      case 'ArrowLeft':
        event.preventDefault();
        if (expanded.has(n.id) && n.children.length > 0) toggle(n.id, false);
        else if (n.parentId !== null) focusRow(n.parentId);
        return;
      case 'Enter':
      case ' ':
        event.preventDefault();
        onSelect(n.id);
        return;
      case 'F2':
        event.preventDefault();
        setNameDialog({ mode: 'rename', node: n });
        return;
      case 'Delete':
        event.preventDefault();
        void remove(n);
        return;
    }
  };

  async function remove(n: CategoryNode) {
    const ok = await confirmDialog(
      {
        title: lbl(labels, 'delete.title', { name: n.name }),
        body: lbl(labels, 'delete.body', { children: descendantsOf(n), items: countOf(n) }),
        confirm: lbl(labels, 'delete.confirm'),
        cancel: lbl(labels, 'dialog.cancel'),
      },
      'category-delete-confirm',
    );
    if (!ok) return;
    const done = await deleteCategory(n.id);
    if (!done) return;
    toast(lbl(labels, 'delete.done'), 'success');
    if (selectedId !== null && (selectedId === n.id || findNode(n.children, selectedId))) onSelect(null);
    categoriesChanged();
  }

  if (!loggedIn)
    return (
      <div className={cn('rounded-lg border border-dashed border-slate-300 bg-white p-4 text-center text-sm', className)} data-testid="category-tree-login">
        <p className="text-slate-700">{lbl(labels, 'tree.login')}</p>
        <Button type="button" size="sm" className="mt-3" onClick={requestLogin}>
          {lbl(labels, 'tree.loginButton')}
        </Button>
      </div>
    );

  const treeLabel = lbl(labels, scope === 'block' ? 'tree.blockLabel' : 'tree.label');

  const renderNode = (n: CategoryNode) => {
    const open = expanded.has(n.id);
    const isSelected = n.id === selectedId;
    const count = countOf(n);
    return (
      <li
        key={n.id}
        role="treeitem"
        aria-level={n.level}
        aria-selected={isSelected}
        aria-expanded={n.children.length > 0 ? open : undefined}
        tabIndex={tabStop === n.id ? 0 : -1}
        ref={(el) => {
          if (el) rowRefs.current.set(n.id, el);
          else rowRefs.current.delete(n.id);
        }}
        onKeyDown={(e) => onKeyDown(e, n)}
        onFocus={(e) => {
          if (e.target === e.currentTarget) setFocusId(n.id);
        }}
        onClick={(e) => {
          e.stopPropagation();
          setFocusId(n.id);
          onSelect(n.id);
        }}
        className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        data-testid="category-node"
        data-category-id={n.id}
        data-name={n.name}
      >
        <div
          data-testid="category-row"
          className={cn('flex cursor-pointer items-center gap-1 rounded-md py-1 pr-2 text-sm', isSelected ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-50')}
          style={{ paddingLeft: `${(n.level - 1) * 16 + 4}px` }}
        >
          <span
            aria-hidden="true"
            className={cn('inline-flex size-4 shrink-0 items-center justify-center text-slate-400', n.children.length === 0 && 'invisible')}
            onClick={(e) => {
              e.stopPropagation();
              toggle(n.id);
            }}
          >
            <svg viewBox="0 0 24 24" className={cn('size-3 transition-transform', open && 'rotate-90')} fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M9 6l6 6-6 6" />
            </svg>
          </span>
          <span className="min-w-0 flex-1 truncate">{n.name}</span>
          {n.shared && (
            <span className="shrink-0 text-emerald-700" title={lbl(labels, 'tree.shared')} data-testid="category-shared">
              <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
              </svg>
              <span className="sr-only">{lbl(labels, 'tree.shared')}</span>
            </span>
          )}
          <span className="shrink-0 rounded bg-slate-100 px-1.5 text-xs tabular-nums text-slate-600" title={lbl(labels, scope === 'block' ? 'tree.blockCount' : 'tree.count', { n: count })} data-testid="category-count">
            <span aria-hidden="true">{count}</span>
            <span className="sr-only">{lbl(labels, scope === 'block' ? 'tree.blockCount' : 'tree.count', { n: count })}</span>
          </span>
        </div>
        {open && n.children.length > 0 && <ul role="group">{n.children.map(renderNode)}</ul>}
      </li>
    );
  };

  return (
    <div className={cn('flex flex-col gap-2', className)} data-testid="category-tree" data-scope={scope}>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setNameDialog({ mode: 'new', node: null })} data-testid="category-new">
          {lbl(labels, 'action.new')}
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild disabled={!selected}>
            <Button type="button" size="sm" variant="outline" data-testid="category-actions" aria-label={selected ? lbl(labels, 'tree.actions', { name: selected.name }) : undefined}>
              {lbl(labels, 'action.menu')}
              <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 9l6 6 6-6" />
              </svg>
            </Button>
          </DropdownMenuTrigger>
          {selected && (
            <DropdownMenuContent align="start">
              <DropdownMenuItem disabled={selected.level >= LIBRARY_LIMITS.categoryDepth} onSelect={() => setNameDialog({ mode: 'child', node: selected })} data-testid="category-add-child">
                {lbl(labels, 'action.addChild')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setNameDialog({ mode: 'rename', node: selected })} data-testid="category-rename">
                {lbl(labels, 'action.rename')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setShareNode(selected)} data-testid="category-share">
                {lbl(labels, 'action.share')}
              </DropdownMenuItem>
              <DropdownMenuItem className="text-red-700" onSelect={() => void remove(selected)} data-testid="category-delete">
                {lbl(labels, 'action.delete')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          )}
        </DropdownMenu>
      </div>

      {!tree ? (
        failed ? (
          <p role="alert" className="text-sm text-red-700">
            {lbl(labels, 'tree.loadFailed')}{' '}
            <button type="button" className="text-brand-600 underline" onClick={() => void reload()}>
              {lbl(labels, 'tree.retry')}
            </button>
          </p>
        ) : (
          <p className="text-sm text-slate-500">{lbl(labels, 'tree.loading')}</p>
        )
      ) : (
        <>
          <button
            type="button"
            className={cn('rounded-md px-2 py-1 text-left text-sm', selectedId === null ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-50')}
            aria-pressed={selectedId === null}
            onClick={() => onSelect(null)}
            data-testid="category-all"
          >
            {lbl(labels, 'tree.all')}
          </button>
          {nodes.length === 0 ? (
            <p className="text-sm text-slate-500" data-testid="category-tree-empty">
              {lbl(labels, 'tree.empty')}
            </p>
          ) : (
            <ul role="tree" aria-label={treeLabel} className="flex flex-col">
              {nodes.map(renderNode)}
            </ul>
          )}
          <p className="text-xs text-slate-500">{lbl(labels, 'tree.total', { n: tree.total, max: tree.limit })}</p>
        </>
      )}

      <CategoryNameDialog
        state={nameDialog}
        scope={scope}
        labels={labels}
        onClose={() => setNameDialog(null)}
        onSaved={(id) => {
          if (nameDialog?.mode === 'child' && nameDialog.node) toggle(nameDialog.node.id, true);
          if (nameDialog?.mode !== 'rename') onSelect(id);
          setNameDialog(null);
          categoriesChanged();
        }}
      />
      <ShareDialog node={shareNode} locale={locale} labels={labels} onClose={() => setShareNode(null)} />
    </div>
  );
}

function CategoryNameDialog({ state, scope, labels, onClose, onSaved }: { state: NameDialog; scope: CategoryScope; labels: CategoryLabels; onClose(): void; onSaved(id: number): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setName(state?.mode === 'rename' ? (state.node?.name ?? '') : '');
    setError(null);
  }, [state]);
  const title = !state
    ? ''
    : state.mode === 'rename'
      ? lbl(labels, 'dialog.renameTitle')
      : state.mode === 'child'
        ? lbl(labels, 'dialog.childTitle', { parent: state.node?.name ?? '' })
        : lbl(labels, 'dialog.newTitle');
  const submit = async () => {
    if (!state || busy) return;
    setBusy(true);
    try {
      const body =
        state.mode === 'rename' && state.node
          ? { id: state.node.id, name }
          : { name, scope, ...(state.mode === 'child' && state.node ? { parentId: state.node.id } : {}) };
      const r = await saveCategory(body);
      if (r.code === 200000) {
        toast(lbl(labels, 'saved'), 'success');
        onSaved(r.result.id);
      } else setError(r.msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={lbl(labels, 'dialog.cancel')} data-testid="category-name-dialog">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{lbl(labels, 'dialog.nameHint')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="category-name-input">{lbl(labels, 'dialog.name')}</Label>
            <Input
              id="category-name-input"
              value={name}
              maxLength={LIBRARY_LIMITS.nameMaxChars * 2}
              autoComplete="off"
              aria-invalid={error !== null}
              aria-describedby={error ? 'category-name-error' : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              data-testid="category-name-input"
            />
            {error && (
              <p id="category-name-error" role="alert" className="text-sm text-red-700" data-testid="category-name-error">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {lbl(labels, 'dialog.cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="category-name-save">
              {lbl(labels, 'dialog.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ShareDialog({ node, locale, labels, onClose }: { node: CategoryNode | null; locale: 'zh' | 'en'; labels: CategoryLabels; onClose(): void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setUrl(node?.shareUrl ?? null), [node]);
  const full = url ? `${window.location.origin}${localizePath(url, locale)}` : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(full);
      toast(lbl(labels, 'share.copied'), 'success');
    } catch {
      // No clipboard (insecure origin, denied): the link stays selected in the field to copy by hand.
      document.getElementById('category-share-link')?.focus();
    }
  };
  const set = async (open: boolean) => {
    if (!node || busy) return;
    setBusy(true);
    try {
      const r = await shareCategory(node.id, open);
      if (!r) return;
      setUrl(r.shareUrl);
      categoriesChanged();
      if (!open) toast(lbl(labels, 'share.closed'), 'success');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={node !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={lbl(labels, 'dialog.cancel')} data-testid="category-share-dialog">
        <DialogHeader>
          <DialogTitle>{lbl(labels, 'share.title', { name: node?.name ?? '' })}</DialogTitle>
          <DialogDescription>{lbl(labels, url ? 'share.on' : 'share.off')}</DialogDescription>
        </DialogHeader>
        {url ? (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor="category-share-link">{lbl(labels, 'share.link')}</Label>
              <Input id="category-share-link" readOnly value={full} onFocus={(e) => e.currentTarget.select()} data-testid="category-share-link" />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" disabled={busy} onClick={() => void set(false)} data-testid="category-share-close">
                {lbl(labels, 'share.close')}
              </Button>
              <Button type="button" onClick={() => void copy()} data-testid="category-share-copy">
                {lbl(labels, 'share.copy')}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <DialogFooter>
            <Button type="button" disabled={busy} onClick={() => void set(true)} data-testid="category-share-open">
              {lbl(labels, 'share.open')}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

export type CategoryPickerProps = {
  scope: CategoryScope;
  locale: 'zh' | 'en';
  labels: CategoryLabels;
  value: number | null;
  onChange(id: number | null): void;
  /** Only categories that can take a child (parent pickers): levels 1 and 2. */
  parentsOnly?: boolean;
  /** What 'no category' is called (default: labels 'picker.none'). */
  noneLabel?: string;
  id?: string;
  className?: string;
};

/** Choose one of the caller's categories (for linking, or as a parent): a native select, indented by level. */
export function CategoryPicker({ scope, labels, value, onChange, parentsOnly = false, noneLabel, id, className }: CategoryPickerProps) {
  const { tree } = useCategoryTree(scope);
  const entries = useMemo(() => flattenTree(tree?.list ?? []).filter((e) => !parentsOnly || e.node.level < LIBRARY_LIMITS.categoryDepth), [tree, parentsOnly]);
  return (
    <select
      id={id}
      aria-label={id ? undefined : lbl(labels, 'picker.label')}
      className={cn('h-9 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60', className)}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      data-testid="category-picker"
    >
      <option value="">{noneLabel ?? lbl(labels, 'picker.none')}</option>
      {entries.map(({ node }) => (
        <option key={node.id} value={node.id}>
          {`${'\u3000'.repeat(node.level - 1)}${node.name}`}
        </option>
      ))}
    </select>
  );
}
