import type { UIMessage, UIMessageStreamWriter } from 'ai';
import { AI_LIMITS, type AiCitation, type AiDataParts, type AiMessageMetadata, type AiNotice, type AiPart } from '../ai.ts';

// One answer as it is streamed and as it is stored: every chunk written to the UI message stream
// is also kept here, so what the conversation stores is exactly what the page was shown (also
// when the user stops it halfway). Text is cut at AI_LIMITS.answerChars.

export type ChatUIMessage = UIMessage<AiMessageMetadata, AiDataParts>;
export type ChatWriter = UIMessageStreamWriter<ChatUIMessage>;
export type StoredPart = Record<string, unknown> & { type: string };

export class AnswerBuilder {
  private readonly parts: StoredPart[] = [];
  private textPart: { type: 'text'; text: string; state: 'done' } | null = null;
  private textId: string | null = null;
  private textSeq = 0;
  private shown: AiPart[] = [];
  private cited: AiCitation[] = [];
  private chars = 0;
  truncated = false;
  /** performance.now() of the first text written, for the log. */
  firstTextAt: number | null = null;

  private readonly writer: ChatWriter;
  /** Characters of text before the answer is cut. */
  readonly limit: number;

  constructor(writer: ChatWriter, limit: number = AI_LIMITS.answerChars) {
    this.writer = writer;
    this.limit = limit;
  }

  /** Writes text (Markdown); false once the answer has reached its limit (the rest is dropped). */
  text(delta: string): boolean {
    if (this.truncated) return false;
    if (delta === '') return true;
    const room = this.limit - this.chars;
    const piece = delta.length > room ? delta.slice(0, room) : delta;
    if (piece !== '') {
      if (!this.textPart) {
        this.textId = `text-${++this.textSeq}`;
        this.textPart = { type: 'text', text: '', state: 'done' };
        this.parts.push(this.textPart);
        this.writer.write({ type: 'text-start', id: this.textId });
      }
      this.firstTextAt ??= performance.now();
      this.textPart.text += piece;
      this.chars += piece.length;
      this.writer.write({ type: 'text-delta', id: this.textId!, delta: piece });
    }
    if (piece.length < delta.length) {
      this.truncated = true;
      return false;
    }
    return true;
  }

  /** Closes the open text part (a later text() opens a new one, e.g. the retrieval answer after a provider error). */
  endText(): void {
    if (!this.textPart) return;
    this.writer.write({ type: 'text-end', id: this.textId! });
    this.textPart = null;
  }

  /** All text written so far. */
  fullText(): string {
    return this.parts
      .filter((p) => p.type === 'text')
      .map((p) => String(p.text))
      .join('\n\n');
  }

  /** A data part; one with the same id replaces the earlier one (the page shows the latest). */
  data<K extends keyof AiDataParts>(name: K, data: AiDataParts[K], id: string = name): void {
    const part: StoredPart = { type: `data-${name}`, id, data };
    const at = this.parts.findIndex((p) => p.type === part.type && p.id === id);
    if (at >= 0) this.parts[at] = part;
    else this.parts.push(part);
    this.writer.write({ type: `data-${name}`, id, data } as Parameters<ChatWriter['write']>[0]);
  }

  notice(notice: AiNotice, message: string): void {
    this.data('notice', { notice, message }, `notice-${notice}`);
  }

  /** Part cards found by a tool, merged with the earlier ones (first seen first, no repeats). */
  addParts(parts: readonly AiPart[]): void {
    const known = new Set(this.shown.map((p) => p.mfgMpnCode));
    const fresh = parts.filter((p) => !known.has(p.mfgMpnCode));
    if (fresh.length === 0) return;
    this.shown = [...this.shown, ...fresh];
    this.data('parts', { parts: this.shown });
  }

  addCitations(citations: readonly AiCitation[]): void {
    const key = (c: AiCitation) => `${c.datasheetId}#${c.page}#${c.text.slice(0, 40)}`;
    const known = new Set(this.cited.map(key));
    const fresh = citations.filter((c) => !known.has(key(c)));
    if (fresh.length === 0) return;
    this.cited = [...this.cited, ...fresh];
    this.data('citations', { citations: this.cited });
  }

  shownParts(): readonly AiPart[] {
    return this.shown;
  }

  /** The parts to store (what the page was shown). */
  stored(): StoredPart[] {
    return this.parts.map((p) => ({ ...p }));
  }

  isEmpty(): boolean {
    return this.parts.length === 0;
  }
}
