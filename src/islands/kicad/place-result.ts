import type { PlaceResult } from '../../lib/client/kicad-host/place-part.ts';
import { fmt, type SelectorLabels } from './selector-labels.ts';

// How a placement's outcome reads, in the page's language (`selector.*` texts); shared by
// /symbolSelector and the host's /library.
export type PlaceStatus = { tone: 'ok' | 'error'; text: string };

export function placeResultText(labels: SelectorLabels, r: PlaceResult): PlaceStatus {
  switch (r.kind) {
    case 'placed':
      return { tone: 'ok', text: fmt(labels, 'placed', { name: r.name }) };
    case 'upgrade':
      return { tone: 'error', text: fmt(labels, 'upgrade') };
    case 'noSession':
      return { tone: 'error', text: fmt(labels, 'noSession') };
    case 'hostError':
      return { tone: 'error', text: fmt(labels, 'hostError', { message: r.message || r.code }) };
    case 'timeout':
      return { tone: 'error', text: fmt(labels, 'timeout') };
    case 'failed':
      return { tone: 'error', text: fmt(labels, 'failed', { message: r.message }) };
  }
}
