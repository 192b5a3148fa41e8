import { useEffect, useRef, useState } from 'preact/hooks';

export type LoginLabels = { loginTitle: string; tabPhone: string; tabWechat: string; close: string; comingSoon: string };

/**
 * The modal login dialog (SPEC §2: about 300x360, does not close on outside click, tabs
 * 'phone login' and 'WeChat login'). The SMS and QR flows arrive with the accounts issue.
 */
export function LoginDialog({ open, onClose, labels }: { open: boolean; onClose: () => void; labels: LoginLabels }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [tab, setTab] = useState<'phone' | 'wechat'>('phone');
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="login-title" class="m-auto h-[360px] w-[300px] rounded-xl p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50" data-testid="login-dialog">
      <div class="flex h-full flex-col">
        <div class="flex items-center justify-between px-5 pt-4">
          <h2 id="login-title" class="text-base font-semibold">{labels.loginTitle}</h2>
          <button type="button" onClick={onClose} aria-label={labels.close} class="text-xl leading-none text-slate-500 hover:text-slate-800">×</button>
        </div>
        <div role="tablist" class="mt-3 flex border-b border-slate-200 px-5 text-sm">
          {(['phone', 'wechat'] as const).map((key) => (
            <button key={key} type="button" role="tab" aria-selected={tab === key} onClick={() => setTab(key)} class={`-mb-px border-b-2 px-3 py-2 ${tab === key ? 'border-brand-600 font-medium text-brand-600' : 'border-transparent text-slate-500'}`}>
              {key === 'phone' ? labels.tabPhone : labels.tabWechat}
            </button>
          ))}
        </div>
        <div role="tabpanel" class="flex flex-1 items-center justify-center p-6 text-center text-sm text-slate-500">{labels.comingSoon}</div>
      </div>
    </dialog>
  );
}
