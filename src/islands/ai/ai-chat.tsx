import '../../lib/client/zod-no-eval.ts';
import { useChat } from '@ai-sdk/react';
import { useStore } from '@nanostores/react';
import { DefaultChatTransport } from 'ai';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { AI_LIMITS, type AiOrigin } from '../../lib/ai/ai.ts';
import { SessionEndedError } from '../../lib/client/api.ts';
import {
  chatHeaders,
  deleteConversation,
  getConversation,
  listConversations,
  renameConversation,
  type AiConversation,
  type AiUIMessage,
} from '../../lib/client/ai-api.ts';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { reactIsland } from '../react-island.ts';
import { answerText, checkQuestion, conversationFromUrl, failureReason, guestHistory, loadGuestChat, saveGuestChat } from './chat-logic.ts';
import { ChatMessage, preloadMarkdown } from './chat-message.tsx';
import { ConversationList } from './conversation-list.tsx';
import { DatasheetUpload } from './datasheet-upload.tsx';
import { fill, type AiLabels } from './labels.ts';
import { designFields, designNote, followOpenDesign, type OpenDesign } from './open-design.ts';

// The assistant (issue #15 items 1, 5): @ai-sdk/react's useChat over the UI message stream of
// POST /api/chiplet/ai/chat, the same for model and retrieval answers. Logged in, conversations are
// stored by the server and listed beside the chat (?c=<id> reopens one after a reload); logged out,
// the chat lives in this tab (sessionStorage). A failed turn keeps the conversation and puts the
// question back in the box.

type Props = {
  locale: 'zh' | 'en';
  labels: AiLabels;
  origin: AiOrigin;
  /** /ecadViewer/ai?designId=: the stored design whose BOM the answers use. */
  designId?: string | null;
  /** The panel beside the viewer: no sidebar, tighter spacing. */
  compact?: boolean;
};

/** Messages a logged-in client sends back: the server reads the stored history, this is the recent context. */
const MEMBER_HISTORY = 100;

function AiChat({ locale, labels, origin, designId = null, compact = false }: Props) {
  const token = useStore($token);
  const loggedIn = token !== '';
  const inputId = useId();
  const hintId = useId();
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [conversations, setConversations] = useState<AiConversation[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [stopped, setStopped] = useState(false);
  /** A guest's tab chat has been read back: only then is it written (never overwritten by the empty first render). */
  const [restored, setRestored] = useState(false);
  const conversationRef = useRef<string | null>(null);
  const loggedInRef = useRef(loggedIn);
  const lastQuestion = useRef('');
  const listRef = useRef<HTMLOListElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  /** Beside the viewer without a stored design: the design open there (viewer-bridge.ts), if any. */
  const [openDesign, setOpenDesign] = useState<OpenDesign | null>(null);
  const openDesignRef = useRef<OpenDesign | null>(null);
  conversationRef.current = conversationId;
  loggedInRef.current = loggedIn;
  openDesignRef.current = openDesign;

  useEffect(() => {
    if (origin !== 'ecad' || designId) return;
    return followOpenDesign(setOpenDesign);
  }, [origin, designId]);

  // One transport for the island's life: it reads the current conversation and session at send time.
  const transport = useMemo(
    () =>
      new DefaultChatTransport<AiUIMessage>({
        api: '/api/chiplet/ai/chat',
        headers: () => chatHeaders(locale),
        prepareSendMessagesRequest: ({ id, messages, trigger, messageId }) => ({
          body: {
            id,
            messages: loggedInRef.current ? messages.slice(-MEMBER_HISTORY) : guestHistory(messages),
            trigger,
            messageId,
            conversationId: loggedInRef.current ? conversationRef.current : null,
            origin,
            ...designFields(designId, origin === 'ecad' ? openDesignRef.current : null),
            locale,
          },
        }),
      }),
    [locale, origin, designId],
  );

  const { messages, sendMessage, regenerate, stop, status, error, setMessages, clearError } = useChat<AiUIMessage>({
    transport,
    experimental_throttle: 50,
  });
  const busy = status === 'submitted' || status === 'streaming';

  const refreshList = useCallback(async () => {
    try {
      const r = await listConversations();
      if (r.code === 200000) setConversations(r.result.list.filter((c) => c.origin === origin || !compact));
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setConversations((list) => list ?? []);
    }
  }, [origin, compact]);

  const showConversation = useCallback((id: string | null) => {
    const url = new URL(window.location.href);
    if (id) url.searchParams.set('c', id);
    else url.searchParams.delete('c');
    window.history.replaceState(null, '', url);
  }, []);

  const openConversation = useCallback(
    async (id: string) => {
      setLoadError(false);
      try {
        const r = await getConversation(id);
        if (r.code !== 200000) {
          setLoadError(true);
          showConversation(null);
          return;
        }
        setConversationId(r.result.id);
        setMessages(r.result.messages);
        showConversation(r.result.id);
      } catch (e) {
        if (!(e instanceof SessionEndedError)) setLoadError(true);
      }
    },
    [setMessages, showConversation],
  );

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    idle(() => preloadMarkdown());
  }, []);

  // First paint and every login/logout: a member's history (?c=) and list, or a guest's tab chat.
  useEffect(() => {
    if (loggedIn) {
      void refreshList();
      const fromUrl = conversationFromUrl(window.location.search);
      if (fromUrl && fromUrl !== conversationRef.current) void openConversation(fromUrl);
    } else {
      setConversations(null);
      setConversationId(null);
      showConversation(null);
      setMessages(loadGuestChat(origin));
      setRestored(true);
    }
    // Runs on the session changing only.
  }, [loggedIn]);

  // A guest's chat is kept in the tab whenever a turn settles.
  useEffect(() => {
    if (!loggedIn && restored && !busy) saveGuestChat(origin, messages);
  }, [loggedIn, restored, busy, messages, origin]);

  // A new conversation's id arrives in the answer's metadata: adopt it, put it in the URL, list it.
  useEffect(() => {
    if (!loggedIn) return;
    const last = messages.at(-1);
    const id = last?.role === 'assistant' ? last.metadata?.conversationId : null;
    if (id && id !== conversationRef.current) {
      setConversationId(id);
      showConversation(id);
      if (!busy) void refreshList();
    } else if (id && !busy && conversations && !conversations.some((c) => c.id === id)) void refreshList();
  }, [messages, loggedIn, busy, conversations, refreshList, showConversation]);

  // A turn that failed before any answer: the question goes back into the box, the conversation
  // before it stays as it was.
  useEffect(() => {
    if (!error) return;
    // The chat's own list, not this render's (message updates are throttled, errors are not).
    let unanswered = false;
    setMessages((current) => {
      unanswered = current.at(-1)?.role === 'user';
      return unanswered ? current.slice(0, -1) : current;
    });
    if (unanswered) setInput((current) => current || lastQuestion.current);
    // Reacts to a new error only.
  }, [error]);

  // Follow the answer as it streams, unless the reader scrolled up.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const scroller = list.parentElement;
    if (scroller && scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 200) scroller.scrollTop = scroller.scrollHeight;
  }, [messages]);

  const ask = (raw: string) => {
    const check = checkQuestion(raw, labels);
    if (!check.ok) {
      setInputError(check.message);
      textarea.current?.focus();
      return;
    }
    if (busy) return;
    setInputError(null);
    setStopped(false);
    clearError();
    lastQuestion.current = check.text;
    setInput('');
    void sendMessage({ text: check.text });
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    ask(input);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter breaks the line; an IME composing Chinese keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      ask(input);
    }
  };

  const onStop = () => {
    void stop();
    setStopped(true);
  };

  const onRegenerate = (messageId: string) => {
    setStopped(false);
    clearError();
    void regenerate({ messageId });
  };

  const copy = async (m: AiUIMessage) => {
    try {
      await navigator.clipboard.writeText(answerText(m));
      toast(labels.copied, 'success');
    } catch {
      toast(labels.copyFailed, 'error');
    }
  };

  const newChat = () => {
    if (busy) void stop();
    clearError();
    setStopped(false);
    setConversationId(null);
    setMessages([]);
    setLoadError(false);
    showConversation(null);
    textarea.current?.focus();
  };

  const rename = async (id: string, title: string) => {
    try {
      const r = await renameConversation(id, title);
      if (r.code !== 200000) return false;
      setConversations((list) => list?.map((c) => (c.id === id ? { ...c, title: r.result.title || title } : c)) ?? null);
      return true;
    } catch {
      return false;
    }
  };

  const remove = async (id: string) => {
    try {
      const r = await deleteConversation(id);
      if (r.code !== 200000) return;
      toast(labels.deleted, 'success');
      setConversations((list) => list?.filter((c) => c.id !== id) ?? null);
      if (id === conversationRef.current) newChat();
    } catch {
      // The client toasted the failure; the list stays as it was.
    }
  };

  const chars = [...input].length;
  const lastIndex = messages.length - 1;
  const showSidebar = loggedIn && !compact;

  return (
    <div className={`flex min-h-0 flex-1 flex-col gap-4 ${compact ? '' : 'md:flex-row'}`} data-testid="ai-chat" data-origin={origin} data-status={status}>
      {showSidebar && (
        // Beside the chat on wide screens, above it (short, scrolling) on phones.
        <aside className="max-h-48 shrink-0 overflow-y-auto border-b border-slate-200 pb-3 md:max-h-none md:w-56 md:border-r md:border-b-0 md:pr-3 md:pb-0">
          <ConversationList
            labels={labels}
            conversations={conversations}
            currentId={conversationId}
            busy={false}
            onNew={newChat}
            onSelect={(id) => {
              if (busy) void stop();
              clearError();
              void openConversation(id);
            }}
            onRename={rename}
            onDelete={remove}
          />
        </aside>
      )}
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        {origin === 'ecad' && <DesignNote labels={labels} designId={designId} open={openDesign} />}
        {!loggedIn && (
          <p className="mb-2 text-xs text-slate-600" data-testid="ai-guest-hint">
            {labels.guestHint}{' '}
            <button type="button" className="text-brand-700 underline" onClick={requestLogin}>
              {labels.login}
            </button>
          </p>
        )}
        {loggedIn && compact && (
          <div className="mb-2 flex justify-end">
            <button type="button" className="text-xs text-brand-700 hover:underline" onClick={newChat} data-testid="ai-new-chat">
              + {labels.newChat}
            </button>
          </div>
        )}
        {loadError && (
          <p role="alert" className="mb-2 text-sm text-red-600" data-testid="ai-load-error">
            {labels.loadFailed}
          </p>
        )}
        <div className={`min-h-0 flex-1 overflow-y-auto ${compact ? 'max-h-[70vh]' : 'max-h-[65vh]'} pr-1`}>
          {messages.length === 0 && (
            <div className="py-6" data-testid="ai-examples">
              <h2 className="text-sm font-semibold text-slate-700">{labels.examplesTitle}</h2>
              <ul className="mt-2 flex flex-col gap-2">
                {[labels.example1, labels.example2, labels.example3].map((q) => (
                  <li key={q}>
                    <button
                      type="button"
                      onClick={() => ask(q)}
                      className="w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm text-slate-700 hover:border-brand-500 hover:text-brand-700"
                      data-testid="ai-example"
                    >
                      {q}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {/* The live region wraps the list: a role on the <ol> itself would unmake its list items. */}
          <div role="log" aria-live="polite" aria-relevant="additions text" aria-label={labels.messages}>
            <ol ref={listRef} className="flex flex-col gap-3 py-2" data-testid="ai-messages">
              {messages.map((m, i) => (
                <ChatMessage
                  key={m.id}
                  message={m}
                  labels={labels}
                  locale={locale}
                  streaming={busy && i === lastIndex && m.role === 'assistant'}
                  onCopy={m.role === 'assistant' ? () => void copy(m) : undefined}
                  onRegenerate={!busy && i === lastIndex && m.role === 'assistant' ? () => onRegenerate(m.id) : undefined}
                />
              ))}
              {status === 'submitted' && (
                <li className="text-sm text-slate-500" data-testid="ai-thinking">
                  {labels.thinking}
                </li>
              )}
            </ol>
          </div>
          {stopped && !busy && (
            <p className="text-xs text-slate-500" data-testid="ai-stopped">
              {labels.stopped}
            </p>
          )}
        </div>
        {error && (
          <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="ai-error">
            {fill(labels.failed, { reason: failureReason(error, labels) })}
          </p>
        )}
        <form onSubmit={submit} className="mt-3 flex flex-col gap-1" data-testid="ai-form">
          <label htmlFor={inputId} className="text-xs font-medium text-slate-600">
            {labels.inputLabel}
          </label>
          <div className="flex items-end gap-2">
            <textarea
              id={inputId}
              ref={textarea}
              value={input}
              rows={compact ? 2 : 3}
              placeholder={labels.placeholder}
              onChange={(e) => {
                setInput(e.target.value);
                if (inputError) setInputError(null);
              }}
              onKeyDown={onKeyDown}
              aria-invalid={inputError ? true : undefined}
              aria-describedby={hintId}
              className="min-h-[2.5rem] flex-1 resize-y rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
              data-testid="ai-input"
            />
            {busy ? (
              <button type="button" onClick={onStop} className="rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:border-red-400" data-testid="ai-stop">
                {labels.stop}
              </button>
            ) : (
              <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700" data-testid="ai-send">
                {labels.send}
              </button>
            )}
          </div>
          <div id={hintId} className="flex justify-between gap-2 text-xs">
            <span role="alert" className="text-red-600" data-testid="ai-input-error">
              {inputError ?? ''}
            </span>
            <span className={chars > AI_LIMITS.questionChars ? 'text-red-600' : 'text-slate-500'}>{fill(labels.counter, { n: chars, max: AI_LIMITS.questionChars })}</span>
          </div>
        </form>
        {loggedIn && !compact && (
          <div className="mt-3 border-t border-slate-100 pt-3">
            <DatasheetUpload
              labels={labels}
              onAsk={(q) => {
                setInput(q);
                textarea.current?.focus();
              }}
            />
          </div>
        )}
      </div>
    </div>
  );
}

/** Which design the panel's questions use: the stored one, the one open in the viewer, or none. */
function DesignNote({ labels, designId, open }: { labels: AiLabels; designId: string | null; open: OpenDesign | null }) {
  const note = designNote(labels, designId, open);
  if (note.kind === 'catalogue') {
    return (
      <p className="mb-2 text-xs text-slate-500" data-testid="ai-catalogue-only">
        {note.text}
      </p>
    );
  }
  return (
    <p className="mb-2 rounded-md bg-brand-50 px-3 py-1.5 text-xs text-brand-800" data-testid="ai-design-note" data-design={note.kind}>
      {note.text}
      {note.omitted && <span className="block text-brand-700">{note.omitted}</span>}
    </p>
  );
}

export default reactIsland(AiChat);
