import type { SubmitEvent } from 'react';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiFetch, SessionEndedError } from '../../lib/client/api.ts';
import { maskPhone } from '../../lib/client/display-name.ts';
import { readUserPicName, SUCCESS_CODE, type UserPicName } from '../../lib/client/login-flow.ts';
import { setUserInfo } from '../../lib/client/store.ts';
import { AccountSkeleton } from './account-skeleton.tsx';
import type { AccountLabels } from './labels.ts';
import { AVATAR_TYPES, avatarError, emailError, NICKNAME_MAX, nicknameError } from './profile-rules.ts';
import { describeUserAgent } from '../../lib/i18n/user-agent.ts';

type Status = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; user: UserPicName; lastLogin: number | null };

/** Personal centre, type=0: avatar upload, nickname and email editing, masked phone, last login. */
export function ProfilePanel({ labels, locale }: { labels: AccountLabels; locale: 'zh' | 'en' }) {
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let alive = true;
    setStatus({ kind: 'loading' });
    void (async () => {
      try {
        const [base, state] = await Promise.all([
          apiFetch('/api/chiplet/u/base/get', { method: 'POST', suppressError: true }),
          apiFetch<{ lastLoginTime: number | null }>('/api/chiplet/user/getLogin', { suppressError: true }).catch(() => null),
        ]);
        const user = readUserPicName(base);
        if (!alive) return;
        setUserInfo({ phone: user.phone, nickname: user.nickname, id: user.id, username: user.username });
        const lastLogin = state?.code === SUCCESS_CODE && typeof state.result?.lastLoginTime === 'number' ? state.result.lastLoginTime : null;
        setStatus({ kind: 'ready', user, lastLogin });
      } catch (error) {
        // A lapsed session is handled by the API client (it leaves this page).
        if (alive && !(error instanceof SessionEndedError)) setStatus({ kind: 'error' });
      }
    })();
    return () => {
      alive = false;
    };
  }, [round]);

  if (status.kind === 'loading') return <AccountSkeleton label={labels.loading} />;
  if (status.kind === 'error') {
    return (
      <div role="alert" className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white text-sm text-slate-600">
        {labels.loadFailed}
        <Button type="button" variant="outline" size="sm" onClick={() => setRound((n) => n + 1)}>
          {labels.retry}
        </Button>
      </div>
    );
  }

  const { user, lastLogin } = status;
  const update = (next: UserPicName) => {
    setStatus({ kind: 'ready', user: next, lastLogin });
    setUserInfo({ phone: next.phone, nickname: next.nickname, id: next.id, username: next.username });
  };
  const date = lastLogin ? new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(lastLogin * 1000)) : null;

  return (
    <div className="rounded-xl border border-slate-200 bg-white" data-testid="account-profile">
      <Avatar user={user} labels={labels} onChange={(headimage) => update({ ...user, headimage })} />
      <dl className="divide-y divide-slate-100">
        <EditableRow
          field="nickname"
          label={labels.nickname}
          value={user.nickname ?? ''}
          labels={labels}
          maxLength={NICKNAME_MAX}
          check={(v) => {
            const key = nicknameError(v);
            return key ? labels[key] : null;
          }}
          onSaved={update}
        />
        <EditableRow
          field="email"
          label={labels.email}
          value={user.email ?? ''}
          labels={labels}
          maxLength={254}
          type="email"
          check={(v) => {
            const key = emailError(v);
            return key ? labels[key] : null;
          }}
          onSaved={update}
        />
        <Row label={labels.phone} testId="account-phone">
          {user.phone ? maskPhone(user.phone) : <span className="text-slate-500">{labels.notSet}</span>}
        </Row>
        <Row label={labels.username}>{user.username ?? ''}</Row>
        {date && <Row label={labels.lastLogin}>{date}</Row>}
      </dl>
      <LoginHistory labels={labels} locale={locale} />
    </div>
  );
}

type HistoryItem = { method: string; siteId: number; ip: string | null; userAgent: string | null; at: number };

/** The user's recent sign-ins: when, how, from which browser (and IP only with consent). */
function LoginHistory({ labels, locale }: { labels: AccountLabels; locale: 'zh' | 'en' }) {
  const [items, setItems] = useState<HistoryItem[] | null>(null);
  useEffect(() => {
    let alive = true;
    apiFetch<{ list: HistoryItem[] }>('/api/chiplet/user/loginHistory', { method: 'POST', body: { pageSize: 10 }, suppressError: true })
      .then((r) => alive && setItems(r.code === SUCCESS_CODE ? r.result.list : []))
      .catch(() => alive && setItems([]));
    return () => {
      alive = false;
    };
  }, []);
  if (items === null) return null;
  const format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' });
  const method = (m: string) => (labels as Record<string, string>)[`loginMethod.${m}`] ?? m;
  return (
    <section className="border-t border-slate-100 px-6 py-4" data-testid="login-history">
      <h3 className="text-sm font-semibold text-slate-700">{labels.loginHistory}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{labels.loginHistoryEmpty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {items.map((item) => (
            <li className="flex gap-4 py-2" key={`${item.at}-${item.method}`}>
              <span className="w-40 shrink-0 tabular-nums text-slate-600">{format.format(new Date(item.at * 1000))}</span>
              <span className="w-32 shrink-0">{method(item.method)}</span>
              <span className="min-w-0 flex-1 truncate text-slate-500"><span title={item.userAgent ?? undefined} data-user-text>{[item.ip, describeUserAgent(item.userAgent, locale)].filter(Boolean).join(' · ')}</span></span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center gap-4 px-6 py-4 text-sm">
      <dt className="w-24 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 flex-1 truncate text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Avatar({ user, labels, onChange }: { user: UserPicName; labels: AccountLabels; onChange: (headimage: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const initial = (user.nickname || user.username || '?').slice(0, 1).toUpperCase();

  const upload = async (file: File) => {
    const problem = avatarError(file);
    if (problem) {
      setMessage({ error: true, text: labels[problem] });
      return;
    }
    setBusy(true);
    setMessage(null);
    const form = new FormData();
    form.append('file', file);
    try {
      const body = await apiFetch<{ headimage: string }>('/api/chiplet/u/base/uploadImage', { method: 'POST', body: form, suppressError: true });
      if (body.code === SUCCESS_CODE && typeof body.result?.headimage === 'string') {
        onChange(body.result.headimage);
        setMessage({ error: false, text: labels.avatarUploaded });
      } else setMessage({ error: true, text: body.msg || labels.loadFailed });
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setMessage({ error: true, text: labels.loadFailed });
    }
    setBusy(false);
  };

  return (
    <div className="flex items-center gap-5 border-b border-slate-100 px-6 py-6">
      {user.headimage ? (
        <img src={user.headimage} alt={labels.avatar} width={72} height={72} className="h-18 w-18 rounded-full border border-slate-200 object-cover" data-testid="account-avatar" />
      ) : (
        <span className="grid h-18 w-18 place-items-center rounded-full bg-brand-600 text-2xl font-semibold text-white" role="img" aria-label={labels.avatar} data-testid="account-avatar">
          {initial}
        </span>
      )}
      <div className="flex flex-col items-start gap-1">
        <input
          ref={input}
          id="avatar-file"
          type="file"
          aria-label={labels.changeAvatar}
          accept={AVATAR_TYPES.join(',')}
          className="sr-only"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void upload(file);
          }}
          data-testid="account-avatar-input"
        />
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          {busy ? labels.uploading : labels.changeAvatar}
        </Button>
        <p className="text-xs text-slate-500">{labels.avatarHint}</p>
        {message && (
          <p role={message.error ? 'alert' : 'status'} className={`text-xs ${message.error ? 'text-red-600' : 'text-green-700'}`} data-testid="account-avatar-message">
            {message.text}
          </p>
        )}
      </div>
    </div>
  );
}

function EditableRow({
  field,
  label,
  value,
  labels,
  maxLength,
  type = 'text',
  check,
  onSaved,
}: {
  field: 'nickname' | 'email';
  label: string;
  value: string;
  labels: AccountLabels;
  maxLength: number;
  type?: 'text' | 'email';
  check: (value: string) => string | null;
  onSaved: (user: UserPicName) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const id = `account-${field}`;

  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = check(draft);
    if (problem) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const body = await apiFetch('/api/chiplet/u/base/update', { method: 'POST', body: { [field]: draft.trim() }, suppressError: true });
      if (body.code === SUCCESS_CODE) {
        onSaved(readUserPicName(body));
        setEditing(false);
        setError('');
        setSaved(true);
        setTimeout(() => editRef.current?.focus(), 0);
      } else {
        setError(body.msg || labels.loadFailed);
        inputRef.current?.focus();
      }
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setError(labels.loadFailed);
    }
    setBusy(false);
  };

  if (!editing) {
    return (
      <div className="flex items-center gap-4 px-6 py-4 text-sm">
        <dt className="w-24 shrink-0 text-slate-500">{label}</dt>
        <dd className="flex min-w-0 flex-1 items-center justify-between gap-3">
          <span className="truncate text-slate-900" data-testid={`${id}-value`}>
            {value || <span className="text-slate-500">{labels.notSet}</span>}
          </span>
          <span className="flex items-center gap-3">
            {saved && (
              <span role="status" className="text-xs text-green-700">
                {labels.saved}
              </span>
            )}
            <Button
              ref={editRef}
              type="button"
              variant="link"
              className="h-auto p-0"
              onClick={() => {
                setDraft(value);
                setSaved(false);
                setEditing(true);
              }}
              aria-label={`${labels.edit} ${label}`}
              data-testid={`${id}-edit`}
            >
              {labels.edit}
            </Button>
          </span>
        </dd>
      </div>
    );
  }

  return (
    <div className="flex items-start gap-4 px-6 py-3 text-sm">
      <dt className="w-24 shrink-0 pt-1.5 text-slate-500">
        <Label htmlFor={id} className="font-normal leading-normal">
          {label}
        </Label>
      </dt>
      <dd className="min-w-0 flex-1">
        <form className="flex flex-wrap items-center gap-2" onSubmit={save} noValidate>
          <Input
            ref={inputRef}
            id={id}
            type={type}
            value={draft}
            maxLength={maxLength}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              setError('');
            }}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="h-8 w-auto flex-1 px-2"
            data-testid={`${id}-input`}
          />
          <Button type="submit" size="sm" disabled={busy} data-testid={`${id}-save`}>
            {busy ? labels.saving : labels.save}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setEditing(false);
              setError('');
              setTimeout(() => editRef.current?.focus(), 0);
            }}
          >
            {labels.cancel}
          </Button>
        </form>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-600" data-testid={`${id}-error`}>
            {error}
          </p>
        )}
      </dd>
    </div>
  );
}
