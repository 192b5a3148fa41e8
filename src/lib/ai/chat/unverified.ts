import { normalizeMpn } from '../../catalog/mpn.ts';
import { packageOf, quantityOf } from '../../search/search.ts';

// Part numbers a model wrote (issue #15 item 2: 'part numbers in an answer that our catalogue does
// not hold are marked as unverified'). This finds the words that look like part numbers; the
// server then asks the catalogue (unverified.server.ts). A word looks like a part number when it
// mixes letters and at least two digits and is neither a quantity ('3.3V', '100nF'), a package
// ('SOT-223', 'LQFP48', '0603') nor a standard's name ('AEC-Q100', 'IEC61000').

const WORD = /[A-Za-z0-9][A-Za-z0-9\-./#+,_]*[A-Za-z0-9#+]/g;
const STANDARDS = /^(?:AEC-?Q\d+|IEC\d*|ISO\d*|EN\d+|UL\d+|IPC-?\w*|IP\d{2}|USB\d.*|DDR\d.*|LPDDR\d.*|PCIE\d*|I2C|I2S|I3C|CAN\d*|RS-?\d+|CORTEX-M\d+.*|ARMV\d.*|H\.?26\d|MP\d|UTF-?\d+|GB\/?T?\d*|JESD\d+.*|X[57][RS]|C0G|NP0|Y5V|Z5U|PCB\w*|[0-9]+(?:ST|ND|RD|TH))$/i;
const MAX_CANDIDATES = 40;

/** Distinct words of `text` that look like part numbers, in order of appearance (links' targets skipped). */
export function partNumberCandidates(text: string): string[] {
  // Markdown link targets and bare URLs carry codes that are ours already (product pages).
  const visible = text.replace(/\]\([^)]*\)/g, ']').replace(/https?:\/\/\S+/g, ' ');
  const seen = new Set<string>();
  const out: string[] = [];
  for (const match of visible.matchAll(WORD)) {
    const word = match[0].replace(/[.,]+$/, '');
    const digits = word.replace(/\D/g, '').length;
    if (word.length < 4 || digits < 2 || !/[A-Za-z]/.test(word)) continue;
    if (quantityOf(word) || packageOf(word) || STANDARDS.test(word)) continue;
    // A range or a pair of quantities ('4.5-28V', '3.3V/5V').
    if (word.split(/[-/~]/).every((piece) => piece === '' || /^\d+(?:\.\d+)?$/.test(piece) || quantityOf(piece))) continue;
    const key = normalizeMpn(word);
    if (key.length < 3 || seen.has(key)) continue;
    seen.add(key);
    out.push(word);
    if (out.length >= MAX_CANDIDATES) break;
  }
  return out;
}
