import type { PointerEvent } from 'react';
import { useEffect, useRef } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

export type AccountMenuProps = {
  name: string;
  labels: { center: string; logout: string; menu: string };
  centerHref: string;
  open: boolean;
  /** How the menu opened or closed: hover opens and closes it without moving the focus. */
  onOpenChange: (open: boolean, how: 'hover' | 'press') => void;
  /** True while it is open because the pointer rests on it (a press then keeps it open). */
  /** Whether the pointer opened the menu, as of now (not as of the last render). */
  isHoverOpen: () => boolean;
  onPointerEnter: (event: PointerEvent) => void;
  onPointerLeave: (event: PointerEvent) => void;
  onLogout: () => void;
  /** Where the focus goes when the menu closes (Radix: back to the trigger unless prevented). */
  onCloseAutoFocus: (event: Event) => void;
  /** The placeholder trigger had the focus: give it to the real one. */
  takeFocus: boolean;
  /** Opened from the keyboard before this chunk arrived: start on the first item, as Radix does. */
  focusFirstItem: boolean;
};

/**
 * The logged-in account menu (SPEC §2): Radix DropdownMenu from src/components/ui, so keyboard,
 * focus and Escape behave as a menu should. A chunk of its own, loaded when the pointer or focus
 * first reaches the display name (header-user.tsx), so pages do not ship it before then.
 */
export default function AccountMenu(props: AccountMenuProps) {
  const { name, labels, centerHref, open, onOpenChange, onLogout } = props;
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.takeFocus && !open) trigger.current?.focus();
    if (!props.focusFirstItem || !open) return;
    // After Radix has focused the menu itself on mounting.
    const timer = setTimeout(() => content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <DropdownMenu open={open} onOpenChange={(next) => onOpenChange(next, 'press')} modal={false}>
      <DropdownMenuTrigger
        ref={trigger}
        className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm hover:text-brand-600"
        // A press on a menu the pointer opened pins it open instead of toggling it shut.
        onPointerDown={(event) => {
          if (props.isHoverOpen() && event.pointerType === 'mouse') {
            event.preventDefault();
            onOpenChange(true, 'press');
          }
        }}
        data-testid="user-menu"
      >
        <span data-testid="display-name">{name}</span>
        <span className="sr-only">{labels.menu}</span>
        <span aria-hidden="true">▾</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        ref={content}
        align="end"
        className="w-40 py-1"
        // Portalled out of the header: the pointer crossing onto it keeps the hover open.
        onPointerEnter={props.onPointerEnter}
        onPointerLeave={props.onPointerLeave}
        onCloseAutoFocus={props.onCloseAutoFocus}
        // The trigger handles its own presses (above).
        onInteractOutside={(event) => {
          if (trigger.current?.contains(event.target as Node)) event.preventDefault();
        }}
      >
        <DropdownMenuItem asChild>
          <a href={centerHref}>{labels.center}</a>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onLogout} data-testid="logout">
          {labels.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
