/**
 * @module methods/totps — `client.totps`: authenticator apps (TOTP) as a second factor: enrolment,
 * the code check, recovery codes. During a multi-factor sign-in these calls carry its intermediate
 * token (internal/http.ts), so `authenticate` and `recover` finish that sign-in.
 */

import type { ClientContext } from '../internal/context.js';
import { withoutInternalUser } from '../internal/response.js';
import { completeSignIn } from '../internal/sign-in.js';
import {
  assertNonEmptyString,
  assertOptionalNumber,
  assertOptionalObject,
  assertPositiveInteger,
} from '../internal/validate.js';
import type {
  TotpsAuthenticateResult,
  TotpsCreateResult,
  TotpsRecoveryCodesResult,
  User,
} from '../wire-types.js';

/** Options of `totps.create`. */
export interface TotpsCreateOptions {
  /** Minutes to confirm the new TOTP with a first code (the provider accepts 5..1440; default 30). */
  expiration_minutes?: number;
}

/** Options of `totps.authenticate`. */
export interface TotpsAuthenticateOptions {
  /** The six digits the authenticator app shows. */
  totp_code: string;
  session_duration_minutes: number;
}

/** Options of `totps.recover`. */
export interface TotpsRecoverOptions {
  /** One of the codes `create` or `recoveryCodes` gave (`xxxx-xxxx-xxxx`); each works once. */
  recovery_code: string;
  session_duration_minutes: number;
}

/** `client.totps`. */
export interface TotpsMethods {
  /**
   * Creates a TOTP for the signed-in user, or for the user of a pending multi-factor sign-in who
   * has none (`mfa_required.enrol`). It stays unverified until `authenticate` accepts a code.
   */
  create(options?: TotpsCreateOptions): Promise<TotpsCreateResult>;
  /** Checks a code: confirms a new TOTP, adds the factor to the session, or finishes an MFA sign-in. */
  authenticate(options: TotpsAuthenticateOptions): Promise<TotpsAuthenticateResult>;
  /** Issues a new set of ten recovery codes (the unused old ones stop working); needs a session. */
  recoveryCodes(): Promise<TotpsRecoveryCodesResult>;
  /** Signs in with a recovery code instead of a TOTP code. */
  recover(options: TotpsRecoverOptions): Promise<TotpsAuthenticateResult>;
}

/** Builds `client.totps`. */
export function createTotpsMethods(ctx: ClientContext): TotpsMethods {
  const post = <T>(path: string, body?: object) => ctx.http.request<T>({ method: 'POST', path, body });

  // authenticate and recover differ only in the code's field: the duration first (wire order),
  // state from `__user` as is.
  async function redeem<F extends 'totp_code' | 'recovery_code'>(
    path: string,
    field: F,
    options: Record<F, string> & { session_duration_minutes: number },
  ): Promise<TotpsAuthenticateResult> {
    assertOptionalObject('options', options);
    assertNonEmptyString(field, options?.[field]);
    assertPositiveInteger('session_duration_minutes', options.session_duration_minutes);
    const response = await post<TotpsAuthenticateResult & { __user?: User }>(path, {
      session_duration_minutes: options.session_duration_minutes,
      [field]: options[field],
    });
    return completeSignIn(ctx, response, '__user');
  }

  return {
    async create(options = {}) {
      assertOptionalObject('options', options);
      assertOptionalNumber('expiration_minutes', options.expiration_minutes);
      const response = await post<TotpsCreateResult & { __user?: User }>('/totps', {
        expiration_minutes: options.expiration_minutes,
      });
      // `__user` as is (endpoints.md, TOTP), but only for a session: during MFA nobody is
      // signed in yet, and the user arrives with the session.
      if (response.__user && ctx.session.state.session) ctx.session.setUser(response.__user);
      return withoutInternalUser(response);
    },

    authenticate: (options) => redeem('/totps/authenticate', 'totp_code', options),

    // Bodiless, as the wire captures it (README, bodiless calls).
    recoveryCodes: () => post<TotpsRecoveryCodesResult>('/totps/recovery_codes'),

    recover: (options) => redeem('/totps/recover', 'recovery_code', options),
  };
}
