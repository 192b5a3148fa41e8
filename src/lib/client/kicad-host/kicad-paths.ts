// SPEC §7, §9: from KiCad 9.0.5 the client calls the kicad variant of these paths (ADR 0015 §1
// table). The swap keeps the query string and anything after the matched prefix.

const SWAPS: readonly [RegExp, string][] = [
  [/^\/api\/chiplet\/u\/(cate|comp|fragment|collect)(?=$|[/?#])/, '/api/chiplet/u/kicad/$1'],
  [/^\/api\/chiplet\/u\/base\/get(?=$|[?#])/, '/api/chiplet/u/kicad/base/get'],
  [/^\/api\/chiplet\/products\/(cateTree|queryPage)(?=$|[?#])/, '/api/chiplet/products/kicad/$1'],
  [/^\/api_module\/moduleCategory\/list(?=$|[?#])/, '/api_module/kicad/moduleCategory/list'],
  [/^\/api_module\/module(?=\/)/, '/api_module/kicad/module'],
  [/^\/api\/file\/operation\/persistence\/file(?=$|[?#])/, '/api/file/operation/kicad/persistence/file'],
];

/** The kicad variant of an API URL (relative or absolute on any origin); other URLs unchanged. */
export function kicadVariantPath(url: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url);
  let origin = '';
  let rest = url;
  if (absolute) {
    const slash = url.indexOf('/', absolute[0].length);
    if (slash < 0) return url;
    origin = url.slice(0, slash);
    rest = url.slice(slash);
  }
  for (const [re, to] of SWAPS) {
    if (re.test(rest)) return origin + rest.replace(re, to);
  }
  return url;
}
