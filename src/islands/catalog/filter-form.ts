// The filter form works as a plain GET form (the server canonicalises the URL). With
// JavaScript, ticking a box or changing the sort applies at once.
export function installFilterForm(form: HTMLFormElement): void {
  form.addEventListener('change', (event) => {
    const el = event.target as HTMLInputElement | HTMLSelectElement | null;
    if (!el) return;
    if ((el instanceof HTMLInputElement && el.type === 'checkbox') || el.hasAttribute('data-autosubmit')) form.requestSubmit();
  });
}
