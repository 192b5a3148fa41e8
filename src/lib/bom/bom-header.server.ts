import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import type { BomRow } from './bom-access.server.ts';
import type { BomColumn, BomHeaderMatch } from './bom.schema.ts';
import { loadSheet } from './bom-store.server.ts';
import { matchHeader } from './header-match.ts';

// GET /bom/headerMatch: the detected mapping of a sheet, or the one the user confirmed when it
// is asked for the confirmed sheet. The preview is the sheet's first rows, for the mapping page.

export const PREVIEW_ROWS = 30;

export async function headerMatchOf(db: Db, bom: BomRow, sheetName: string | undefined, locale: Locale): Promise<BomHeaderMatch> {
  const sheet = await loadSheet(db, bom.id, { name: sheetName, index: bom.sheetIndex });
  if (!sheet) throw new AppError(Code.badInput, serverMessage('bom.api.sheetNotFound', locale, { sheet: sheetName ?? '' }));
  const rows = sheet.rows as string[][];
  const preview = rows.slice(0, PREVIEW_ROWS);
  if (bom.columns !== null && sheet.index === bom.sheetIndex) {
    return { bomId: bom.id, sheet: sheet.name, headerRow: bom.headerRow, columns: bom.columns as BomColumn[], confidence: 1, problems: [], preview, confirmed: true };
  }
  const match = matchHeader(rows);
  return {
    bomId: bom.id,
    sheet: sheet.name,
    headerRow: match.headerRow,
    columns: match.columns.map((c) => ({ index: c.index, header: c.header.slice(0, 500), field: c.field })),
    confidence: match.confidence,
    problems: match.problems.map((key) => serverMessage(key, locale)),
    preview,
    confirmed: false,
  };
}
