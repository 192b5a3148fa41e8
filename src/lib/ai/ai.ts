// The assistant's shared shapes (issue #15), for the server (retrieval, model path, MCP) and the
// browser (the chat island). Pure: no database, no DOM.
//
// The chat speaks the AI SDK's UI message stream (ai v6: `createUIMessageStream` on the server,
// `useChat` from @ai-sdk/react v3 in the browser) in both modes: a language model's answer and the
// retrieval assistant's composed answer arrive the same way, as text parts (Markdown) plus the
// data parts below, so the page renders one kind of message.

/** A catalogue part as the assistant shows it (getProducts' list item, part cards, MCP results). */
export type AiPart = {
  mfgMpnCode: string;
  mpn: string;
  brandName: string;
  cateName: string;
  package: string | null;
  /** Shown parameters, the ones that matched the question's constraints first. */
  params: AiParam[];
  /** The product page, locale-relative ('/detail?mfgMpnCode=…'). */
  url: string;
  /** Keys of params that satisfied a constraint of the question. */
  matched: string[];
};

export type AiParam = { key: string; name: string; value: string };

/** A datasheet passage an answer relies on: 'datasheet, page N'. */
export type AiCitation = {
  datasheetId: string;
  title: string;
  page: number;
  /** The passage (as indexed), for the tooltip and the check that the page holds the answer. */
  text: string;
  /** Opens the PDF at that page: '/api/rag/datasheet/<id>/file#page=N'. */
  url: string;
};

/** Why an answer came from retrieval, or that a model answer was cut. */
export type AiNotice = 'no-model' | 'budget' | 'provider-error' | 'limit' | 'truncated';

/**
 * The stream's data parts (UI message stream `data-<name>` chunks):
 * - `data-parts`: { parts: AiPart[] } part cards, best first;
 * - `data-citations`: { citations: AiCitation[] };
 * - `data-notice`: { notice: AiNotice; message: string } (in the request's language);
 * - `data-unverified`: { mpns: string[] } part numbers in the answer our catalogue does not hold.
 * Message metadata: { conversationId: string | null; mode: 'model' | 'retrieval' }.
 */
export type AiDataParts = {
  parts: { parts: AiPart[] };
  citations: { citations: AiCitation[] };
  notice: { notice: AiNotice; message: string };
  unverified: { mpns: string[] };
};

export type AiMessageMetadata = { conversationId: string | null; mode: 'model' | 'retrieval' };

/** Where a chat was opened: the assistant page or the panel beside the viewer. */
export type AiOrigin = 'chat' | 'ecad';

/** Limits shared by the page and the server. */
export const AI_LIMITS = {
  /** Characters in one question. */
  questionChars: 2000,
  /** Messages a logged-out client may send as history (the page keeps its own chat). */
  guestHistory: 20,
  /** Characters of an answer before it is cut (with the 'truncated' notice). */
  answerChars: 12_000,
  /** Datasheet upload size. */
  pdfBytes: 20 * 1024 * 1024,
  /** Parts shown for a question. */
  parts: 8,
} as const;
