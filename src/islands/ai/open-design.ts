import type { AiDesignContext } from '../../lib/ai/ai-tools.ts';
import { designOf, openChannel } from '../viewer/viewer-bridge.ts';
import { fill, type AiLabels } from './labels.ts';

// The assistant beside the viewer (issue #15 item 5) and a design read in the browser: the viewer
// page announces its open design on the same-origin bridge (viewer-bridge.ts); the panel keeps the
// latest announcement and sends it with each turn. A stored design (?designId=) wins: the server
// reads that one itself, so nothing is listened for.

export type OpenDesign = { design: AiDesignContext; omitted: number };

/** Asks the viewer for its design and follows its announcements; returns the unsubscribe. */
export function followOpenDesign(onChange: (open: OpenDesign | null) => void): () => void {
  const channel = openChannel((m) => {
    const got = designOf(m);
    if (got) onChange(got.design ? { design: got.design, omitted: got.omitted } : null);
  });
  channel.post({ type: 'design-request' });
  return channel.close;
}

/** The design fields of a chat turn's body: the stored design's id, else the open design, else none. */
export function designFields(designId: string | null, open: OpenDesign | null): { designId: string } | { design: AiDesignContext } | Record<string, never> {
  if (designId) return { designId };
  if (open) return { design: open.design };
  return {};
}

/** What the panel says about the design its questions use (null: the page says nothing). */
export function designNote(labels: AiLabels, designId: string | null, open: OpenDesign | null): { kind: 'stored' | 'open' | 'catalogue'; text: string; omitted: string | null } {
  if (designId) return { kind: 'stored', text: labels.designNote, omitted: null };
  if (open) {
    return {
      kind: 'open',
      text: fill(labels.designOpen, { title: open.design.title, lines: open.design.bom.length }),
      omitted: open.omitted > 0 ? fill(labels.designOmitted, { lines: open.design.bom.length }) : null,
    };
  }
  return { kind: 'catalogue', text: labels.catalogueOnly, omitted: null };
}
