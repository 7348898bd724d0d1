/**
 * @module messages — texts that both the provider and the widget show word for word. A leaf with
 * no imports, so the widget's bundle takes only these strings.
 */

/** A wrong one-time passcode with attempts left: the provider's `error_message` and the widget's text. */
export const INVALID_PASSCODE_MESSAGE = 'Invalid passcode, please try again.';

/** A project that requires PKCE got a magic-link or reset send without `code_challenge`. */
export const PKCE_REQUIRED_MESSAGE = 'This project requires PKCE: send a code_challenge.';
