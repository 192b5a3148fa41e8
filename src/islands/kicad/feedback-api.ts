import { apiFetch, type Envelope } from '../../lib/client/api.ts';
import type { FeedbackKind, FeedbackState } from '../../lib/kicad-host/feedback.ts';
import type { Feedback, FeedbackPage } from '../../lib/kicad-host/feedback.schema.ts';
import { Code } from '../../lib/server/errors.ts';

// The browser's calls of kicad/feedback* (issue #17), through the one API client: X-token, the
// envelope, a toast with the server's message on failure (then null here).

export type { Feedback, FeedbackPage };

async function result<T>(p: Promise<Envelope<T>>): Promise<T | null> {
  const r = await p;
  return r.code === Code.ok ? r.result : null;
}

export const sendFeedback = (body: { mfgMpnCode: string; kind: FeedbackKind; message: string }) =>
  result(apiFetch<Feedback>('/api/chiplet/kicad/feedback', { method: 'POST', body }));
export const myFeedback = (pageNum: number, pageSize: number) => result(apiFetch<FeedbackPage>('/api/chiplet/kicad/feedback/mine', { method: 'POST', body: { pageNum, pageSize } }));
export const feedbackQueue = (pageNum: number, pageSize: number, state: FeedbackState | 'all') =>
  result(apiFetch<FeedbackPage>('/api/chiplet/kicad/feedback/list', { method: 'POST', body: { pageNum, pageSize, ...(state === 'all' ? {} : { state }) } }));
export const resolveFeedback = (id: number, state: 'resolved' | 'rejected', reply: string) =>
  result(apiFetch<Feedback>('/api/chiplet/kicad/feedback/resolve', { method: 'POST', body: { id, state, reply } }));
