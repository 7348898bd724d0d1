/** @module methods/password-options — the argument objects of `client.passwords` (camelCase forms of the wire fields). */

/** Options of `passwords.create` and `passwords.authenticate`. */
export interface PasswordsAuthenticateOptions {
  email: string;
  password: string;
  sessionDurationMinutes: number;
}

/** Options of `passwords.strengthCheck`. */
export interface PasswordStrengthCheckOptions {
  email?: string;
  password: string;
}

/** Options of `passwords.resetByEmailStart`. */
export interface PasswordsResetByEmailStartOptions {
  email: string;
  /** Where the email's "Log in without a password" link goes; the project's default when absent. */
  loginRedirectURL?: string;
  resetPasswordRedirectURL?: string;
  resetPasswordExpirationMinutes?: number;
  resetPasswordTemplateId?: string;
}

/** Options of `passwords.resetByEmail`; `token` comes from the reset link. */
export interface PasswordsResetByEmailOptions {
  token: string;
  password: string;
  sessionDurationMinutes: number;
}

/** Options of `passwords.resetByEmailLogin`; `token` comes from the reset link. */
export interface PasswordsResetByEmailLoginOptions {
  token: string;
  sessionDurationMinutes: number;
}

/** Options of `passwords.resetByEmailCheck`; `token` comes from the reset link. */
export interface PasswordsResetByEmailCheckOptions {
  token: string;
}

/** Options of `passwords.resetByExistingPassword`. */
export interface PasswordsResetByExistingPasswordOptions {
  email: string;
  existingPassword: string;
  newPassword: string;
  sessionDurationMinutes: number;
}

/** Options of `passwords.resetBySession`. */
export interface PasswordsResetBySessionOptions {
  password: string;
  sessionDurationMinutes?: number;
}
