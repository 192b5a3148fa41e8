import { useEffect, useState } from 'react';
import { ownedBlob } from './block-api.ts';

// A block's preview. The stored one is its owner's only, and an <img> cannot send X-token: it is
// fetched with the session and shown from a blob URL. A preview not yet saved (the render call's
// SVG) is shown as a data: image, so nothing in it can run.

export function BlockPreview({ url, alt, emptyText, className }: { url: string | null; alt: string; emptyText: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    setSrc(null);
    if (!url) return;
    let objectUrl: string | null = null;
    let alive = true;
    void ownedBlob(url)
      .then((b) => {
        if (!b || !alive) return;
        objectUrl = URL.createObjectURL(b);
        setSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return <PreviewFrame src={src} alt={alt} emptyText={url ? null : emptyText} className={className} />;
}

export function SvgPreview({ svg, alt, emptyText, className }: { svg: string | null; alt: string; emptyText: string; className?: string }) {
  const src = svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null;
  return <PreviewFrame src={src} alt={alt} emptyText={svg ? null : emptyText} className={className} testId="block-draft-preview" />;
}

function PreviewFrame({ src, alt, emptyText, className, testId = 'block-preview' }: { src: string | null; alt: string; emptyText: string | null; className?: string | undefined; testId?: string }) {
  return (
    <div className={`flex items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-white ${className ?? 'h-40'}`} data-testid={testId} data-loaded={src ? 'true' : 'false'}>
      {src ? <img src={src} alt={alt} className="h-full w-full object-contain" /> : emptyText ? <span className="text-xs text-slate-500">{emptyText}</span> : null}
    </div>
  );
}
