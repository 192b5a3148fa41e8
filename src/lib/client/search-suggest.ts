// Suggestions under the header search box (issue 4): part numbers, brands and categories as the
// user types, with the ARIA combobox pattern: arrows move, Enter opens, Escape closes.
// Plain DOM and fetch: it ships on every page with the header.

export type SuggestionItem = { kind: 'mpn' | 'brand' | 'category'; text: string; href: string; sub?: string };

export const SUGGEST_DEBOUNCE_MS = 120;
export const SUGGEST_MIN_CHARS = 2;

/** Next highlighted index for a key press; -1 means the input itself. */
export function moveHighlight(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current + 1 >= count ? -1 : current + 1;
  return current <= -1 ? count - 1 : current - 1;
}

export function installSuggestions(form: HTMLFormElement, input: HTMLInputElement, kindLabels: Record<string, string>): void {
  const list = document.createElement('ul');
  list.id = `${input.id}-suggestions`;
  list.setAttribute('role', 'listbox');
  list.hidden = true;
  list.className = 'search-suggestions';
  list.dataset.testid = 'search-suggestions';
  form.style.position = 'relative';
  form.append(list);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');

  let items: SuggestionItem[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const highlight = (index: number) => {
    active = index;
    list.querySelectorAll('[role="option"]').forEach((el, i) => el.setAttribute('aria-selected', String(i === index)));
    if (index >= 0) input.setAttribute('aria-activedescendant', `${list.id}-${index}`);
    else input.removeAttribute('aria-activedescendant');
  };
  const render = () => {
    list.replaceChildren(
      ...items.map((item, i) => {
        const li = document.createElement('li');
        li.id = `${list.id}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.className = 'search-suggestion';
        const text = document.createElement('span');
        text.textContent = item.text;
        const kind = document.createElement('span');
        kind.className = 'search-suggestion-kind';
        kind.textContent = item.sub ? `${kindLabels[item.kind] ?? item.kind} · ${item.sub}` : (kindLabels[item.kind] ?? item.kind);
        li.append(text, kind);
        // mousedown, not click: it fires before the input's blur closes the list.
        li.addEventListener('mousedown', (event) => {
          event.preventDefault();
          window.location.assign(item.href);
        });
        return li;
      }),
    );
    list.hidden = items.length === 0;
    input.setAttribute('aria-expanded', String(items.length > 0));
    active = -1;
  };
  const load = async (q: string) => {
    controller?.abort();
    controller = new AbortController();
    try {
      const res = await fetch(`/api/chiplet/products/suggest?q=${encodeURIComponent(q)}`, { signal: controller.signal });
      const body = (await res.json()) as { code: number; result?: SuggestionItem[] };
      if (input.value.trim() !== q) return; // the user typed on meanwhile
      items = body.code === 200000 && Array.isArray(body.result) ? body.result : [];
      render();
    } catch {
      /* aborted or offline: keep quiet, the search button still works */
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    const q = input.value.trim();
    if (q.length < SUGGEST_MIN_CHARS || q.length > 100) {
      items = [];
      render();
      return;
    }
    timer = setTimeout(() => void load(q), SUGGEST_DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (list.hidden) return;
      event.preventDefault();
      highlight(moveHighlight(active, items.length, event.key));
    } else if (event.key === 'Escape') {
      close();
    } else if (event.key === 'Enter' && active >= 0 && items[active]) {
      event.preventDefault();
      window.location.assign(items[active]!.href);
    }
  });
  input.addEventListener('blur', () => setTimeout(close, 100));
}
