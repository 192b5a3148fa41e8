import { lazy, Suspense } from 'react';
import type { AiCitation, AiNotice, AiPart } from '../../lib/ai/ai.ts';
import type { AiUIMessage } from '../../lib/client/ai-api.ts';
import type { AiLabels } from './labels.ts';
import { Citations, NoticeBanner, PartCards, UnverifiedList } from './message-parts.tsx';

// The Markdown renderer (react-markdown, remark-gfm: about a third of the island) loads apart, so
// the page is usable sooner; the island asks for it once hydrated (preloadMarkdown), and until it
// arrives an answer shows as plain text.
const loadMarkdown = () => import('./markdown.tsx');
const Markdown = lazy(() => loadMarkdown().then((m) => ({ default: m.Markdown })));
export function preloadMarkdown(): void {
  void loadMarkdown().catch(() => undefined);
}

// One message of the chat. A user's question is plain text; an answer is its notices, its Markdown,
// then the part cards and citations its data parts carry, then its actions.

type Props = {
  message: AiUIMessage;
  labels: AiLabels;
  locale: 'zh' | 'en';
  streaming: boolean;
  /** Offered on the last answer once the chat is idle. */
  onRegenerate?: (() => void) | undefined;
  onCopy?: (() => void) | undefined;
};

/** The data parts of a message, merged (the stream may send a kind more than once). */
export function collectParts(message: AiUIMessage) {
  const parts: AiPart[] = [];
  const citations: AiCitation[] = [];
  const notices: { notice: AiNotice; message: string }[] = [];
  const unverified = new Set<string>();
  const texts: string[] = [];
  for (const p of message.parts) {
    if (p.type === 'text') texts.push(p.text);
    else if (p.type === 'data-parts') parts.push(...(p.data.parts ?? []));
    else if (p.type === 'data-citations') citations.push(...(p.data.citations ?? []));
    else if (p.type === 'data-notice') notices.push(p.data);
    else if (p.type === 'data-unverified') for (const m of p.data.mpns ?? []) unverified.add(m);
  }
  const seen = new Set<string>();
  const uniqueParts = parts.filter((p) => !seen.has(p.mfgMpnCode) && seen.add(p.mfgMpnCode));
  return { parts: uniqueParts, citations, notices, unverified: [...unverified], text: texts.join('\n\n') };
}

export function ChatMessage({ message, labels, locale, streaming, onRegenerate, onCopy }: Props) {
  if (message.role === 'user') {
    const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
    return (
      <li className="flex justify-end" data-testid="ai-message" data-role="user">
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-brand-600 px-3 py-2 text-sm text-white">
          <span className="sr-only">{labels.you}: </span>
          {text}
        </div>
      </li>
    );
  }
  const { parts, citations, notices, unverified, text } = collectParts(message);
  return (
    <li className="flex justify-start" data-testid="ai-message" data-role="assistant" data-mode={message.metadata?.mode} aria-busy={streaming || undefined}>
      <div className="w-full max-w-full rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-3 py-2 shadow-sm">
        <span className="sr-only">{labels.assistant}: </span>
        {notices.map((n, i) => (
          <NoticeBanner key={`${n.notice}-${i}`} notice={n.notice} message={n.message} labels={labels} />
        ))}
        {text ? (
          <Suspense fallback={<p className="whitespace-pre-wrap text-sm text-slate-800">{text}</p>}>
            <Markdown text={text} locale={locale} unverified={unverified} unverifiedLabel={labels.unverified} />
          </Suspense>
        ) : streaming ? <p className="text-sm text-slate-500">{labels.thinking}</p> : null}
        <PartCards parts={parts} labels={labels} locale={locale} />
        <Citations citations={citations} labels={labels} />
        <UnverifiedList mpns={unverified} labels={labels} />
        {!streaming && (onCopy || onRegenerate) && (
          <div className="mt-2 flex gap-3 text-xs text-slate-500">
            {onCopy && text && (
              <button type="button" className="hover:text-brand-700" onClick={onCopy} data-testid="ai-copy">
                {labels.copy}
              </button>
            )}
            {onRegenerate && (
              <button type="button" className="hover:text-brand-700" onClick={onRegenerate} data-testid="ai-regenerate">
                {labels.regenerate}
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
