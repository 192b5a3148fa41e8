// A path with a broken percent-escape (`/productDetail/%zz`) must reach the router as an
// unknown value and answer 404, not be rejected with 400 or crash URL decoding with 500.
export function sanitizeRequestUrl(url: string): string {
  try {
    decodeURI(url);
    return url;
  } catch {
    // Escape every '%' that does not start a valid escape; then drop invalid UTF-8 sequences.
    const escaped = url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
    try {
      decodeURI(escaped);
      return escaped;
    } catch {
      return escaped.replace(/%[0-9A-Fa-f]{2}/g, (m) => (Number.parseInt(m.slice(1), 16) < 0x80 ? m : '%25' + m.slice(1)));
    }
  }
}
