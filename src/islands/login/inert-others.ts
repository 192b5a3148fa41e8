/**
 * While a modal is open, makes the rest of the page `inert` (no focus, no pointer, hidden from
 * assistive technology and from checkers), as the native modal `<dialog>` did; Radix only sets
 * aria-hidden. `keep` and everything containing one of them stay live, so do live regions (the
 * page's toasts: `[aria-live]`, `#toast-region`) and Radix's focus guards. Returns the undo.
 */
export function inertOthers(keep: readonly Element[]): () => void {
  const kept = [...keep, ...document.querySelectorAll('[aria-live], #toast-region, [data-radix-focus-guard]')];
  const marked: Element[] = [];
  const walk = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (kept.includes(child)) continue;
      if (kept.some((k) => child.contains(k))) {
        walk(child);
        continue;
      }
      if (child.hasAttribute('inert') || ['SCRIPT', 'STYLE', 'TEMPLATE', 'LINK'].includes(child.tagName)) continue;
      child.setAttribute('inert', '');
      marked.push(child);
    }
  };
  walk(document.body);
  return () => {
    for (const el of marked) el.removeAttribute('inert');
  };
}
