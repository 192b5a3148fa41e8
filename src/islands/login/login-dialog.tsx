import { useEffect, useRef } from 'react';
import type { LoginContext } from './labels.ts';
import { LoginPanel } from './login-panel.tsx';

/**
 * The modal login dialog (SPEC §2: about 300x360, does not close on outside click, tabs 'phone
 * login' and 'WeChat login'). Escape and the close button close it. Loaded on first open
 * (login-launcher.tsx), so none of this is in the header's initial bundle.
 */
export default function LoginDialog({ open, onClose, ctx }: { open: boolean; onClose: () => void; ctx: LoginContext }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="login-title"
      className="m-auto h-[360px] w-[300px] overflow-hidden rounded-xl p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
      data-testid="login-dialog"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between px-5 pb-2 pt-3.5">
          <h2 id="login-title" className="text-base font-semibold">
            {ctx.labels.title}
          </h2>
          <button type="button" onClick={onClose} aria-label={ctx.labels.close} className="-mr-1 px-1 text-xl leading-none text-slate-500 hover:text-slate-800">
            ×
          </button>
        </div>
        <LoginPanel ctx={ctx} visible={open} />
      </div>
    </dialog>
  );
}
