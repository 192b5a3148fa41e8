import { useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { localePath, safeHref } from './chat-logic.ts';

// An answer's Markdown, sanitised: raw HTML in the text is dropped (skipHtml; no rehype-raw), and
// links keep only http(s) or site-relative targets (safeHref); images are not loaded at all (an
// answer has no reason to make the browser fetch an address a PDF could have planted).

type Props = { text: string; locale: 'zh' | 'en'; /** Part numbers our catalogue does not hold: marked where they appear. */ unverified?: readonly string[]; unverifiedLabel?: string };

type MdNode = { type: string; value?: string; children?: MdNode[]; data?: { hName?: string; hProperties?: Record<string, string> } };

/**
 * A remark step that wraps each unverified part number found in plain text in a <mark> (not inside
 * code or links, where the text is not the answer's claim).
 */
function markUnverified(mpns: readonly string[], label: string) {
  const wanted = [...new Set(mpns.map((m) => m.trim()).filter((m) => m.length >= 2))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return () => undefined;
  const escaped = wanted.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`(?<![A-Za-z0-9])(${escaped.join('|')})(?![A-Za-z0-9])`, 'gi');
  const walk = (node: MdNode) => {
    if (!node.children || node.type === 'link' || node.type === 'inlineCode' || node.type === 'code') return;
    const next: MdNode[] = [];
    for (const child of node.children) {
      if (child.type !== 'text' || !child.value) {
        walk(child);
        next.push(child);
        continue;
      }
      let last = 0;
      for (const m of child.value.matchAll(re)) {
        const at = m.index ?? 0;
        if (at > last) next.push({ type: 'text', value: child.value.slice(last, at) });
        next.push({
          type: 'unverified',
          children: [{ type: 'text', value: m[0] }],
          data: { hName: 'mark', hProperties: { className: 'rounded bg-amber-100 px-0.5 text-amber-900', title: label, 'data-testid': 'ai-unverified-mark' } },
        });
        last = at + m[0].length;
      }
      if (last < child.value.length) next.push({ type: 'text', value: child.value.slice(last) });
    }
    node.children = next;
  };
  return () => (tree: MdNode) => walk(tree);
}

const DISALLOWED = ['img'];
const NONE: readonly string[] = [];

function components(locale: 'zh' | 'en'): Components {
  return {
    a: ({ href, children }) => {
      const safe = safeHref(href);
      if (!safe) return <span data-testid="ai-dropped-link">{children}</span>;
      const site = safe.startsWith('/');
      return (
        <a
          href={site ? localePath(safe, locale) : safe}
          className="text-brand-600 underline hover:text-brand-700"
          {...(site ? {} : { target: '_blank', rel: 'noopener noreferrer nofollow' })}
        >
          {children}
        </a>
      );
    },
    table: ({ children }) => (
      <div className="my-2 overflow-x-auto">
        <table className="min-w-full border-collapse text-left text-xs">{children}</table>
      </div>
    ),
    thead: ({ children }) => <thead className="bg-slate-50">{children}</thead>,
    th: ({ children, style }) => (
      <th style={style} className="border border-slate-200 px-2 py-1 font-semibold text-slate-700">
        {children}
      </th>
    ),
    td: ({ children, style }) => (
      <td style={style} className="border border-slate-200 px-2 py-1 align-top">
        {children}
      </td>
    ),
    p: ({ children }) => <p className="my-1.5 leading-relaxed">{children}</p>,
    ul: ({ children }) => <ul className="my-1.5 list-disc pl-5">{children}</ul>,
    ol: ({ children }) => <ol className="my-1.5 list-decimal pl-5">{children}</ol>,
    h1: ({ children }) => <h3 className="mt-3 mb-1 text-base font-semibold">{children}</h3>,
    h2: ({ children }) => <h3 className="mt-3 mb-1 text-base font-semibold">{children}</h3>,
    h3: ({ children }) => <h4 className="mt-2 mb-1 text-sm font-semibold">{children}</h4>,
    code: ({ children }) => <code className="rounded bg-slate-100 px-1 font-mono text-[0.85em]">{children}</code>,
    pre: ({ children }) => <pre className="my-2 overflow-x-auto rounded bg-slate-100 p-2 text-xs">{children}</pre>,
    blockquote: ({ children }) => <blockquote className="my-2 border-l-2 border-slate-300 pl-3 text-slate-600">{children}</blockquote>,
  };
}

const byLocale = { zh: components('zh'), en: components('en') };

/** One answer's Markdown (GFM tables, lists, code), safe to render from model output. */
export function Markdown({ text, locale, unverified = NONE, unverifiedLabel = '' }: Props): ReactNode {
  const plugins = useMemo(() => [remarkGfm, markUnverified(unverified, unverifiedLabel)], [unverified, unverifiedLabel]);
  return (
    <div className="ai-markdown text-sm text-slate-800" data-testid="ai-markdown">
      <ReactMarkdown
        remarkPlugins={plugins}
        skipHtml
        disallowedElements={DISALLOWED}
        unwrapDisallowed={false}
        urlTransform={(url) => safeHref(url) ?? ''}
        components={byLocale[locale]}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
