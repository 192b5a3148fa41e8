// SPEC §2: Enter or the icon opens /search?name={trimmed text}, only when it is non-empty.
// Without JavaScript the form still submits as a plain GET. The box itself is the React island
// src/islands/search/search-combobox.tsx.

export function searchUrl(action: string, text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : `${action}?name=${encodeURIComponent(trimmed)}`;
}
