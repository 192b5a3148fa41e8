// The /symbolSelector island's texts: `selector.*` keys of the dictionaries, passed as one object.
export type SelectorLabels = Record<string, string>;

export function fmt(labels: SelectorLabels, key: string, vars: Record<string, string | number> = {}): string {
  const text = labels[`selector.${key}`] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
