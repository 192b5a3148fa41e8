// The full-screen, cancellable "Analyzing your files" dialog (SPEC §2). Features that upload
// (BOM, viewer, AI) call showLoadingOverlay() and get an AbortSignal that fires on cancel.
let controller: AbortController | undefined;

function dialog(): HTMLDialogElement | null {
  return document.getElementById('loading-overlay') as HTMLDialogElement | null;
}

export function showLoadingOverlay(): AbortSignal {
  controller?.abort();
  controller = new AbortController();
  dialog()?.showModal();
  return controller.signal;
}

export function hideLoadingOverlay(): void {
  const d = dialog();
  if (d?.open) d.close();
  controller = undefined;
}

/** Wires the overlay's cancel and close buttons: both ask '确定取消上传?' first. */
export function installLoadingOverlay(confirmText: string): void {
  const d = dialog();
  if (!d) return;
  const cancel = (event: Event) => {
    event.preventDefault();
    if (!window.confirm(confirmText)) return;
    controller?.abort(new DOMException('cancelled by user', 'AbortError'));
    hideLoadingOverlay();
  };
  d.querySelectorAll('[data-overlay-cancel]').forEach((b) => b.addEventListener('click', cancel));
  d.addEventListener('cancel', cancel); // Escape key
}
