/**
 * @module password-dictionaries — zxcvbn-ts's dictionaries (the common-password list among them),
 * loaded on first use instead of with the provider's modules: they are 1.6 MB of the bundle, and
 * importing them decompresses them, together about a tenth of a start's CPU (issue 18). A listening
 * provider loads them in the background (passwords.plugin.ts), so the first check seldom waits.
 */
export type PasswordDictionaries = typeof import('./password-dictionary-data.js');

let loading: Promise<PasswordDictionaries> | undefined;

/** The dictionaries, imported once per process. */
export function passwordDictionaries(): Promise<PasswordDictionaries> {
  loading ??= import('./password-dictionary-data.js');
  return loading;
}
