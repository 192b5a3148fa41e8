import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';
import { installHostAuth } from '../../lib/client/host-auth.ts';
import type { LoginContext } from './labels.ts';

// The header's entry to the login dialog. Tiny on purpose: the dialog (forms, slider, QR) is a
// separate chunk imported on first open, or earlier when the pointer or focus reaches 'login'.

// The host's auth callback (SPEC §4) is live on every page with the header.
installHostAuth();

type DialogProps = { open: boolean; onClose: () => void; ctx: LoginContext };
let loading: Promise<ComponentType<DialogProps>> | undefined;

export function preloadLoginDialog(): Promise<ComponentType<DialogProps>> {
  loading ??= import('./login-dialog.tsx').then((m) => m.default);
  return loading;
}

export function LoginLauncher({ open, onClose, ctx }: DialogProps) {
  const [Dialog, setDialog] = useState<ComponentType<DialogProps> | null>(null);
  useEffect(() => {
    if (!open || Dialog) return;
    let alive = true;
    preloadLoginDialog()
      .then((component) => alive && setDialog(() => component))
      .catch(() => {
        // A failed chunk: let the shell's chunk-reload logic decide; allow a later retry.
        loading = undefined;
        onClose();
      });
    return () => {
      alive = false;
    };
  }, [open, Dialog]);
  return Dialog ? <Dialog open={open} onClose={onClose} ctx={ctx} /> : null;
}
