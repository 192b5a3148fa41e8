// SPEC §2: Enter or the icon opens /search?name={trimmed text}, only when it is non-empty.
// Without JavaScript the form still submits as a plain GET.
import { installSuggestions } from './search-suggest.ts';
export function searchUrl(action: string, text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : `${action}?name=${encodeURIComponent(trimmed)}`;
}

export function installSearchBox(): void {
  document.querySelectorAll<HTMLFormElement>('form[data-search-form]').forEach((form) => {
    const box = form.querySelector<HTMLInputElement>('input[name="name"]');
    if (box && form.dataset.suggest) installSuggestions(form, box, JSON.parse(form.dataset.suggest) as Record<string, string>);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const input = form.querySelector<HTMLInputElement>('input[name="name"]');
      const url = searchUrl(form.getAttribute('action') ?? '/search', input?.value ?? '');
      if (url) window.location.assign(url);
      else input?.focus();
    });
  });
}
