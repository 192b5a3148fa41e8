import { t, type Locale } from '../../lib/i18n/i18n.ts';
import { zh } from '../../lib/i18n/zh.ts';
import { zh as serverZh } from '../../lib/server/messages/zh.ts';
import { serverMessage, type ServerMessageKey } from '../../lib/server/messages/server-message.ts';
import type { ProblemKey } from '../../lib/kicad-viewer/protocol.ts';
import type { ProblemTexts, ViewerLabelKey, ViewerLabels } from './labels.ts';

// Used by the pages only (server side): the viewer's labels and problem texts in one language.
export function viewerLabels(locale: Locale): ViewerLabels {
  const keys = Object.keys(zh).filter((k) => k.startsWith('viewer.')) as `viewer.${ViewerLabelKey}`[];
  const labels = Object.fromEntries(keys.map((k) => [k.slice(7), t(locale, k)])) as Record<ViewerLabelKey, string>;
  return {
    ...labels,
    overlayTitle: t(locale, 'overlay.title'),
    overlayBody: t(locale, 'overlay.body'),
    overlayCancel: t(locale, 'overlay.cancel'),
    overlayConfirmCancel: t(locale, 'overlay.confirmCancel'),
    overlayClose: t(locale, 'overlay.close'),
  };
}

/** The server's kicad.* and viewer.* messages, unfilled (the island fills them per problem). */
export function viewerProblemTexts(locale: Locale): ProblemTexts {
  const keys = (Object.keys(serverZh) as ServerMessageKey[]).filter((k): k is ProblemKey => k.startsWith('kicad.') || k.startsWith('viewer.'));
  // serverMessage with no vars would blank the placeholders: keep them for the client to fill.
  const keep = (k: ProblemKey) => serverMessage(k, locale, new Proxy({}, { get: (_, name) => `{${String(name)}}` }));
  return Object.fromEntries(keys.map((k) => [k, keep(k)])) as ProblemTexts;
}
