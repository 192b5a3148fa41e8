import type { ReactNode } from 'react';
import { CoverImage } from './cover-image.tsx';
import type { DesignCard } from './design-api.ts';
import { fill, licenceText, type DesignsLabels } from './labels.ts';

// One design as the per-user lists show it (my designs, liked): cover, title, owner, tags,
// licence, statistics and counts. The gallery's server-rendered card is DesignCard.astro.

export function statLine(labels: DesignsLabels, d: DesignCard): string {
  const s = d.stats;
  const line = fill(labels.statLine, { sheets: s.sheets, symbols: s.symbols, footprints: s.footprints, nets: s.nets, layers: s.copperLayers });
  return s.boardWidthMm > 0 ? `${line} · ${fill(labels.statSize, { w: s.boardWidthMm.toFixed(1), h: s.boardHeightMm.toFixed(1) })}` : line;
}

export function DesignSummary({ labels, design, href, children }: { labels: DesignsLabels; design: DesignCard; href: string; children?: ReactNode }) {
  return (
    <article className="flex gap-4 rounded-lg border border-slate-200 bg-white p-3" data-testid="design-row" data-design-id={design.id}>
      <a href={href} className="block h-24 w-36 shrink-0 overflow-hidden rounded border border-slate-200 bg-slate-50" tabIndex={-1} aria-hidden="true">
        <CoverImage design={design} width={144} height={96} />
      </a>
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-base font-semibold text-slate-900">
          <a href={href} className="hover:text-brand-600 hover:underline" data-testid="design-row-title">
            {design.title}
          </a>
        </h2>
        <p className="mt-0.5 text-xs text-slate-600">
          {fill(labels.by, { name: design.owner.nickname })} · {fill(labels.licence, { licence: licenceText(labels, design.licence) })}
          {design.isDemo && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-amber-900">{labels.demo}</span>}
        </p>
        {design.tags.length > 0 && (
          <p className="mt-1 flex flex-wrap gap-1">
            {design.tags.map((t) => (
              <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{t}</span>
            ))}
          </p>
        )}
        <p className="mt-1 text-xs text-slate-600">{statLine(labels, design)}</p>
        <p className="mt-1 text-xs text-slate-600">
          <span data-testid="design-row-likes">{fill(labels.likes, { n: design.likeCount })}</span> · <span data-testid="design-row-visits">{fill(labels.visits, { n: design.visitCount })}</span>
        </p>
        {children}
      </div>
    </article>
  );
}
