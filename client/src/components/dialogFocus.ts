import { useLayoutEffect, useRef, type RefObject } from 'react';

const FIELDS =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [role="combobox"]:not([disabled])';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where a dialog's first focus goes: never its × button (walk-through, issue 23). */
function firstFocus(content: HTMLElement, body: string, footer?: string): HTMLElement | null {
  const marked = content.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) return marked;
  const area = content.querySelector<HTMLElement>(body);
  const field = area?.querySelector<HTMLElement>(FIELDS) ?? area?.querySelector(FOCUSABLE);
  if (field) return field;
  const actions = footer
    ? [...content.querySelectorAll<HTMLButtonElement>(`${footer} button:not([disabled])`)]
    : [];
  return actions.at(-1) ?? null;
}

/**
 * Radix Dialog's focus management with two changes. On open, focus goes to the first field of
 * the body (or an element marked `data-autofocus`, or the last footer action: the primary one)
 * instead of the first focusable element, the × button. On close, focus returns to the element
 * that had it when the dialog opened: Radix returns it to a `Dialog.Trigger` only, and our
 * dialogs are opened by their owners' own buttons. `returnFocusTo` names where focus goes when
 * the opener is gone by then (a menu item: the menu closed as the dialog opened).
 */
export function useDialogFocus(
  open: boolean,
  body: string,
  footer?: string,
  returnFocusTo?: RefObject<HTMLElement | null>,
) {
  const opener = useRef<HTMLElement | null>(null);
  // Layout effects run before Radix's FocusScope moves the focus (a passive effect).
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (open && active instanceof HTMLElement && active !== document.body) opener.current = active;
  }, [open]);
  return {
    onOpenAutoFocus: (event: Event) => {
      const content = event.currentTarget as HTMLElement | null;
      if (!content) return;
      const target = firstFocus(content, body, footer);
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
    onCloseAutoFocus: (event: Event) => {
      const captured = opener.current?.isConnected ? opener.current : null;
      const target = captured ?? returnFocusTo?.current ?? null;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
