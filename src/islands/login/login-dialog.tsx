import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { inertOthers } from './inert-others.ts';
import type { LoginContext } from './labels.ts';
import { LoginMemory } from './login-memory.tsx';
import { LoginPanel } from './login-panel.tsx';

/**
 * The modal login dialog (SPEC §2: about 300x360, does not close on an outside click, tabs 'phone
 * login' and 'WeChat login'), a Radix Dialog: focus is trapped inside and goes back to what had it
 * (the header's 'login' button) on close; Escape and the close button close it; it is labelled by
 * its title. Loaded on first open (login-launcher.tsx), so none of this is in the header's initial
 * bundle. The content unmounts on close; LoginMemory keeps what the user did for the next opening.
 */
export default function LoginDialog({ open, onClose, ctx }: { open: boolean; onClose: () => void; ctx: LoginContext }) {
  const { labels } = ctx;
  // Who had focus when the dialog opened: there is no Radix Trigger (the button is in the header's
  // bundle), so focus is handed back by hand. Read while rendering the opening, before anything in
  // the dialog takes focus.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open !== wasOpen.current) {
    wasOpen.current = open;
    if (open && typeof document !== 'undefined') opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  // SPEC §2: a click (or a touch, or focus) outside does not close it.
  const stayOpen = (event: Event) => event.preventDefault();
  // The page behind is inert while it is open, as behind the native modal dialog. (The box is a
  // state: Radix's portal mounts it a render after the dialog opens.)
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!open || !box) return;
    return inertOthers([box, ...document.querySelectorAll('[data-slot="dialog-overlay"]')]);
  }, [open, box]);

  return (
    <LoginMemory>
      <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
        <DialogContent
          ref={setBox}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // The phone field focuses itself; on the WeChat tab the selected tab takes focus.
            event.preventDefault();
            const content = event.currentTarget as HTMLElement | null;
            content?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
          }}
          onPointerDownOutside={stayOpen}
          onInteractOutside={stayOpen}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className="flex h-[360px] w-[300px] flex-col gap-0 overflow-hidden border-0 p-0 text-slate-900 shadow-2xl sm:max-w-[300px]"
          data-testid="login-dialog"
        >
          <div className="flex items-center justify-between px-5 pb-2 pt-3.5">
            <DialogTitle className="text-base font-semibold leading-normal">{labels.title}</DialogTitle>
            <DialogClose aria-label={labels.close} className="-mr-1 rounded px-1 text-xl leading-none text-slate-500 hover:text-slate-800">
              ×
            </DialogClose>
          </div>
          <LoginPanel ctx={ctx} visible={open} />
        </DialogContent>
      </Dialog>
    </LoginMemory>
  );
}
