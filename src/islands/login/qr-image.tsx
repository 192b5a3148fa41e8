import { useEffect, useState } from 'react';

/**
 * Draws `text` as a QR code (SVG). The encoder (uqr, ~12 KB) is imported on first use only, so it
 * stays out of every page's header bundle.
 */
export function QrImage({ text, label, size = 160 }: { text: string; label: string; size?: number }) {
  const [path, setPath] = useState<{ d: string; n: number } | null>(null);
  useEffect(() => {
    let alive = true;
    setPath(null);
    void import('uqr').then(({ encode }) => {
      if (!alive) return;
      const { data } = encode(text, { ecc: 'M', border: 2 });
      const n = data.length;
      let d = '';
      data.forEach((row, y) =>
        row.forEach((dark, x) => {
          if (dark) d += `M${x} ${y}h1v1h-1z`;
        }),
      );
      setPath({ d, n });
    });
    return () => {
      alive = false;
    };
  }, [text]);
  if (!path) return <div className="animate-pulse rounded bg-slate-100" style={{ width: size, height: size }} aria-hidden="true" />;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${path.n} ${path.n}`} shape-rendering="crispEdges" data-testid="qr-image" data-qr-text={text}>
      <rect width={path.n} height={path.n} fill="#fff" />
      <path d={path.d} fill="#0f172a" />
    </svg>
  );
}
