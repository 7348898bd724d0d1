/** @module passkey/use-passkey-autofill — the email field's passkey autofill request (spec §5 conditional mediation). */
import { useCallback, useEffect, useRef } from 'react';
import { startPasskeyAutofill } from '../machine/passkey-effects.js';
import { useWidget } from '../widget/widget-context.js';

/**
 * While `enabled` (Main shows the email field with autocomplete "username webauthn") and the
 * widget is idle, one conditional-mediation request waits for the user to pick a passkey from
 * the field's suggestions; that signs in like the button. The request is aborted when the field
 * goes away, when Main unmounts and when any submit makes the widget busy, so a modal ceremony
 * or another method never races it. It is started again only when the widget is idle again
 * after such a submit, never after its own failure, so it cannot loop. Returns `abort`, for a
 * caller that must free the browser's ceremony slot before it starts its own.
 */
export function usePasskeyAutofill(enabled: boolean): () => void {
  const { state, send, effectContext } = useWidget();
  const current = useRef<AbortController | null>(null);
  const active = enabled && !state.busy;

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    current.current = controller;
    startPasskeyAutofill(effectContext(), controller.signal).then(
      (event) => {
        if (event) send(event);
      },
      (error: unknown) => console.error('Latchkey: the passkey autofill request failed unexpectedly', error),
    );
    return () => {
      controller.abort();
      if (current.current === controller) current.current = null;
    };
  }, [active, effectContext, send]);

  return useCallback(() => current.current?.abort(), []);
}
