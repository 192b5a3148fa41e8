import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** shadcn/ui's Toaster: sonner styled with the site's colours. */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--color-popover)',
          '--normal-text': 'var(--color-popover-foreground)',
          '--normal-border': 'var(--color-border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
