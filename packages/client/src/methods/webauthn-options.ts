/**
 * @module methods/webauthn-options — turns the provider's WebAuthn options strings into the JSON
 * options `@simplewebauthn/browser` takes, keeping only the keys the wire lists (`endpoints.md`,
 * "Options string formats"). A missing required key fails here, before the browser is called.
 */

import type {
  AuthenticationExtensionsClientInputs,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { LatchkeyWebAuthnError } from '../errors.js';

type Json = Record<string, unknown>;

/** The only extensions passed to the browser; others (e.g. `prf`, `largeBlob`) are dropped. */
const KEPT_EXTENSIONS = ['appid', 'appidExclude', 'credProps'] as const;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(detail: string): LatchkeyWebAuthnError {
  return new LatchkeyWebAuthnError(
    'webauthn_ceremony_failed',
    `Invalid WebAuthn options from the provider: ${detail}`,
  );
}

function parse(text: unknown, field: string): Json {
  if (typeof text !== 'string') throw invalid(`${field} is missing`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new LatchkeyWebAuthnError(
      'webauthn_ceremony_failed',
      `Invalid WebAuthn options from the provider: ${field} is not JSON`,
      { cause: error },
    );
  }
  if (!isObject(value)) throw invalid(`${field} is not a JSON object`);
  return value;
}

function required(options: Json, key: string, kind: 'string' | 'object' | 'array', path = key): unknown {
  const value = options[key];
  if (value === undefined || value === null) throw invalid(`missing required key "${path}"`);
  const ok =
    kind === 'array' ? Array.isArray(value) : kind === 'object' ? isObject(value) : typeof value === kind;
  if (!ok) throw invalid(`"${path}" must be ${kind === 'array' ? 'an array' : `a ${kind}`}`);
  return value;
}

/** Copies the optional keys that are present, in the wire's order. */
function copyOptional(target: Json, source: Json, keys: readonly string[]): void {
  for (const key of keys) if (source[key] !== undefined) target[key] = source[key];
}

/** Only `appid`, `appidExclude` and `credProps` survive; no extensions object when none does. */
function keptExtensions(target: Json, source: Json): void {
  const extensions = source.extensions;
  if (!isObject(extensions)) return;
  const kept: Json = {};
  copyOptional(kept, extensions, KEPT_EXTENSIONS);
  if (Object.keys(kept).length > 0) target.extensions = kept as AuthenticationExtensionsClientInputs;
}

/**
 * Parses `public_key_credential_creation_options`. Required: `rp`, `user` (`id`, `name`,
 * `displayName`), `challenge`, `pubKeyCredParams`; other keys than the wire's (e.g. `hints`) are dropped.
 * @throws LatchkeyWebAuthnError (`webauthn_ceremony_failed`) when the string is unusable.
 */
export function creationOptionsFromJSON(text: unknown): PublicKeyCredentialCreationOptionsJSON {
  const source = parse(text, 'public_key_credential_creation_options');
  const rp = required(source, 'rp', 'object');
  const user = required(source, 'user', 'object') as Json;
  const options: Json = {
    rp,
    user: {
      id: required(user, 'id', 'string', 'user.id'),
      name: required(user, 'name', 'string', 'user.name'),
      displayName: required(user, 'displayName', 'string', 'user.displayName'),
    },
    challenge: required(source, 'challenge', 'string'),
    pubKeyCredParams: required(source, 'pubKeyCredParams', 'array'),
  };
  copyOptional(options, source, ['timeout', 'excludeCredentials', 'authenticatorSelection', 'attestation']);
  keptExtensions(options, source);
  return options as unknown as PublicKeyCredentialCreationOptionsJSON;
}

/**
 * Parses `public_key_credential_request_options`. Required: `challenge`; kept: `timeout`, `rpId`,
 * `userVerification`, `allowCredentials`, the three extensions.
 * @throws LatchkeyWebAuthnError (`webauthn_ceremony_failed`) when the string is unusable.
 */
export function requestOptionsFromJSON(text: unknown): PublicKeyCredentialRequestOptionsJSON {
  const source = parse(text, 'public_key_credential_request_options');
  const options: Json = { challenge: required(source, 'challenge', 'string') };
  copyOptional(options, source, ['timeout', 'rpId', 'userVerification', 'allowCredentials']);
  keptExtensions(options, source);
  return options as unknown as PublicKeyCredentialRequestOptionsJSON;
}
