import type { MessageKey } from '../../lib/i18n/zh.ts';
import type { ProblemKey, ProjectIssue } from '../../lib/kicad-viewer/protocol.ts';
import { fillText } from '../../lib/kicad-viewer/protocol.ts';

// The viewer's texts: `viewer.*` and `overlay.*` of the page dictionaries, and the server's
// `kicad.*` / `viewer.*` problem messages, passed by the page to the island (viewer-labels.ts,
// server side), so the client bundle carries no dictionary and no second copy of the messages.
export type ViewerLabelKey = MessageKey extends infer K ? (K extends `viewer.${infer Rest}` ? Rest : never) : never;
export type ViewerLabels = Record<ViewerLabelKey, string> & {
  overlayTitle: string;
  overlayBody: string;
  overlayCancel: string;
  overlayConfirmCancel: string;
  overlayClose: string;
};
export type ProblemTexts = Partial<Record<ProblemKey, string>>;

export const fill = fillText;

/** One problem in the user's language, with its file and line when the message does not say them. */
export function problemText(texts: ProblemTexts, labels: ViewerLabels, p: ProjectIssue): string {
  const text = texts[p.key];
  const body = text ? fill(text, p.vars) : p.key;
  const saysLine = text?.includes('{line}') ?? false;
  return p.line !== undefined && p.line > 1 && !saysLine ? `${body} (${fill(labels.lineOf, { line: p.line })})` : body;
}
