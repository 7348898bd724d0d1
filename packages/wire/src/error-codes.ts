/**
 * @module error-codes — every wire `error_type` with its HTTP status and default message. A leaf
 * with no imports: the provider throws these codes, the widget keys its error texts by them.
 */

/** One catalogue entry. */
export interface CatalogEntry {
  status: number;
  message: string;
}

/**
 * The single source of truth for error codes. docs/provider-api.md lists exactly these codes
 * (checked both ways by the provider's catalog.test.ts, after Fastify's errors.test.js).
 */
export const errorCatalog = {
  invalid_request: { status: 400, message: 'The request is malformed or a field is invalid.' },
  invalid_redirect_url: {
    status: 400,
    message: 'The redirect URL is not on the list of redirect URLs allowed for this project.',
  },
  invalid_email: {
    status: 400,
    message: 'Enter a valid email address, such as ada@example.com.',
  },
  invalid_phone_number: {
    status: 400,
    message: 'Enter a valid phone number in international format, starting with + and the country code.',
  },
  pkce_mismatch: {
    status: 400,
    message: 'The PKCE code_verifier does not match the code_challenge this token was issued with.',
  },
  weak_password: {
    status: 400,
    message: 'The password is too weak, too common or too long. Choose a different password.',
  },
  reset_password: {
    status: 400,
    message: 'This account needs a new password. Reset it through the email we can send you.',
  },
  invalid_webauthn_response: {
    status: 400,
    message:
      'The passkey response is malformed: public_key_credential must be the JSON string of PublicKeyCredential.toJSON(), with unpadded base64url fields.',
  },
  oauth_state_mismatch: {
    status: 400,
    message:
      'The sign-in could not be matched to the one this browser started (state or nonce is unknown, used, expired or different). Start the sign-in again.',
  },
  oauth_user_cancelled: {
    status: 400,
    message:
      'The sign-in was cancelled at the identity provider; try again, or choose another way to sign in.',
  },
  unauthorized_credentials: {
    status: 401,
    message: 'The Authorization header is missing or is not Basic auth of public_token:secret.',
  },
  invalid_reset_token: {
    status: 401,
    message: 'The password reset link is unknown, already used, replaced by a newer one, or expired.',
  },
  invalid_public_token: { status: 401, message: 'The public token does not belong to any project.' },
  user_unauthenticated: {
    status: 401,
    message: 'This call needs a signed-in user, but no session token was sent.',
  },
  unable_to_auth_magic_link: {
    status: 401,
    message: 'The magic link could not be used: it is unknown, already used, superseded or expired.',
  },
  unable_to_auth_otp_code: {
    status: 401,
    message:
      'The passcode could not be used: it is wrong, expired, already used, replaced by a newer one, or out of attempts.',
  },
  webauthn_verification_failed: {
    status: 401,
    message:
      'The passkey response did not pass verification (challenge, origin, RP ID, flags, signature or counter). Start the ceremony again.',
  },
  oauth_token_invalid: {
    status: 401,
    message:
      "The identity provider's answer did not pass verification (code exchange or ID token). Start the sign-in again.",
  },
  unable_to_auth_oauth_token: {
    status: 401,
    message:
      'The OAuth token could not be used: it is unknown, already used, revoked after PKCE failures, or expired.',
  },
  wallet_verification_failed: {
    status: 401,
    message: 'The wallet signature could not be verified. Start again and sign the new message.',
  },
  invalid_totp_code: {
    status: 401,
    message:
      'The authenticator app code is wrong, already used, or the app was not set up in time. Enter the current code.',
  },
  invalid_recovery_code: {
    status: 401,
    message: 'The recovery code is wrong or already used.',
  },
  intermediate_session_not_found: {
    status: 401,
    message:
      'The sign-in waiting for a second factor is unknown, already completed, ended or expired. Sign in again.',
  },
  invalid_secret_authentication: {
    status: 401,
    message: 'The project ID and secret do not match.',
  },
  invalid_jwt: { status: 401, message: 'The session JWT failed verification.' },
  invalid_origin: { status: 403, message: 'This origin is not allowed for the project.' },
  mfa_required: {
    status: 403,
    message:
      'This sign-in needs a second factor first: complete it with your authenticator app, a recovery code or an SMS code.',
  },
  public_token_forbidden: {
    status: 403,
    message: 'A public token cannot be used here; authenticate with the project ID and secret.',
  },
  session_not_found: { status: 404, message: 'The session is unknown, revoked or expired.' },
  webauthn_registration_not_found: {
    status: 404,
    message: 'No passkey with this id is registered to this account.',
  },
  totp_not_found: {
    status: 404,
    message: 'This account has no authenticator app with this id.',
  },
  oauth_config_not_found: {
    status: 404,
    message: 'This project has no configuration for this OAuth provider.',
  },
  oauth_registration_not_found: {
    status: 404,
    message: 'No OAuth provider with this id is linked to this account.',
  },
  project_not_found: { status: 404, message: 'No project has this ID.' },
  route_not_found: { status: 404, message: 'No endpoint matches this method and path.' },
  webhook_endpoint_not_found: {
    status: 404,
    message: 'This project has no webhook endpoint with this id.',
  },
  webhook_event_not_found: {
    status: 404,
    message: 'This project has no webhook event with this id (events are kept for 30 days).',
  },
  oauth_account_conflict: {
    status: 409,
    message:
      'An account with this email address already exists, so this provider cannot sign in to it. Sign in the way you did before.',
  },
  crypto_wallet_in_use: {
    status: 409,
    message: 'This crypto wallet belongs to another account. Sign in with it, or connect another wallet.',
  },
  totp_already_exists: {
    status: 409,
    message: 'This account already has an authenticator app. Remove it before adding another.',
  },
  payload_too_large: { status: 413, message: 'The request body is larger than the provider accepts.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as application/json.' },
  too_many_requests: {
    status: 429,
    message: 'Too many requests. Wait for the time in the Retry-After header, then try again.',
  },
  captcha_failed: {
    status: 429,
    message: 'We could not confirm that this request came from a person. Wait a moment, then try again.',
  },
  internal_server_error: { status: 500, message: 'Something went wrong on our side. Try again later.' },
  service_unavailable: {
    status: 503,
    message: 'A service the provider depends on is unavailable. Try again shortly.',
  },
  // Issue 20, /v1/users (the hosted provider's names).
  user_not_found: { status: 404, message: 'No user of this project has this ID.' },
  email_not_found: { status: 404, message: 'No user of this project has an email address with this ID.' },
  phone_number_not_found: {
    status: 404,
    message: 'No user of this project has a phone number with this ID.',
  },
  crypto_wallet_not_found: {
    status: 404,
    message: 'No user of this project has a crypto wallet with this ID.',
  },
  password_not_found: { status: 404, message: 'No user of this project has a password with this ID.' },
  duplicate_email: {
    status: 400,
    message: 'Another user of this project already has this email address.',
  },
  duplicate_phone_number: {
    status: 400,
    message: 'Another user of this project already has this phone number.',
  },
  session_token_forbidden: {
    status: 403,
    message:
      'A session token or session JWT cannot authenticate the server API; send Basic auth of the project ID and secret, and the session in the body.',
  },
  // Project administration (issue 20): the operator credential.
  operator_credential_required: {
    status: 403,
    message:
      'This call needs an operator key (Authorization: Bearer operator-secret-…); a project secret, public token or session token cannot be used here.',
  },
  invalid_operator_key: { status: 401, message: 'The operator key is unknown or revoked.' },
  operator_key_not_found: { status: 404, message: 'No live operator key has this ID.' },
  // The console (issue 21): re-authentication before destructive actions, and operator invites.
  step_up_required: {
    status: 403,
    message:
      'This action needs a factor proven in the last 5 minutes: re-authenticate (passkey or authenticator code) and retry.',
  },
  console_invite_not_found: {
    status: 404,
    message: 'This invite is unknown, used, expired, or for another email address.',
  },
  console_operator_not_found: {
    status: 404,
    message: 'No invited or active console operator has this ID.',
  },
  console_operator_exists: {
    status: 409,
    message: 'This address already belongs to an active console operator.',
  },
  console_operator_self_removal: {
    status: 400,
    message: 'You cannot remove yourself from the console: ask another operator to remove you.',
  },
  last_console_operator: {
    status: 409,
    message: 'This is the last active console operator: invite another operator before removing this one.',
  },
  // Issue 20, the server API's user ids and external ids (the hosted provider's names).
  invalid_user_id: {
    status: 400,
    message: 'user_id is neither a user ID (user-test-…, user-live-…) nor a valid external_id.',
  },
  duplicate_external_id: {
    status: 400,
    message: 'Another user of this project already has this external_id.',
  },
  // Issue 20, the server API's WebAuthn override_id: a user handle names one user per project.
  webauthn_user_handle_in_use: {
    status: 409,
    message: 'Another user of this project already has this WebAuthn user handle (override_id).',
  },
} as const satisfies Record<string, CatalogEntry>;

/** A known error code: the wire `error_type`. */
export type ErrorCode = keyof typeof errorCatalog;
