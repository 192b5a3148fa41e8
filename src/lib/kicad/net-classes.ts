// Net classes of a KiCad project applied to schematic nets: which class a net
// is in, and the wire/bus colour and widths the schematic editor draws it with.
//
// KiCad's rules (KiCad 6–9 NET_SETTINGS and SCH_LINE):
// - a net's class: an explicit assignment (`netclass_assignments`, KiCad 6's
//   per-class `nets`), else the first `netclass_patterns` entry whose pattern
//   matches the whole name (as an anchored regular expression or as a
//   wildcard pattern with `*` and `?`), else "Default";
// - a wire or bus whose own stroke width is 0 takes its class's `wire_width`
//   / `bus_width` (mils); one whose own colour is unset takes the class's
//   `schematic_color`, unless that is unset too (alpha 0), then the theme's.

import type { KicadProject, NetClass } from './project.ts';

const MIL = 0.0254;

/** What a net's class changes in the schematic: CSS colour, widths in mm. */
export interface SchematicNetStyle {
  netClass: string;
  color?: string;
  wireWidth?: number;
  busWidth?: number;
}

/** Longest pattern tried as a regular expression (patterns come from user files). */
const MAX_REGEX_PATTERN = 200;
/** A quantified group that itself contains a quantifier: the shape of catastrophic backtracking, never run. */
const NESTED_QUANTIFIER = /\([^)]*[*+{][^)]*\)[*+?{]/;

function wildcardRegex(pattern: string): RegExp {
  let src = '';
  for (const ch of pattern) src += ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^(?:${src})$`, 's');
}

/** A matcher for one `netclass_patterns` pattern: the whole name, as a regex or as a wildcard pattern. */
export function netClassPatternMatcher(pattern: string): (name: string) => boolean {
  const wild = wildcardRegex(pattern);
  let re: RegExp | null = null;
  if (pattern.length <= MAX_REGEX_PATTERN && !NESTED_QUANTIFIER.test(pattern)) {
    try {
      re = new RegExp(`^(?:${pattern})$`, 'u');
    } catch {
      re = null; // not a valid regular expression: the wildcard reading alone
    }
  }
  return (name) => wild.test(name) || (re !== null && re.test(name));
}

/** The effective class name of a net in a project. */
export function netClassOf(project: KicadProject, netName: string, matchers = patternMatchers(project)): string {
  const assigned = project.netClassAssignments[netName];
  if (assigned !== undefined) return assigned;
  for (const m of matchers) if (m.match(netName)) return m.netClass;
  return 'Default';
}

function patternMatchers(project: KicadProject): { match: (name: string) => boolean; netClass: string }[] {
  return project.netClassPatterns.map((p) => ({ match: netClassPatternMatcher(p.pattern), netClass: p.netClass }));
}

const CSS_RGB = /^rgba?\(\s*(\d{1,3}(?:\.\d+)?)\s*,\s*(\d{1,3}(?:\.\d+)?)\s*,\s*(\d{1,3}(?:\.\d+)?)\s*(?:,\s*(\d*(?:\.\d+)?)\s*)?\)$/;

/** A KiCad colour string ('rgb(204, 102, 0)', 'rgba(0, 0, 0, 0.000)') as a safe CSS colour; undefined for "unset" (alpha 0) or anything else. */
export function kicadCssColor(s: string | undefined): string | undefined {
  const m = s === undefined ? null : CSS_RGB.exec(s.trim());
  if (!m) return undefined;
  const [r, g, b] = [m[1], m[2], m[3]].map((v) => Math.min(255, Math.round(Number(v))));
  const a = m[4] === undefined || m[4] === '' ? 1 : Math.min(1, Number(m[4]));
  if (!(a > 0)) return undefined;
  return a >= 1 ? `rgb(${r},${g},${b})` : `rgba(${r},${g},${b},${a})`;
}

function styleOf(nc: NetClass | undefined, name: string): SchematicNetStyle {
  const s: SchematicNetStyle = { netClass: name };
  if (!nc) return s;
  const color = kicadCssColor(nc.schematicColor);
  if (color) s.color = color;
  if (nc.wireWidth !== undefined && nc.wireWidth > 0) s.wireWidth = nc.wireWidth * MIL;
  if (nc.busWidth !== undefined && nc.busWidth > 0) s.busWidth = nc.busWidth * MIL;
  return s;
}

/** Net name → its class's schematic style (memoised per net name). */
export function schematicNetStyles(project: KicadProject): (netName: string) => SchematicNetStyle {
  const matchers = patternMatchers(project);
  const byClass = new Map<string, SchematicNetStyle>();
  const byNet = new Map<string, SchematicNetStyle>();
  return (netName) => {
    let s = byNet.get(netName);
    if (s) return s;
    const cls = netClassOf(project, netName, matchers);
    s = byClass.get(cls);
    if (!s) byClass.set(cls, (s = styleOf(project.netClasses.find((n) => n.name === cls), cls)));
    byNet.set(netName, s);
    return s;
  };
}
