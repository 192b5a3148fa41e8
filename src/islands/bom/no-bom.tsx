import { Button } from '@/components/ui/button';
import { bomHomePath, type BomLocale } from './bom-paths.ts';
import type { BomLabels } from './labels.ts';

/** What the mapping page and the workspace show when there is no BOM to open. */
export function NoBom({ labels, locale }: { labels: BomLabels; locale: BomLocale }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="bom-none">
      <h2 className="text-lg font-semibold text-slate-900">{labels.noBom}</h2>
      <p className="mt-1 text-sm text-slate-600">{labels.noBomBody}</p>
      <Button asChild className="mt-4">
        <a href={bomHomePath(locale)}>{labels.goUpload}</a>
      </Button>
    </div>
  );
}
