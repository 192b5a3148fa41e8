import { useState, type SubmitEvent } from 'react';
import { confirmDialog } from '../../lib/client/confirm-dialog.ts';
import type { AiConversation } from '../../lib/client/ai-api.ts';
import { fill, type AiLabels } from './labels.ts';

// A logged-in user's conversations: new, select, rename in place, delete after the project's
// confirm dialog. The island owns the calls; this list only reports what the user chose.

type Props = {
  labels: AiLabels;
  conversations: readonly AiConversation[] | null;
  currentId: string | null;
  busy: boolean;
  onNew: () => void;
  onSelect: (id: string) => void;
  onRename: (id: string, title: string) => Promise<boolean>;
  onDelete: (id: string) => Promise<void>;
};

export function ConversationList({ labels, conversations, currentId, busy, onNew, onSelect, onRename, onDelete }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [title, setTitle] = useState('');

  const save = async (event: SubmitEvent<HTMLFormElement>, id: string) => {
    event.preventDefault();
    const next = title.trim();
    if (!next) return;
    if (await onRename(id, next.slice(0, 100))) setEditing(null);
  };

  const remove = async (c: AiConversation) => {
    const yes = await confirmDialog(
      { title: labels.deleteTitle, body: fill(labels.deleteBody, { title: c.title || labels.untitled }), confirm: labels.delete, cancel: labels.cancel },
      'ai-delete-confirm',
    );
    if (yes) await onDelete(c.id);
  };

  return (
    <nav aria-label={labels.conversations} className="flex h-full flex-col gap-2" data-testid="ai-conversations">
      <button
        type="button"
        onClick={onNew}
        disabled={busy}
        className="rounded-md border border-brand-500 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50"
        data-testid="ai-new-chat"
      >
        + {labels.newChat}
      </button>
      <h2 className="mt-1 text-xs font-semibold text-slate-500">{labels.conversations}</h2>
      {conversations === null ? null : conversations.length === 0 ? (
        <p className="text-xs text-slate-500">{labels.noConversations}</p>
      ) : (
        <ul className="flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto">
          {conversations.map((c) => (
            <li key={c.id} data-testid="ai-conversation" data-id={c.id}>
              {editing === c.id ? (
                <form onSubmit={(e) => void save(e, c.id)} className="flex gap-1">
                  <label className="sr-only" htmlFor={`ai-rename-${c.id}`}>
                    {labels.renameLabel}
                  </label>
                  <input
                    id={`ai-rename-${c.id}`}
                    value={title}
                    maxLength={100}
                    autoFocus
                    onChange={(e) => setTitle(e.target.value)}
                    onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
                    className="min-w-0 flex-1 rounded border border-slate-300 px-1 py-0.5 text-sm"
                    data-testid="ai-rename-input"
                  />
                  <button type="submit" className="text-xs text-brand-700" data-testid="ai-rename-save">
                    {labels.save}
                  </button>
                </form>
              ) : (
                <div className={`group flex items-center gap-1 rounded px-2 py-1 text-sm ${c.id === currentId ? 'bg-brand-50 text-brand-800' : 'hover:bg-slate-100'}`}>
                  <button
                    type="button"
                    className="min-w-0 flex-1 truncate text-left"
                    onClick={() => onSelect(c.id)}
                    aria-current={c.id === currentId ? 'true' : undefined}
                    title={c.title || labels.untitled}
                  >
                    {c.title || labels.untitled}
                  </button>
                  <button
                    type="button"
                    className="text-xs text-slate-500 hover:text-brand-700"
                    onClick={() => {
                      setTitle(c.title);
                      setEditing(c.id);
                    }}
                    aria-label={`${labels.rename}: ${c.title || labels.untitled}`}
                    data-testid="ai-rename"
                  >
                    ✎
                  </button>
                  <button
                    type="button"
                    className="text-xs text-slate-500 hover:text-red-600"
                    onClick={() => void remove(c)}
                    aria-label={`${labels.delete}: ${c.title || labels.untitled}`}
                    data-testid="ai-delete"
                  >
                    ✕
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
