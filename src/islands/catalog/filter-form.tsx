import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { reactIsland } from '../react-island.ts';

/** A control whose change applies the filter at once: a checkbox, or a select marked data-autosubmit. */
export function appliesAtOnce(el: EventTarget | null): boolean {
  if (el instanceof HTMLInputElement) return el.type === 'checkbox';
  return el instanceof HTMLSelectElement && el.hasAttribute('data-autosubmit');
}

/** Whether a control that applies at once differs from what the server rendered. */
function changedSinceRender(form: HTMLFormElement): boolean {
  return [...form.elements].some((el) => {
    if (!appliesAtOnce(el)) return false;
    if (el instanceof HTMLInputElement) return el.checked !== el.defaultChecked;
    return [...(el as HTMLSelectElement).options].some((o) => o.selected !== o.defaultSelected);
  });
}

/**
 * The filter page's form. It is a plain GET form (the server canonicalises the URL) whose boxes
 * and ranges the server renders (the children); with JavaScript, ticking a box or changing the
 * sort or page size applies at once, including a change made before the island hydrated.
 * autocomplete="off": a page reached by Back shows its own URL's filters, not the ticks the
 * browser would restore.
 */
function FilterForm({ action, children }: { action: string; children?: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const el = form.current!;
    const apply = (event: Event) => {
      if (appliesAtOnce(event.target)) el.requestSubmit();
    };
    // A native listener: the boxes are server-rendered HTML, not React elements.
    el.addEventListener('change', apply);
    if (changedSinceRender(el)) el.requestSubmit();
    return () => el.removeEventListener('change', apply);
  }, []);
  return (
    <form ref={form} method="get" action={action} autoComplete="off" className="mt-3 rounded-lg border border-slate-200 bg-white" data-filter-form data-testid="filter-form">
      {children}
    </form>
  );
}

export default reactIsland(FilterForm);
