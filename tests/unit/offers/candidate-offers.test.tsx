// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CandidateOffers } from '../../../src/islands/bom/candidate-offers.tsx';
import type { BomLabels } from '../../../src/islands/bom/labels.ts';
import { offersZh } from '../../../src/lib/i18n/offers/offers.ts';
import type { OfferView, PartOffers } from '../../../src/lib/offers/offers.schema.ts';

// A BOM candidate's offers line (issue #17 item 5): the cheapest in-stock converted price, a
// count when none can be priced, 'no offers yet', and nothing when offers could not be loaded.

const labels = Object.fromEntries(Object.entries(offersZh).flatMap(([k, v]) => (k.startsWith('bom.') ? [[k.slice(4), v]] : []))) as unknown as BomLabels;
const offer = (over: Partial<OfferView>): OfferView => ({
  distributor: 'D',
  distributorSku: 'S',
  stock: 10,
  moq: 1,
  multiple: 1,
  packaging: null,
  currency: 'CNY',
  priceBreaks: [{ qty: 1, price: 1 }],
  url: null,
  dataTime: '2026-11-24T00:00:00Z',
  source: 'import',
  stale: false,
  unitPrice: { quantity: 10, breakQty: 1, price: 1, currency: 'CNY' },
  display: { currency: 'CNY', unitPrice: 1, unitPriceText: '1.0000', priceBreaks: [{ qty: 1, price: 1, text: '1.0000' }] },
  displayReason: null,
  ...over,
});
const part = (offers: OfferView[]): PartOffers => ({ mfgMpnCode: 'X', found: true, offers });

afterEach(cleanup);

describe('CandidateOffers', () => {
  it('names the first in-stock offer with a converted price, and marks stale data', () => {
    render(<CandidateOffers labels={labels} offers={part([offer({ distributor: 'A', stock: 0 }), offer({ distributor: 'B', stock: 500, stale: true, display: { currency: 'CNY', unitPrice: 0.98, unitPriceText: '0.9800', priceBreaks: [] } })])} />);
    expect(screen.getByTestId('bom-candidate-offers').textContent).toBe('2 条报价 · 现货最低 0.9800 CNY/件（买 10 件，B，库存 500）数据已过期');
  });
  it('counts offers that cannot be priced, says when there are none, and shows nothing when unknown', () => {
    const { rerender, container } = render(<CandidateOffers labels={labels} offers={part([offer({ display: null, displayReason: 'no rate' })])} />);
    expect(screen.getByTestId('bom-candidate-offers').textContent).toBe('1 条报价（无现货可换算价格）');
    rerender(<CandidateOffers labels={labels} offers={part([])} />);
    expect(screen.getByTestId('bom-candidate-offers').textContent).toBe('暂无报价');
    rerender(<CandidateOffers labels={labels} offers={undefined} />);
    expect(container.textContent).toBe('');
  });
});
