/**
 * @module step-up — re-authentication before destructive actions. A call the provider refuses
 * with 403 step_up_required opens a dialog that asks for a factor (the operator's passkey, or a
 * code from their authenticator app), which the client adds to the same session; the call is then
 * made once more. Cancelling leaves everything unchanged.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { ConsoleApiError } from '../api/console-api.js';
import { FormProblem } from '../components/form-problem.js';
import { useOperator } from './operator-context.js';

type StepUp = <T>(run: () => Promise<T>) => Promise<T>;
const StepUpContext = createContext<StepUp | null>(null);

/** Raised when the operator closes the dialog instead of re-authenticating. */
export class StepUpCancelled extends Error {
  override readonly name = 'StepUpCancelled';
  constructor() {
    super('Cancelled: nothing was changed.');
  }
}

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<((ok: boolean) => void) | null>(null);
  const stepUp = useCallback<StepUp>(async (run) => {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof ConsoleApiError) || error.errorType !== 'step_up_required') throw error;
      const ok = await new Promise<boolean>((resolve) => setPending(() => resolve));
      setPending(null);
      if (!ok) throw new StepUpCancelled();
      return run();
    }
  }, []);
  return (
    <StepUpContext.Provider value={stepUp}>
      {children}
      {pending && <StepUpDialog onDone={pending} />}
    </StepUpContext.Provider>
  );
}

/** Runs a destructive call, re-asking for a factor when the provider wants one. */
export function useStepUp(): StepUp {
  const value = useContext(StepUpContext);
  if (!value) throw new Error('useStepUp outside StepUpProvider');
  return value;
}

function StepUpDialog({ onDone }: { onDone(ok: boolean): void }) {
  const { client } = useOperator();
  const ref = useRef<HTMLDialogElement>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    // Focus goes back to what opened the dialog (the button that asked for the change) when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, []);
  const attempt = async (factor: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await factor();
      onDone(true);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'That did not work; try again.');
      setBusy(false);
    }
  };
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="step-up-title" onCancel={() => onDone(false)}>
      <h2 id="step-up-title">Confirm it’s you</h2>
      <p>This change cannot be undone. Confirm with your passkey or a code from your authenticator app.</p>
      <FormProblem problem={problem} />
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => attempt(() => client.webauthn.authenticate({ sessionDurationMinutes: 30 }))}
      >
        Use my passkey
      </button>
      <form
        className="step-up-code"
        onSubmit={(event) => {
          event.preventDefault();
          void attempt(() => client.totps.authenticate({ totp_code: code, session_duration_minutes: 30 }));
        }}
      >
        <label htmlFor="step-up-code">Authenticator code</label>
        <input
          id="step-up-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className="button secondary" disabled={busy || code.length !== 6}>
          Confirm with code
        </button>
      </form>
      <button type="button" className="link-button" onClick={() => onDone(false)}>
        Cancel
      </button>
    </dialog>
  );
}
