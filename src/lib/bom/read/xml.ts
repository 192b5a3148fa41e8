// A small XML tokenizer for the parts of an xlsx we read (workbook, relationships, shared strings,
// styles, sheets). Not a validating parser: it walks tags in order with indexOf, which reads a
// 20,000-row sheet in milliseconds and never builds a tree. No DTDs or external entities are
// interpreted (an xlsx has none; if one comes, its declarations are skipped as text).

export type XmlTag = {
  /** Local name, without namespace prefix. */
  readonly name: string;
  readonly closing: boolean;
  readonly selfClosing: boolean;
  /** Raw attribute text; read it with `attr`. */
  readonly attrs: string;
  /** Index just after the tag's '>'. */
  readonly end: number;
};

/** Each element tag in order; the caller reads the text between tags with `xml.slice`. */
export function* xmlTags(xml: string, from = 0): Generator<XmlTag> {
  let at = xml.indexOf('<', from);
  while (at >= 0) {
    const next = xml.charCodeAt(at + 1);
    if (next === 0x3f /* ? */ || next === 0x21 /* ! */) {
      // Declarations, comments, CDATA, DOCTYPE: skipped whole.
      const close = xml.startsWith('<!--', at) ? xml.indexOf('-->', at) + 3 : xml.startsWith('<![CDATA[', at) ? xml.indexOf(']]>', at) + 3 : xml.indexOf('>', at) + 1;
      if (close <= 0) return;
      at = xml.indexOf('<', close);
      continue;
    }
    const close = xml.indexOf('>', at);
    if (close < 0) return;
    const closing = next === 0x2f; /* / */
    const selfClosing = xml.charCodeAt(close - 1) === 0x2f;
    const bodyStart = at + (closing ? 2 : 1);
    let nameEnd = bodyStart;
    while (nameEnd < close) {
      const c = xml.charCodeAt(nameEnd);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2f) break;
      nameEnd++;
    }
    const qname = xml.slice(bodyStart, nameEnd);
    const colon = qname.indexOf(':');
    yield {
      name: colon >= 0 ? qname.slice(colon + 1) : qname,
      closing,
      selfClosing,
      attrs: xml.slice(nameEnd, selfClosing ? close - 1 : close),
      end: close + 1,
    };
    at = xml.indexOf('<', close + 1);
  }
}

/** The value of attribute `name` (local name, any prefix), entity-decoded; undefined when absent. */
const attrPatterns = new Map<string, RegExp>();

export function attr(attrs: string, name: string): string | undefined {
  let re = attrPatterns.get(name);
  if (!re) attrPatterns.set(name, (re = new RegExp(`(?:^|[\\s:])${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const m = re.exec(attrs);
  if (!m) return undefined;
  return decodeXmlText(m[1] ?? m[2] ?? '');
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character and predefined entities, then OOXML's `_xHHHH_` escapes (ST_Xstring, e.g. `_x000D_`). */
export function decodeXmlText(text: string): string {
  let out = text;
  if (out.includes('&')) {
    out = out.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ent: string) => {
      if (ent[0] === '#') {
        const code = ent[1] === 'x' ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return NAMED[ent] ?? whole;
    });
  }
  if (out.includes('_x')) out = out.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return out;
}
