// Fuzzy MPN matching limited to characters people and OCR confuse (notes/bom-matching.md §2.2
// item 5, as ickey's correction): O/0, I/1, S/5, B/8, Z/2. Every key with one or two such swaps is
// looked up exactly, so a typo elsewhere never finds a part. Candidates found this way always need
// the user. Pure.

const SWAP: Readonly<Record<string, string>> = { O: '0', '0': 'O', I: '1', '1': 'I', S: '5', '5': 'S', B: '8', '8': 'B', Z: '2', '2': 'Z' };

/** At most this many keys per MPN (a long key with many swappable characters is cut off). */
export const MAX_LOOKALIKES = 60;

/** Keys one or two look-alike swaps away from a normalised MPN key (the key itself excluded). */
export function lookalikeKeys(key: string): string[] {
  if (typeof key !== 'string' || key.length < 4 || key.length > 40) return [];
  const positions = [...key].flatMap((c, i) => (SWAP[c] ? [i] : []));
  const out = new Set<string>();
  const swap = (s: string, i: number): string => s.slice(0, i) + SWAP[s.charAt(i)]! + s.slice(i + 1);
  for (const i of positions) out.add(swap(key, i));
  for (let a = 0; a < positions.length && out.size < MAX_LOOKALIKES; a++) {
    for (let b = a + 1; b < positions.length && out.size < MAX_LOOKALIKES; b++) out.add(swap(swap(key, positions[a]!), positions[b]!));
  }
  out.delete(key);
  return [...out].slice(0, MAX_LOOKALIKES);
}
