import { useState } from 'react';
import { rememberBom, type BomUploadResult } from '../../lib/client/bom-api.ts';
import { toast } from '../../lib/client/toast.ts';
import { reactIsland } from '../react-island.ts';
import { BomUpload } from './bom-upload.tsx';
import { bomHeadPath, type BomLocale } from './bom-paths.ts';
import type { BomLabels } from './labels.ts';
import { RecentBoms } from './recent-boms.tsx';
import { needsSheetChoice, SheetPicker } from './sheet-picker.tsx';

/** Leaves for another page (a function so tests can watch it). */
export type Navigate = (href: string) => void;
const assign: Navigate = (href) => window.location.assign(href);

/**
 * /bom: upload (then the sheet question when a workbook has several), then on to the header
 * mapping; below, the recent BOMs.
 */
function BomHome({ labels, locale, maxBytes, navigate = assign }: { labels: BomLabels; locale: BomLocale; maxBytes: number; navigate?: Navigate }) {
  const [upload, setUpload] = useState<BomUploadResult | null>(null);

  const uploaded = (result: BomUploadResult) => {
    rememberBom(result.bomId);
    for (const warning of result.warnings) toast(warning, 'warning', 6000);
    if (needsSheetChoice(result)) setUpload(result);
    else navigate(bomHeadPath(locale, result.bomId, result.sheet));
  };

  return (
    <div className="grid gap-6">
      {upload ? (
        <SheetPicker upload={upload} labels={labels} onPick={(sheet) => navigate(bomHeadPath(locale, upload.bomId, sheet))} />
      ) : (
        <BomUpload labels={labels} maxBytes={maxBytes} onUploaded={uploaded} />
      )}
      <RecentBoms labels={labels} locale={locale} />
    </div>
  );
}

export default reactIsland(BomHome);
