import type { KeyboardEvent, SubmitEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { searchUrl } from '../../lib/client/search-box.ts';
import {
  fetchSuggestions,
  kindText,
  moveHighlight,
  SUGGEST_DEBOUNCE_MS,
  suggestQuery,
  type SuggestionItem,
  type SuggestionKindLabels,
} from '../../lib/client/search-suggest.ts';
import { reactIsland } from '../react-island.ts';

export type SearchComboboxLabels = {
  /** The box's accessible name (also the listbox's). */
  label: string;
  placeholder: string;
  /** The submit button: the icon's name in the header, its text on the search page. */
  button: string;
  kinds: SuggestionKindLabels;
};

type Props = {
  /** The localized /search path the form submits to. */
  action: string;
  /** SPEC §2: `name` when the query has type=search, and on the search page. */
  prefill: string;
  inputId: string;
  labels: SearchComboboxLabels;
  /** 'header': the round box with the search icon; 'page': the search page's wide box with a text button. */
  variant?: 'header' | 'page';
  inputTestId?: string;
};

const STYLES = {
  header: {
    form: 'relative ml-auto flex min-w-0 flex-1 items-center rounded-full border border-slate-300 bg-white pl-4 text-slate-900 focus-within:border-brand-500 md:max-w-sm',
    input: 'min-w-0 flex-1 bg-transparent py-1.5 text-sm outline-none',
    button: 'grid h-8 w-9 place-items-center rounded-full text-slate-500 hover:text-brand-600',
  },
  page: {
    form: 'relative flex max-w-2xl rounded-md border border-slate-300 bg-white focus-within:border-brand-500',
    input: 'min-w-0 flex-1 rounded-l-md px-3 py-2 text-sm outline-none',
    button: 'rounded-r-md bg-brand-600 px-5 text-sm font-medium text-white hover:bg-brand-700',
  },
} as const;

/**
 * The search box (SPEC §2) with suggestions as you type: an ARIA 1.2 combobox whose listbox holds
 * part numbers, brands and categories from GET /api/chiplet/products/suggest. Arrow keys move the
 * highlight (aria-activedescendant; focus stays in the box), Enter opens the highlighted
 * suggestion or searches for the trimmed text (nothing when it is empty), Escape closes the list,
 * a click opens a suggestion. The server renders a plain GET form, which works without JavaScript;
 * the combobox roles are added once the island runs, so the markup never promises a list that
 * cannot open.
 */
function SearchCombobox({ action, prefill, inputId, labels, variant = 'header', inputTestId }: Props) {
  const listId = `${inputId}-suggestions`;
  const optionId = (i: number) => `${listId}-${i}`;
  const styles = STYLES[variant];
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  const [mounted, setMounted] = useState(false);
  const [items, setItems] = useState<SuggestionItem[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const text = () => inputRef.current?.value ?? '';
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const stop = () => {
    clearTimeout(timer.current);
    request.current?.abort();
    request.current = null;
  };
  const go = (url: string) => {
    stop();
    close();
    window.location.assign(url);
  };

  const load = async (q: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    let list: SuggestionItem[];
    try {
      list = await fetchSuggestions(q, controller.signal);
    } catch {
      return; // aborted: newer text is on its way
    }
    // The user typed on meanwhile, or left the box: this answer is stale.
    if (controller.signal.aborted || suggestQuery(text()) !== q) return;
    setItems(list);
    setActive(-1);
    setOpen(list.length > 0 && document.activeElement === inputRef.current);
  };

  const changed = () => {
    clearTimeout(timer.current);
    const q = suggestQuery(text());
    if (q === null) {
      request.current?.abort();
      setItems([]);
      close();
      return;
    }
    timer.current = setTimeout(() => void load(q), SUGGEST_DEBOUNCE_MS);
  };

  useEffect(() => {
    setMounted(true);
    // Text typed before the island hydrated (the box is server-rendered): suggest for it now.
    if (document.activeElement === inputRef.current && text() !== prefill) changed();
    return stop;
  }, []);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return; // an IME is composing Chinese text: its keys are its own
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (items.length === 0) return;
        event.preventDefault();
        if (!open) {
          // Reopen what Escape closed, starting at the first (or last) suggestion.
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : items.length - 1);
        } else setActive(moveHighlight(active, items.length, event.key));
        return;
      case 'Enter': {
        const item = open && active >= 0 ? items[active] : undefined;
        if (item) {
          event.preventDefault();
          go(item.href);
        }
        return; // otherwise the form submits: onSubmit
      }
      case 'Escape':
        if (open) {
          event.preventDefault(); // keep the text (a search input clears itself on Escape)
          close();
        }
        return;
      case 'Tab':
        close();
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = searchUrl(action, text());
    if (url) go(url);
    else inputRef.current?.focus();
  };

  const expanded = open && items.length > 0;
  const combobox = mounted
    ? {
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-controls': listId,
        'aria-expanded': expanded,
        'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
      } as const
    : {};

  return (
    <form action={action} method="get" role="search" className={styles.form} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="sr-only">
        {labels.label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        name="name"
        type="search"
        defaultValue={prefill}
        maxLength={200}
        autoComplete="off"
        placeholder={labels.placeholder}
        className={styles.input}
        onInput={changed}
        onKeyDown={onKeyDown}
        onBlur={close}
        data-testid={inputTestId}
        {...combobox}
      />
      {variant === 'header' ? (
        <button type="submit" className={styles.button} aria-label={labels.button} data-testid="search-icon">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
        </button>
      ) : (
        <button type="submit" className={styles.button}>
          {labels.button}
        </button>
      )}
      {mounted && (
        <ul
          id={listId}
          role="listbox"
          aria-label={labels.label}
          hidden={!expanded}
          className="search-suggestions"
          // The box keeps the focus: a press on the list (or its scroll bar) must not blur it.
          onMouseDown={(event) => event.preventDefault()}
          data-testid="search-suggestions"
        >
          {items.map((item, i) => (
            <li
              key={`${i}:${item.href}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="search-suggestion"
              onClick={() => go(item.href)}
            >
              <span>{item.text}</span>
              <span className="search-suggestion-kind">{kindText(item, labels.kinds)}</span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

export default reactIsland(SearchCombobox);
