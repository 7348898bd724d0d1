/**
 * @module use-modal-dialog — a <dialog> shown as a modal while `open`, with the keyboard
 * behaviour of the WAI-ARIA modal dialog pattern: focus starts in the first email field (the
 * sign-in widget draws it a moment after the dialog opens), Tab and Shift+Tab cycle inside the
 * dialog, Escape closes it (the browser's own `cancel`), and focus returns to what opened it.
 */
import { type RefObject, useEffect } from 'react';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Where focus starts: the email field, the first thing a person types into. */
const INITIAL_FIELD = 'input[type="email"]:not([disabled])';

/** The dialog's controls Tab reaches, in order (drawn ones only). */
function tabbables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

/** Keeps Tab inside the dialog: from its last control to its first, and back with Shift. */
function cycleTab(event: KeyboardEvent): void {
  const dialog = event.currentTarget as HTMLElement;
  if (event.key !== 'Tab') return;
  const controls = tabbables(dialog);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Moves focus to the email field once it is drawn, unless the person has moved focus since the
 * dialog opened (focus is then no longer on the dialog itself). Returns a function that stops.
 */
function focusFieldWhenDrawn(dialog: HTMLDialogElement): () => void {
  const tryFocus = (): boolean => {
    if (document.activeElement !== dialog) return true;
    const field = dialog.querySelector<HTMLElement>(INITIAL_FIELD);
    if (!field || field.getClientRects().length === 0) return false;
    field.focus();
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) observer.disconnect();
  });
  observer.observe(dialog, { childList: true, subtree: true, attributes: true });
  return () => observer.disconnect();
}

/** Shows `dialog` as a modal while `open` is true and gives it the keyboard behaviour above. */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    // showModal focuses the first control (×); hold focus on the dialog itself until the email
    // field is drawn, so the first thing announced and typed into is the field, not "Close".
    element.focus();
    const stopWaiting = focusFieldWhenDrawn(element);
    element.addEventListener('keydown', cycleTab);
    return () => {
      stopWaiting();
      element.removeEventListener('keydown', cycleTab);
      if (element.open) element.close();
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, [dialog, open]);
}
