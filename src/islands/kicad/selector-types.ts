import type { PlaceCommand, PlaceTarget } from '../../lib/client/kicad-host/place-part.ts';

/** One row of the result list: a catalogue part or one of the user's own components. */
export type SelectorItem = {
  key: string;
  target: PlaceTarget;
  mpn: string;
  brand: string;
  description: string;
  package: string | null;
  /** Preview images (catalogue parts; own components' previews need the token, so none). */
  symbolSvg: string | null;
  footprintSvg: string | null;
  /** A plain link to the zip (catalogue parts; own components' zip needs the token, so none). */
  download: string | null;
  quality: string | null;
};

export type Connection = 'browser' | 'waiting' | 'connected';
export type OnPlace = (item: SelectorItem, command: PlaceCommand) => void;
