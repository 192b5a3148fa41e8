// A small modal confirmation on the native <dialog> (focus kept inside, Esc cancels), for the
// page shell, which ships no framework. Resolves true only on the confirm button.

export type ConfirmTexts = { title: string; body: string; confirm: string; cancel: string };

export function confirmDialog(texts: ConfirmTexts, testId = 'confirm-dialog'): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.dataset['testid'] = testId;
    dialog.setAttribute('aria-labelledby', `${testId}-title`);
    dialog.setAttribute('aria-describedby', `${testId}-body`);
    dialog.className = 'w-[min(92vw,420px)] rounded-xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/40';
    const title = document.createElement('h2');
    title.id = `${testId}-title`;
    title.className = 'text-base font-semibold';
    title.textContent = texts.title;
    const body = document.createElement('p');
    body.id = `${testId}-body`;
    body.className = 'mt-2 text-sm text-slate-700';
    body.textContent = texts.body;
    const row = document.createElement('div');
    row.className = 'mt-5 flex justify-end gap-2';
    const button = (label: string, primary: boolean, value: boolean) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.className = primary
        ? 'rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700'
        : 'rounded-md border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50';
      b.addEventListener('click', () => finish(value));
      return b;
    };
    // The safe choice comes first and takes the focus.
    const keep = button(texts.cancel, false, false);
    row.append(keep, button(texts.confirm, true, true));
    dialog.append(title, body, row);
    let done = false;
    const finish = (value: boolean) => {
      if (done) return;
      done = true;
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    dialog.addEventListener('cancel', () => finish(false));
    document.body.append(dialog);
    dialog.showModal();
    keep.focus();
  });
}
