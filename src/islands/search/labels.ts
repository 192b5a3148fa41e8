// The search box's texts, built on the server (Header.astro, search.astro) and passed to the
// island as one object, so no dictionary reaches a client bundle.
import { t, type Locale } from '../../lib/i18n/i18n.ts';
import type { SearchComboboxLabels } from './search-combobox.tsx';

export function searchLabels(locale: Locale): SearchComboboxLabels {
  return {
    label: t(locale, 'search.label'),
    placeholder: t(locale, 'search.placeholder'),
    button: t(locale, 'search.button'),
    kinds: { mpn: t(locale, 'search.kindMpn'), brand: t(locale, 'search.kindBrand'), category: t(locale, 'search.kindCategory') },
  };
}
