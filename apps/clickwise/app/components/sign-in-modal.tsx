/** The sign-in modal (spec §2): a 300px container with a message area and the Latchkey widget. */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { AFTER_SIGN_IN_KEY } from '../client/after-sign-in.js';
import { useModalDialog } from './use-modal-dialog.js';

/** What the page knows of its Latchkey project (no secret ever reaches the browser). */
export interface SiteLatchkeyConfig {
  publicToken: string;
  providerUrl: string;
  googleOAuth: boolean;
}

interface SignInApi {
  /** Stores `returnTo` (default: this page) as the after-sign-in location, then shows the modal. */
  open(options?: { returnTo?: string; message?: string }): void;
}

const SignInContext = createContext<SignInApi>({ open: () => {} });

/** Opens the modal from any component under <SignInProvider>. */
export function useSignIn(): SignInApi {
  return useContext(SignInContext);
}

// The widget (and the client SDK under it) loads only when someone opens the modal.
const LatchkeyWidget = lazy(() => import('./latchkey-widget.js'));

/** Provides `useSignIn` and renders the modal once for the whole page. */
export function SignInProvider({
  config,
  children,
}: {
  config: SiteLatchkeyConfig | null;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);

  const api = useMemo<SignInApi>(
    () => ({
      open({ returnTo, message: text } = {}) {
        const here = window.location.pathname + window.location.search + window.location.hash;
        try {
          window.localStorage.setItem(AFTER_SIGN_IN_KEY, returnTo ?? here);
        } catch (error) {
          console.error('Clickwise: could not store the after-sign-in location', error);
        }
        setMessage(
          text ??
            (config?.googleOAuth
              ? 'Sign in or create your account with Google or your email address.'
              : 'Sign in or create your account with your email address.'),
        );
        setOpen(true);
      },
    }),
    [config?.googleOAuth],
  );

  // Focus starts in the email field, stays inside, and returns to the opener on close.
  useModalDialog(dialog, open);

  const onError = useCallback((error: unknown) => {
    // Spec §8: the sign-in error callback only logs to the console.
    console.error('Clickwise sign-in error', error);
  }, []);

  return (
    <SignInContext.Provider value={api}>
      {children}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the dialog closes on Escape natively */}
      <dialog
        ref={dialog}
        className="signin-modal"
        // Focusable so that it can hold focus until the email field is drawn.
        tabIndex={-1}
        aria-labelledby="signin-title"
        // Escape closes through the state like × does. Left to the browser, its `close` event
        // comes a task later, and a busy page handles input first: Enter on "Sign in" right after
        // Escape reopened the modal, then the late event shut it again.
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        // Closed any other way (Chromium lets a page refuse Escape only so often): follow it, but
        // not once the modal is shown again — a late event of the last close would shut it.
        onClose={() => {
          if (!dialog.current?.open) setOpen(false);
        }}
        onClick={(event) => {
          if (event.target === dialog.current) setOpen(false);
        }}
      >
        <div className="signin-container" id="signin-container">
          <div className="signin-head">
            <h2 id="signin-title">Sign in to Clickwise</h2>
            <button type="button" className="icon-button" aria-label="Close" onClick={() => setOpen(false)}>
              ×
            </button>
          </div>
          <p className="signin-message" id="signin-message" role="status">
            {message}
          </p>
          {open && config ? (
            <Suspense fallback={<p className="signin-loading">Loading…</p>}>
              <LatchkeyWidget config={config} onError={onError} />
            </Suspense>
          ) : null}
          {open && !config ? <p className="form-error">Sign-in is not available right now.</p> : null}
        </div>
      </dialog>
    </SignInContext.Provider>
  );
}

/** A button that opens the modal. */
export function SignInButton({
  children,
  className,
  returnTo,
}: {
  children: ReactNode;
  className?: string;
  returnTo?: string;
}) {
  const { open } = useSignIn();
  return (
    <button
      type="button"
      className={className ?? 'button'}
      onClick={() => open(returnTo ? { returnTo } : {})}
    >
      {children}
    </button>
  );
}
