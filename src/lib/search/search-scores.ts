// The ranking of the search in one table: every score a match can earn, best first. A row's score
// is the sum over the query's words (and structured constraints); ties go by popularity, then MPN.

export const SCORE = {
  /** The keyword is a distributor's code of the part (an LCSC C-code typed alone). */
  supplierCode: 1100,
  /** The MPN equals the typed part number (normalised: case, spaces, dashes, dots, packaging suffixes). */
  exactMpn: 1000,
  /** The MPN starts with the typed part number, less one per extra character (at most `prefixLengthCap`). */
  mpnPrefix: 900,
  prefixLengthCap: 60,
  /** A KiCad family whose wildcards match the typed MPN ('STM32F103C8Tx' for STM32F103C8T6). */
  family: 850,
  /** A catalogue MPN the typed one extends ('LM358' for LM358DR), less `reversePerChar` per extra character. */
  reverse: 800,
  reversePerChar: 15,
  /** The MPN contains the typed part number; from here up a term counts as matched as a part number. */
  mpnSubstring: 600,
  /** A typo neighbour of the typed MPN, less `typoPerEdit` per edit. */
  typo: 500,
  typoPerEdit: 40,
  /** A Latin word found in the text (description, keywords, package). */
  text: 300,
  /** A Chinese word found in the text. */
  cjkText: 250,
  /** The part is of a brand the query names. */
  brand: 150,
  /** A quantity ('64KB') equal to a parameter the unit prefers (flash before RAM), less a step per rank. */
  quantityPreferred: 100,
  quantityPreferredStep: 5,
  /** A quantity equal to any other parameter of its unit. */
  quantityOther: 80,
  /** The part's package is the one the query names. */
  package: 100,
  /** …and is exactly that package, not a longer one that starts with it ('0603' vs '0603x4'). */
  packageExact: 20,
  /** A quantity or package found only as text (the relaxed reading). */
  quantityOrPackageText: 80,
  /** A dictionary term found in the text (relaxed or loose reading). */
  dictText: 100,
  /** Any row a relaxed or loose dictionary term's SQL predicate admitted. */
  dictFloor: 60,
  /** The whole keyword read as one MPN: its tier plus this per SQL word. */
  wholePerToken: 100,
  /** An explicit category (drill-down): admits its rows without reordering them. */
  drillDown: 0.0001,
} as const;

/** A reverse-prefix match of a typed MPN longer than the catalogue's by `extra` characters. */
export function reverseScore(extra: number): number {
  return SCORE.reverse - SCORE.reversePerChar * extra;
}

/** A typo neighbour `distance` edits away. */
export function typoScore(distance: number): number {
  return SCORE.typo - SCORE.typoPerEdit * distance;
}
