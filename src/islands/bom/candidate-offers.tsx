import type { PartOffers } from '../../lib/offers/offers.schema.ts';
import { isSnapshotOffer } from '../../lib/offers/offers.ts';
import { fill, type BomLabels } from './labels.ts';

/**
 * One candidate's offers in a line: how many distributors, and the cheapest in-stock unit price
 * for the line's quantity in CNY (converted with the operators' rates), or 'no offers yet'.
 * Nothing when the offers could not be loaded (undefined).
 */
export function CandidateOffers({ offers, labels }: { offers: PartOffers | undefined; labels: BomLabels }) {
  if (!offers) return null;
  if (offers.offers.length === 0) {
    return (
      <p className="mt-1 text-xs text-slate-600" data-testid="bom-candidate-offers" data-offers="0">
        {labels['offers.none']}
      </p>
    );
  }
  // The list is sorted in stock first, then cheapest (in CNY).
  const best = offers.offers.find((o) => o.stock > 0 && o.display) ?? null;
  // A dated catalogue snapshot's offer says so, never passing for live stock.
  const snapshot = offers.offers.find((o) => isSnapshotOffer(o.source)) ?? null;
  return (
    <p className="mt-1 text-xs text-slate-700" data-testid="bom-candidate-offers" data-offers={offers.offers.length}>
      {best?.display && best.unitPrice
        ? fill(labels['offers.best'], { n: offers.offers.length, price: best.display.unitPriceText, currency: best.display.currency, qty: best.unitPrice.quantity, distributor: best.distributor, stock: best.stock })
        : fill(labels['offers.count'], { n: offers.offers.length })}
      {snapshot ? (
        <span className="ml-1 rounded bg-amber-50 px-1 text-amber-800" data-testid="bom-offer-snapshot">{fill(labels['offers.snapshot'], { date: snapshot.dataTime.slice(0, 10) })}</span>
      ) : (
        best?.stale && <span className="ml-1 rounded bg-red-50 px-1 text-red-700">{labels['offers.stale']}</span>
      )}
    </p>
  );
}
