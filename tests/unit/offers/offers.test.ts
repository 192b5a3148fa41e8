import { describe, expect, it } from 'vitest';
import { compareOffers, convertMicros, formatMicros, isSafeLink, isStale, orderQuantity, parseDecimalMicros, priceBreaksProblem, toMicros, unitPriceFor } from '../../../src/lib/offers/offers.ts';

// The pure money and time rules of the offers (issue #17 item 5).

describe('price breaks', () => {
  const breaks = [
    { qty: 1, price: 1.2 },
    { qty: 10, price: 0.98 },
    { qty: 100, price: 0.75 },
  ];
  it('picks the break with the largest quantity not above the ordered quantity', () => {
    expect(unitPriceFor(breaks, 1)).toEqual({ orderQuantity: 1, breakQty: 1, priceMicros: 1_200_000 });
    expect(unitPriceFor(breaks, 9)?.breakQty).toBe(1);
    expect(unitPriceFor(breaks, 10)?.breakQty).toBe(10);
    expect(unitPriceFor(breaks, 99)?.priceMicros).toBe(980_000);
    expect(unitPriceFor(breaks, 5000)?.priceMicros).toBe(750_000);
  });
  it('orders at least the MOQ, in whole multiples, and prices that quantity', () => {
    expect(orderQuantity(1, 2500, 2500)).toBe(2500);
    expect(orderQuantity(2501, 1, 2500)).toBe(5000);
    expect(orderQuantity(7, 10, 5)).toBe(10);
    expect(unitPriceFor(breaks, 3, 10, 1)).toMatchObject({ orderQuantity: 10, breakQty: 10 });
    // Below the first listed quantity the first price applies.
    expect(unitPriceFor([{ qty: 2500, price: 0.085 }], 1)).toMatchObject({ orderQuantity: 1, breakQty: 2500, priceMicros: 85_000 });
  });
  it('has no price for an empty list', () => {
    expect(unitPriceFor([], 5)).toBeNull();
  });
  it('names what is wrong with a list', () => {
    expect(priceBreaksProblem(breaks)).toBeNull();
    expect(priceBreaksProblem([])).toBe('empty');
    expect(priceBreaksProblem([{ qty: 10, price: 1 }, { qty: 10, price: 0.9 }])).toBe('order');
    expect(priceBreaksProblem([{ qty: 10, price: 1 }, { qty: 5, price: 0.9 }])).toBe('order');
    expect(priceBreaksProblem([{ qty: 1, price: -0.1 }])).toBe('price');
    expect(priceBreaksProblem([{ qty: 0, price: 1 }])).toBe('qty');
    expect(priceBreaksProblem([{ qty: 1.5, price: 1 }])).toBe('qty');
  });
});

describe('money in integer micros', () => {
  it('parses operator rates exactly', () => {
    expect(parseDecimalMicros('7.12')).toBe(7_120_000);
    expect(parseDecimalMicros('0.000001')).toBe(1);
    expect(parseDecimalMicros('0.0000001')).toBeNull();
    expect(parseDecimalMicros('0')).toBeNull();
    expect(parseDecimalMicros('-1')).toBeNull();
    expect(parseDecimalMicros('1e3')).toBeNull();
    expect(parseDecimalMicros('abc')).toBeNull();
  });
  it('converts through CNY without float drift, also past 2^53 intermediates', () => {
    // 0.32 USD at 7.12 CNY/USD = 2.2784 CNY.
    expect(convertMicros(320_000, 7_120_000, 1_000_000)).toBe(2_278_400);
    // CNY → USD: 1.2 CNY / 7.12 = 0.168539… USD
    expect(convertMicros(1_200_000, 1_000_000, 7_120_000)).toBe(168_539);
    // 123456.789012 units × 7.123456: the product of micros passes 2^53 and stays exact (879439.004428265472 → …428).
    expect(convertMicros(123_456_789_012, 7_123_456, 1_000_000)).toBe(879_439_004_428);
    expect(convertMicros(500, 7_120_000, 7_120_000)).toBe(500);
  });
  it('formats with the given digits, rounding half away from zero', () => {
    expect(formatMicros(2_278_400, 4)).toBe('2.2784');
    expect(formatMicros(168_539, 4)).toBe('0.1685');
    expect(formatMicros(168_550, 4)).toBe('0.1686');
    expect(formatMicros(1_500_000, 0)).toBe('2');
    expect(formatMicros(-1_234_567, 2)).toBe('-1.23');
    expect(toMicros(0.085)).toBe(85_000);
    expect(toMicros(1.005)).toBe(1_005_000);
  });
});

describe('staleness, order, links', () => {
  it('is stale only past the configured hours', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(isStale(new Date('2026-11-21T12:00:00Z'), now, 72)).toBe(false);
    expect(isStale(new Date('2026-11-21T11:59:59Z'), now, 72)).toBe(true);
    expect(isStale(new Date('2026-11-24T11:00:00Z'), now, 1)).toBe(false);
  });
  it('sorts in stock first, then the cheapest in CNY, unconvertible last', () => {
    const offers = [
      { distributor: 'A', stock: 0, cnyMicros: 1 },
      { distributor: 'B', stock: 5, cnyMicros: null },
      { distributor: 'C', stock: 5, cnyMicros: 900 },
      { distributor: 'D', stock: 100, cnyMicros: 300 },
    ];
    expect([...offers].sort(compareOffers).map((o) => o.distributor)).toEqual(['D', 'C', 'B', 'A']);
  });
  it('keeps only http(s) links', () => {
    expect(isSafeLink('https://example.com/x')).toBe(true);
    expect(isSafeLink('http://example.com')).toBe(true);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
    expect(isSafeLink('ftp://example.com')).toBe(false);
    expect(isSafeLink('/relative')).toBe(false);
  });
});
