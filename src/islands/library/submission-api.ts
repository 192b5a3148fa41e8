import { apiFetch, type Envelope } from '../../lib/client/api.ts';
import { Code } from '../../lib/server/errors.ts';
import type { ReviewCard, ReviewDetail, ReviewList, SubmissionCard, SubmissionList } from '../../lib/library/submissions.schema.ts';
import type { SubmissionLicence, SubmissionStatus } from '../../lib/library/submissions.ts';

// The browser's calls of the submission and review API (issue #16 item 5), through the one API
// client: X-token, the envelope, a toast with the server's message on failure.

export type { ReviewCard, ReviewDetail, ReviewList, SubmissionCard, SubmissionList };

async function result<T>(p: Promise<Envelope<T>>): Promise<T | null> {
  const r = await p;
  return r.code === Code.ok ? r.result : null;
}

export const submitComponent = (body: { userCompId: number; licence: SubmissionLicence; confirmLicence: true; note?: string }) =>
  result(apiFetch<SubmissionCard>('/api/chiplet/user/submitComp', { method: 'POST', body }));
export const withdrawSubmission = (id: number) => result(apiFetch<SubmissionCard>('/api/chiplet/user/submitComp/withdraw', { method: 'POST', body: { id } }));
export const mySubmissions = (pageNum: number, pageSize: number, filter: { status?: SubmissionStatus; userCompId?: number } = {}) =>
  result(apiFetch<SubmissionList>('/api/chiplet/user/getUploadComp', { method: 'POST', body: { pageNum, pageSize, ...filter } }));
export const reviewRole = () => result(apiFetch<{ operator: boolean }>('/api/chiplet/user/review/role'));
export const reviewList = (pageNum: number, pageSize: number, status: SubmissionStatus | 'all') =>
  result(apiFetch<ReviewList>('/api/chiplet/user/review/list', { method: 'POST', body: { pageNum, pageSize, status } }));
export const reviewOne = (id: number) => result(apiFetch<ReviewDetail>(`/api/chiplet/user/review/one?id=${id}`));
export const acceptSubmission = (id: number) => result(apiFetch<{ id: number; productId: number; mfgMpnCode: string }>('/api/chiplet/user/review/accept', { method: 'POST', body: { id } }));
export const rejectSubmission = (id: number, reason: string) => result(apiFetch<ReviewCard>('/api/chiplet/user/review/reject', { method: 'POST', body: { id, reason } }));

/** A date-time as the reader's locale writes it. */
export const when = (iso: string | null, locale: 'zh' | 'en') =>
  iso ? new Date(iso).toLocaleString(locale === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** '{name}' placeholders of a label filled. */
export const fill = (text: string | undefined, vars: Record<string, string | number>) => (text ?? '').replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));

export const productHref = (locale: 'zh' | 'en', mfgMpnCode: string) => `${locale === 'en' ? '/en' : ''}/productDetail/${encodeURIComponent(mfgMpnCode)}`;
