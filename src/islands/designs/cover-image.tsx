import { useEffect, useState } from 'react';
import { $token } from '../../lib/client/store.ts';
import type { DesignCard } from './design-api.ts';

// A design's cover in the per-user lists. A private design's cover is its owner's only, and an
// <img> cannot send X-token: those are fetched with the session and shown from a blob URL.
export function CoverImage({ design, width, height }: { design: Pick<DesignCard, 'coverUrl' | 'visibility'>; width: number; height: number }) {
  const { coverUrl, visibility } = design;
  const [src, setSrc] = useState<string | null>(visibility === 'public' ? coverUrl : null);
  useEffect(() => {
    if (!coverUrl || visibility === 'public') return setSrc(coverUrl);
    let url: string | null = null;
    let alive = true;
    void fetch(coverUrl, { headers: { 'X-token': $token.get() } })
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => {
        if (!b || !alive) return;
        url = URL.createObjectURL(b);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [coverUrl, visibility]);
  return src ? <img src={src} alt="" width={width} height={height} loading="lazy" className="h-full w-full object-contain" /> : null;
}
