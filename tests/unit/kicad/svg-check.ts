// Small structural checks on generated SVG strings (no DOM available in unit tests).

/** Throws when tags are unbalanced or text/attributes contain unescaped markup. */
export function assertWellFormedSvg(svg: string): void {
  if (!svg.startsWith('<svg ') || !svg.endsWith('</svg>')) throw new Error('not an <svg> document');
  const stack: string[] = [];
  const re = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(svg)) !== null) {
    if (m[6]) throw new Error(`stray '<' at ${m.index}: ${svg.slice(m.index, m.index + 40)}`);
    if (m[5] !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(m[5])) throw new Error(`unescaped '&' in text: ${m[5]}`);
      continue;
    }
    const [, close, name, attrs, selfClose] = m;
    if (attrs && /&(?!(amp|lt|gt|quot|apos);)/.test(attrs)) throw new Error(`unescaped '&' in attributes: ${attrs}`);
    if (close) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open ?? ''}>`);
    } else if (!selfClose) stack.push(name as string);
  }
  if (stack.length) throw new Error(`unclosed: ${stack.join(',')}`);
}

export function viewBoxOf(svg: string): { x: number; y: number; w: number; h: number } {
  const m = /viewBox="([^"]+)"/.exec(svg);
  const [x, y, w, h] = (m?.[1] ?? '').split(' ').map(Number);
  return { x: x ?? NaN, y: y ?? NaN, w: w ?? NaN, h: h ?? NaN };
}

export function countMatches(s: string, re: RegExp): number {
  return (s.match(re) ?? []).length;
}

export interface PinElement {
  number: string;
  name: string;
  label: string;
  hidden: boolean;
  /** Markup after the opening tag, up to the next pin (enough for substring checks). */
  body: string;
}

function attr(attrs: string, name: string): string {
  return new RegExp(` ${name}="([^"]*)"`).exec(attrs)?.[1] ?? '';
}

/** The <g class="pin" ...> elements, in document order. */
export function pinElements(svg: string): PinElement[] {
  const out: PinElement[] = [];
  const re = /<g class="pin"([^>]*)>/g;
  const starts: { index: number; end: number; attrs: string }[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(svg)) !== null) starts.push({ index: m.index, end: m.index + m[0].length, attrs: m[1] ?? '' });
  starts.forEach((st, i) => {
    const next = starts[i + 1]?.index ?? svg.length;
    out.push({
      number: attr(st.attrs, 'data-number'),
      name: attr(st.attrs, 'data-name'),
      label: attr(st.attrs, 'aria-label'),
      hidden: attr(st.attrs, 'data-hidden') === 'true',
      body: svg.slice(st.end, next),
    });
  });
  return out;
}
