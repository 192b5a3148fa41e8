import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { $token } from '../../lib/client/store.ts';
import { reactIsland } from '../react-island.ts';
import { likedDesigns, toggleLike, viewerHref, type DesignCard } from './design-api.ts';
import { DesignSummary } from './design-summary.tsx';
import type { DesignsLabels } from './labels.ts';
import { LoadState, LoginPrompt } from './list-states.tsx';
import { PageNav } from './page-nav.tsx';
import { useDesignPage } from './use-design-page.ts';

// /ecadViewer/laud (issue #14): the designs the logged-in user liked, newest like first, each
// with 'unlike' (the like toggle). An unliked design stays in the list until the next load, so
// a slip can be undone with 'like' in place.

type Props = { labels: DesignsLabels; locale: 'zh' | 'en'; galleryHref: string };

const PAGE_SIZE = 20;

function LikedDesigns({ labels, locale, galleryHref }: Props) {
  const token = useStore($token);
  const { page, setPage, data, setData, failed, load } = useDesignPage(likedDesigns, PAGE_SIZE, token);
  const [busy, setBusy] = useState<string | null>(null);

  if (!token) return <LoginPrompt text={labels.likedLogin} testId="liked-login" labels={labels} />;
  if (!data) return <LoadState failed={failed} retry={() => void load()} labels={labels} />;

  const toggle = async (d: DesignCard) => {
    setBusy(d.id);
    try {
      const r = await toggleLike(d.id);
      if (r) setData((cur) => cur && { ...cur, list: cur.list.map((x) => (x.id === d.id ? { ...x, liked: r.liked, likeCount: r.likeCount } : x)) });
    } finally {
      setBusy(null);
    }
  };

  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  return (
    <div data-testid="liked-designs" data-total={data.total}>
      {data.list.length === 0 && (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-700">
          <p>{labels.likedEmpty}</p>
          <a className="mt-3 inline-block text-brand-600 underline" href={galleryHref}>
            {labels.browseGallery}
          </a>
        </div>
      )}
      <div className="grid gap-3">
        {data.list.map((d) => (
          <DesignSummary key={d.id} labels={labels} design={d} href={viewerHref(locale, d.id)}>
            <Button type="button" size="sm" variant="outline" className="mt-2" aria-pressed={d.liked} disabled={busy === d.id} onClick={() => void toggle(d)} data-testid="design-unlike">
              {d.liked ? labels.unlike : labels.like}
            </Button>
          </DesignSummary>
        ))}
      </div>
      <PageNav labels={labels} page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

export default reactIsland(LikedDesigns);
