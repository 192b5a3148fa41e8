import type { MouseEvent } from 'react';
import type { AiCitation, AiNotice, AiPart } from '../../lib/ai/ai.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { localePath, noticeText, safeHref } from './chat-logic.ts';
import { fill, type AiLabels } from './labels.ts';

// The answer's data parts (src/lib/ai/ai.ts): part cards, datasheet citations, notices and the
// unverified part numbers. All text is rendered as text (React escapes it); links go through
// safeHref like the Markdown's.

type Common = { labels: AiLabels; locale: 'zh' | 'en' };

/** Part cards, best first: MPN, brand, category, package, the parameters with matched ones highlighted. */
export function PartCards({ parts, labels, locale }: Common & { parts: readonly AiPart[] }) {
  if (parts.length === 0) return null;
  return (
    <section aria-label={labels.parts} className="mt-2" data-testid="ai-part-cards">
      <h4 className="mb-1 text-xs font-semibold text-slate-500">{labels.parts}</h4>
      <ul className="grid gap-2 sm:grid-cols-2">
        {parts.map((p) => {
          const href = safeHref(p.url);
          const matched = new Set(p.matched);
          return (
            <li key={p.mfgMpnCode} className="rounded-lg border border-slate-200 bg-white p-3 text-xs shadow-sm" data-testid="ai-part-card" data-code={p.mfgMpnCode}>
              <div className="flex items-baseline justify-between gap-2">
                {href ? (
                  <a href={localePath(href, locale)} className="font-mono text-sm font-semibold text-brand-700 hover:underline" data-testid="ai-part-link">
                    {p.mpn}
                  </a>
                ) : (
                  <span className="font-mono text-sm font-semibold">{p.mpn}</span>
                )}
                <span className="truncate text-slate-600">{p.brandName}</span>
              </div>
              <div className="mt-0.5 text-slate-500">
                {p.cateName}
                {p.package ? ` · ${labels.package} ${p.package}` : ''}
              </div>
              {p.params.length > 0 && (
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
                  {p.params.map((param) => {
                    const hit = matched.has(param.key);
                    return (
                      <div key={param.key} className="contents" data-matched={hit ? 'true' : undefined}>
                        <dt className={hit ? 'font-medium text-emerald-700' : 'text-slate-500'}>{param.name}</dt>
                        <dd className={hit ? 'font-medium text-emerald-700' : 'text-slate-700'} {...(hit ? { title: labels.matched } : {})}>
                          {param.value}
                          {hit && (
                            <span aria-label={labels.matched} className="ml-1">
                              ✓
                            </span>
                          )}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              )}
              {href && (
                <a href={localePath(href, locale)} className="mt-2 inline-block text-brand-600 hover:underline">
                  {labels.viewPart}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** 'datasheet, page N': each opens the PDF at that page in a new tab. */
export function Citations({ citations, labels }: Omit<Common, 'locale'> & { citations: readonly AiCitation[] }) {
  if (citations.length === 0) return null;
  return (
    <section aria-label={labels.citations} className="mt-2" data-testid="ai-citations">
      <h4 className="mb-1 text-xs font-semibold text-slate-500">{labels.citations}</h4>
      <ol className="flex flex-wrap gap-2 text-xs">
        {citations.map((c, i) => {
          const href = citationHref(c);
          const label = fill(labels.citation, { page: c.page });
          const tip = c.text.length > 300 ? `${c.text.slice(0, 300)}…` : c.text;
          return (
            <li key={`${c.datasheetId}-${c.page}-${i}`}>
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={tip}
                  className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-2 py-0.5 text-slate-700 hover:border-brand-500 hover:text-brand-700"
                  data-testid="ai-citation"
                  data-page={c.page}
                  onClick={(event) => openWithSession(event, href, labels.failedGeneric)}
                >
                  <span className="max-w-[14rem] truncate">{c.title}</span>
                  <span className="font-medium">{label}</span>
                </a>
              ) : (
                <span className="rounded-full border border-slate-200 px-2 py-0.5" data-testid="ai-citation" data-page={c.page}>
                  {c.title} {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * A user's own uploads are private: the PDF answers only with the session's X-token, which a plain
 * link in a new tab does not carry (the token lives in localStorage, not in a cookie). Logged in,
 * the page fetches the PDF itself and opens it from memory at the cited page; logged out, the link
 * opens as it is (catalogue datasheets are public).
 */
function openWithSession(event: MouseEvent<HTMLAnchorElement>, href: string, failed: string): void {
  const token = $token.get();
  if (!token || !href.startsWith('/') || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  // Opened now, within the click, so no popup blocker stops it; filled once the PDF is here.
  const tab = window.open('', '_blank');
  const [path, hash = ''] = href.split('#');
  void fetch(path!, { headers: { 'X-token': token } })
    .then(async (res) => {
      if (!res.ok || !(res.headers.get('content-type') ?? '').includes('pdf')) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      if (tab) tab.location.href = `${url}${hash ? `#${hash}` : ''}`;
      else window.location.assign(`${url}${hash ? `#${hash}` : ''}`);
      // The tab keeps its own copy once loaded; the address is freed later.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    })
    .catch(() => {
      tab?.close();
      toast(failed, 'error');
    });
}

/** The citation's PDF address with '#page=N' (kept when the server gave one, added when not). */
export function citationHref(c: AiCitation): string | null {
  const base = safeHref(c.url);
  if (!base) return null;
  const page = Number.isInteger(c.page) && c.page > 0 ? c.page : 1;
  return `${base.replace(/#.*$/, '')}#page=${page}`;
}

/** Why the answer came from retrieval, or that it was cut: in the user's language. */
export function NoticeBanner({ notice, message, labels }: Omit<Common, 'locale'> & { notice: AiNotice; message?: string | undefined }) {
  const warn = notice === 'provider-error' || notice === 'limit' || notice === 'budget';
  return (
    <p
      role="note"
      className={`mb-2 rounded-md border px-3 py-2 text-xs ${warn ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-sky-200 bg-sky-50 text-sky-900'}`}
      data-testid="ai-notice"
      data-notice={notice}
    >
      {noticeText(notice, message, labels)}
    </p>
  );
}

/** Part numbers the answer names that our catalogue does not hold. */
export function UnverifiedList({ mpns, labels }: Omit<Common, 'locale'> & { mpns: readonly string[] }) {
  if (mpns.length === 0) return null;
  return (
    <p className="mt-2 text-xs text-amber-900" data-testid="ai-unverified">
      {labels.unverifiedHelp}{' '}
      {mpns.map((m) => (
        <span key={m} className="mr-1 inline-flex items-center gap-1 rounded bg-amber-100 px-1 font-mono">
          {m}
          <span className="font-sans text-[10px] uppercase">{labels.unverified}</span>
        </span>
      ))}
    </p>
  );
}
