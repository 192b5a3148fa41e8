import type { JobView } from '../../src/lib/jobs/jobs.ts';

// The jobs' event stream (text/event-stream) read back in tests: one object per event block.

export type SseEvent = { event: string; id: string; data: JobView };

export function parseEvents(raw: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of raw.split('\n\n')) {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      const m = /^(event|id|data): (.*)$/.exec(line);
      if (m) fields.set(m[1]!, m[2]!);
    }
    if (fields.has('event')) events.push({ event: fields.get('event')!, id: fields.get('id')!, data: JSON.parse(fields.get('data')!) as JobView });
  }
  return events;
}
