import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { requestLogin } from '../../lib/client/login-request.ts';
import { $token } from '../../lib/client/store.ts';
import type { DesignDetail } from '../../lib/designs/designs.schema.ts';
import { countVisit, toggleLike } from '../designs/design-api.ts';
import { fill, licenceText, type DesignsLabels } from '../designs/labels.ts';
import type { PickedFile } from './file-pick.tsx';
import { loadStoredDesign } from './stored-design.ts';

// The bar above the viewer when it shows a stored design (?designId=): title, owner, licence,
// demo attribution, the like toggle and the like and visit counts. It fetches the design, hands
// its files to the viewer (onFiles), and counts one visit per opening (the server counts a
// visitor once per design per day).

type Props = { designId: string; labels: DesignsLabels; galleryHref: string; onFiles: (files: PickedFile[]) => void };

export function StoredDesignBar({ designId, labels, galleryHref, onFiles }: Props) {
  const token = useStore($token);
  const [detail, setDetail] = useState<DesignDetail | null>(null);
  const [problem, setProblem] = useState<{ notFound: boolean; message: string } | null>(null);
  const [download, setDownload] = useState<{ done: number; total: number } | null>(null);
  const [liking, setLiking] = useState(false);
  const started = useRef<string | null>(null);

  useEffect(() => {
    // Once per design id (StrictMode runs effects twice in development).
    if (started.current === designId) return;
    started.current = designId;
    void (async () => {
      const r = await loadStoredDesign(designId, $token.get(), (done, total) => setDownload({ done, total }));
      setDownload(null);
      if (r.kind !== 'ok') return setProblem({ notFound: r.kind === 'notFound', message: r.message });
      setDetail(r.detail);
      onFiles(r.files);
      const visit = await countVisit(r.detail.id).catch(() => null);
      if (visit) setDetail((d) => d && { ...d, visitCount: visit.visitCount });
    })();
  }, [designId, onFiles]);

  const like = async () => {
    if (!detail) return;
    if (!token) return requestLogin();
    setLiking(true);
    try {
      const r = await toggleLike(detail.id);
      if (r) setDetail({ ...detail, liked: r.liked, likeCount: r.likeCount });
    } finally {
      setLiking(false);
    }
  };

  if (problem)
    return (
      <div role="alert" className="border-b border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="design-problem" data-not-found={problem.notFound}>
        {problem.notFound ? labels.notFound : `${labels.loadFailed}: ${problem.message}`}{' '}
        <a className="font-medium text-brand-700 underline" href={galleryHref}>
          {labels.backToGallery}
        </a>
      </div>
    );
  if (!detail)
    return (
      <div role="status" className="border-b border-slate-200 px-3 py-2 text-sm text-slate-600" data-testid="design-loading">
        {download ? fill(labels.downloading, { done: download.done, total: download.total }) : labels.loading}
      </div>
    );
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm" data-testid="design-bar" data-design-id={detail.id}>
      <h2 className="text-base font-semibold text-slate-900" data-testid="design-title">
        {detail.title}
      </h2>
      <span className="text-slate-600">{fill(labels.by, { name: detail.owner.nickname })}</span>
      <span className="text-slate-600">{fill(labels.licence, { licence: licenceText(labels, detail.licence) })}</span>
      {detail.isDemo && (
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900" title={detail.attribution ?? undefined}>
          {labels.demo}
        </span>
      )}
      {detail.isDemo && detail.attribution && <span className="text-xs text-slate-600">{detail.attribution}</span>}
      <span className="ml-auto flex items-center gap-3">
        <button
          type="button"
          aria-pressed={detail.liked}
          disabled={liking}
          className={`rounded-md border px-3 py-1 text-xs font-medium ${detail.liked ? 'border-rose-300 bg-rose-50 text-rose-800' : 'border-slate-300 bg-white hover:border-brand-500'}`}
          onClick={() => void like()}
          data-testid="design-like"
        >
          {detail.liked ? `♥ ${labels.unlike}` : `♡ ${labels.like}`}
        </button>
        <span className="text-xs text-slate-600" data-testid="design-likes" data-count={detail.likeCount}>
          {fill(labels.likes, { n: detail.likeCount })}
        </span>
        <span className="text-xs text-slate-600" data-testid="design-visits" data-count={detail.visitCount}>
          {fill(labels.visits, { n: detail.visitCount })}
        </span>
      </span>
    </div>
  );
}
