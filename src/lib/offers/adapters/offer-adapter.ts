import type { OfferRecord } from '../offers-import.ts';

// The shape a live distributor source would have (ADR 0015 §4). NONE IS REGISTERED: no
// distributor API is reachable from the machines this runs on, so no adapter is written or
// claimed to work, and every stored offer comes from the operator import. An adapter, when one
// exists, returns offers in the import's record shape; they would be stored with
// source 'adapter:<name>' through the same validation as the import.

export interface OfferAdapter {
  /** Short lower-case name, stored as `adapter:<name>`. */
  readonly name: string;
  /** Offers for these catalogue parts (by mfgMpnCode); must stop when `signal` aborts. */
  fetchOffers(mfgMpnCodes: readonly string[], signal: AbortSignal): Promise<OfferRecord[]>;
}

/** The registered adapters: deliberately empty (see above). */
export const OFFER_ADAPTERS: readonly OfferAdapter[] = [];
