import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { BomApiError, bomSummary, deleteUserBom, forgetBom, renameUserBom, userBoms, type BomSummary, type UserBomItem } from '../../lib/client/bom-api.ts';
import { confirmDialog } from '../../lib/client/confirm-dialog.ts';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $bomId, $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { bomOpenPath, type BomLocale } from './bom-paths.ts';
import { fill, type BomLabels } from './labels.ts';

type Item = Pick<UserBomItem, 'bomId' | 'name' | 'state' | 'lines' | 'updatedAt'>;

/**
 * The user's recent BOMs: the account's list (user/bom) with rename and delete when logged in; the
 * one BOM this browser remembers (SPEC §3 bomId) when not.
 */
export function RecentBoms({ labels, locale }: { labels: BomLabels; locale: BomLocale }) {
  const token = useStore($token);
  const localId = useStore($bomId);
  const [items, setItems] = useState<Item[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      if (token) {
        // ADR 0010: the first authenticated call that touches an unowned BOM claims it, so the
        // BOM this browser worked on while logged out joins the account before the list is read.
        if (localId) await bomSummary(localId).catch(() => undefined);
        setItems((await userBoms(1, 20)).list);
      }
      else if (localId) setItems([toItem(await bomSummary(localId))]);
      else setItems([]);
    } catch (e) {
      // A remembered BOM that no longer exists is forgotten, not an error.
      if (!token && localId && e instanceof BomApiError && e.code === 40400) {
        forgetBom(localId);
        setItems([]);
      } else setFailed(true);
    }
  }, [token, localId]);

  useEffect(() => void load(), [load]);

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="bom-recent-title" data-testid="bom-recent">
      <h2 id="bom-recent-title" className="text-base font-semibold text-slate-900">
        {labels.recentTitle}
      </h2>
      {!token && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {labels.recentLocal}
          <Button type="button" variant="link" className="h-auto p-0" onClick={requestLogin} data-testid="bom-recent-login">
            {labels.recentLogin}
          </Button>
        </p>
      )}
      {failed ? (
        <p className="mt-4 text-sm text-red-700">
          {labels.loadFailed}{' '}
          <Button type="button" variant="link" className="h-auto p-0" onClick={() => void load()}>
            {labels.retry}
          </Button>
        </p>
      ) : items === null ? (
        <p className="mt-4 text-sm text-slate-500">{labels.recentLoading}</p>
      ) : items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500" data-testid="bom-recent-empty">
          {labels.recentEmpty}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <RecentItem key={item.bomId} item={item} labels={labels} locale={locale} owned={Boolean(token)} onChanged={load} />
          ))}
        </ul>
      )}
    </section>
  );
}

function toItem(s: BomSummary): Item {
  return { bomId: s.bomId, name: s.name, state: s.state, lines: s.lines, updatedAt: s.updatedAt };
}

function RecentItem({ item, labels, locale, owned, onChanged }: { item: Item; labels: BomLabels; locale: BomLocale; owned: boolean; onChanged: () => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);

  const rename = async () => {
    const next = name.trim();
    if (!next || next === item.name) return setEditing(false);
    try {
      await renameUserBom(item.bomId, next);
      toast(labels.renamed, 'success');
      setEditing(false);
      await onChanged();
    } catch {
      /* the client has shown the server's message; the field keeps what was typed */
    }
  };

  const remove = async () => {
    const ok = await confirmDialog({ title: labels.deleteTitle, body: fill(labels.deleteBody, { name: item.name }), confirm: labels.delete, cancel: labels.cancel }, 'bom-delete-confirm');
    if (!ok) return;
    try {
      await deleteUserBom(item.bomId);
      forgetBom(item.bomId);
      toast(labels.deleted, 'success');
      await onChanged();
    } catch {
      /* shown by the client */
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="bom-recent-item" data-bom-id={item.bomId}>
      {editing ? (
        <form
          className="flex flex-1 items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void rename();
          }}
        >
          <Input value={name} maxLength={100} aria-label={labels.renameLabel} onChange={(e) => setName(e.target.value)} autoFocus className="h-8 max-w-xs" data-testid="bom-rename-input" />
          <Button type="submit" size="sm">
            {labels.save}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => (setName(item.name), setEditing(false))}>
            {labels.cancel}
          </Button>
        </form>
      ) : (
        <a href={bomOpenPath(locale, item.bomId, item.state)} className="min-w-0 flex-1 truncate font-medium text-slate-900 hover:text-brand-600" data-testid="bom-recent-open">
          {item.name}
        </a>
      )}
      <Badge variant="secondary">{labels[`state.${item.state}`]}</Badge>
      <span className="text-xs text-slate-500">{fill(labels.lines, { n: item.lines })}</span>
      <time className="text-xs text-slate-500" dateTime={item.updatedAt}>
        {fill(labels.updatedAt, { time: new Date(item.updatedAt).toLocaleString(locale === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'short', timeStyle: 'short' }) })}
      </time>
      {owned && !editing && (
        <span className="flex gap-1">
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(true)} data-testid="bom-rename">
            {labels.rename}
          </Button>
          <Button type="button" size="sm" variant="ghost" className="text-red-700" onClick={() => void remove()} data-testid="bom-delete">
            {labels.delete}
          </Button>
        </span>
      )}
    </li>
  );
}
