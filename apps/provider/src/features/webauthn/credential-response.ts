/**
 * @module credential-response — strict decoding of `public_key_credential` (the JSON string of
 * PublicKeyCredential.toJSON()). Everything that cannot be decoded is 400 invalid_webauthn_response
 * here, before any challenge is touched, so @simplewebauthn/server only ever sees well-formed
 * input and whatever it still throws is a verification failure (SECURITY F5: never a 500).
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  convertAAGUIDToString,
  decodeAttestationObject,
  decodeCredentialPublicKey,
  isoCBOR,
  parseAuthenticatorData,
} from '@simplewebauthn/server/helpers';
import type { AuthenticatorType } from './webauthn.table.js';
import { malformed } from './webauthn-errors.js';

/** WebAuthn L3 §7.1 step 23 / SECURITY §2: longer credential ids are refused. */
export const MAX_CREDENTIAL_ID_BYTES = 1023;
/** WebAuthn L3 §5.4.3: a user handle is at most 64 bytes. */
export const MAX_USER_HANDLE_BYTES = 64;
/** Our challenges are 32 bytes (43 characters); anything much longer cannot be one of ours. */
const MAX_CHALLENGE_CHARS = 256;

/**
 * The COSE key type each offered algorithm needs (RFC 9053): EdDSA → OKP, ES256 → EC2, RS256 →
 * RSA. Attestation "none" signs nothing with the new key, so a key that could never verify an
 * assertion is refused here rather than stored. Algorithms not offered are the library's 401.
 */
const KEY_TYPE_OF_ALGORITHM = new Map<number, number>([
  [-8, 1],
  [-7, 2],
  [-257, 3],
]);

/** The transports a browser may report; others are dropped, never stored. */
const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** The fields of clientDataJSON the checks read. */
export interface ClientData {
  type: string;
  /** base64url as the browser echoed it; its SHA-256 finds the stored challenge. */
  challenge: string;
  origin: string;
  crossOrigin: boolean;
  topOrigin: string | undefined;
}

/** The parts of authenticatorData the checks read (a subset of the library's parse). */
export interface AuthenticatorDataView {
  rpIdHash: Uint8Array;
  flags: { up: boolean; uv: boolean; be: boolean; bs: boolean };
  counter: number;
}

/** A decoded registration response. */
export interface ParsedRegistration {
  /** The response re-encoded canonically, for @simplewebauthn/server. */
  json: RegistrationResponseJSON;
  clientData: ClientData;
  authData: AuthenticatorDataView;
  /** Unpadded base64url of the credential id (as stored). */
  credentialId: string;
  aaguid: string;
  /** Known transport names only (others are dropped). */
  transports: string[];
  authenticatorAttachment: AuthenticatorType;
}

/** A decoded assertion. */
export interface ParsedAssertion {
  json: AuthenticationResponseJSON;
  clientData: ClientData;
  authData: AuthenticatorDataView;
  credentialId: string;
  /** The user handle bytes, or null when the authenticator sent none. */
  userHandle: Uint8Array | null;
  signature: Uint8Array<ArrayBuffer>;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(object: JsonObject, key: string, path: string): string {
  const value = object[key];
  if (typeof value !== 'string') throw malformed(`${path} must be a string.`);
  return value;
}

/**
 * Decodes base64url, unpadded as PublicKeyCredential.toJSON() writes it (correct `=` padding is
 * tolerated). Node's decoder skips characters it does not know, so the alphabet and the
 * canonical form are checked first: a value decodes one way or it is refused.
 */
export function decodeBase64url(
  value: string,
  path: string,
): { bytes: Uint8Array<ArrayBuffer>; canonical: string } {
  const body = value.length % 4 === 0 && value.endsWith('=') ? value.replace(/={1,2}$/, '') : value;
  if (!/^[A-Za-z0-9_-]*$/.test(body) || body.length % 4 === 1)
    throw malformed(`${path} is not base64url (A–Z, a–z, 0–9, "-" and "_", without padding).`);
  const buffer = Buffer.from(body, 'base64url');
  if (buffer.toString('base64url') !== body)
    throw malformed(`${path} is not canonical base64url (its last character carries stray bits).`);
  // A fresh buffer: the library reads through DataViews and must not see Node's shared pool.
  return { bytes: new Uint8Array(buffer), canonical: body };
}

/** The base64url string `key` of the credential's `response` member, decoded (400 names `response.<key>`). */
function responseBytes(
  response: JsonObject,
  key: string,
): { bytes: Uint8Array<ArrayBuffer>; canonical: string } {
  const path = `response.${key}`;
  return decodeBase64url(stringField(response, key, path), path);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** clientDataJSON: UTF-8 JSON (WebAuthn L3 §7.1 steps 5–6), no byte-order mark, with string type/challenge/origin. */
function parseClientData(response: JsonObject): { data: ClientData; canonical: string } {
  const { bytes, canonical } = responseBytes(response, 'clientDataJSON');
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    throw malformed('response.clientDataJSON starts with a byte-order mark; browsers send plain UTF-8 JSON.');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw malformed('response.clientDataJSON is not valid UTF-8.');
  }
  const parsed = parseJsonObject(
    text,
    'response.clientDataJSON is not JSON.',
    'response.clientDataJSON must be a JSON object.',
  );
  const { type, challenge, origin, crossOrigin, topOrigin } = parsed;
  if (typeof type !== 'string' || typeof challenge !== 'string' || typeof origin !== 'string')
    throw malformed('response.clientDataJSON must carry string type, challenge and origin.');
  if (crossOrigin !== undefined && typeof crossOrigin !== 'boolean')
    throw malformed('clientDataJSON.crossOrigin must be a boolean.');
  if (topOrigin !== undefined && typeof topOrigin !== 'string')
    throw malformed('clientDataJSON.topOrigin must be a string.');
  if (challenge.length > MAX_CHALLENGE_CHARS || !/^[A-Za-z0-9_-]+$/.test(challenge))
    throw malformed('clientDataJSON.challenge is not an unpadded base64url challenge.');
  return {
    data: { type, challenge, origin, crossOrigin: crossOrigin === true, topOrigin },
    canonical,
  };
}

/** The library's authenticatorData parse (rpIdHash, flags, counter, attested data, leftover bytes). */
function parseAuthData(bytes: Uint8Array<ArrayBuffer>, path: string) {
  try {
    return parseAuthenticatorData(bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw malformed(`${path} cannot be decoded: ${reason.slice(0, 200)}`);
  }
}

function viewOf(parsed: ReturnType<typeof parseAuthenticatorData>): AuthenticatorDataView {
  const { up, uv, be, bs } = parsed.flags;
  return { rpIdHash: parsed.rpIdHash, flags: { up, uv, be, bs }, counter: parsed.counter };
}

/** `text` parsed as a JSON object; 400 with `notJson` or `notObject` otherwise. */
function parseJsonObject(text: string, notJson: string, notObject: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw malformed(notJson);
  }
  if (!isObject(parsed)) throw malformed(notObject);
  return parsed;
}

/** Parses the outer JSON and the id/rawId/type every credential has. */
function parseEnvelope(text: string) {
  const root = parseJsonObject(
    text,
    'public_key_credential is not valid JSON: send JSON.stringify(credential.toJSON()).',
    'public_key_credential must be the JSON of an object.',
  );
  if (root.type !== 'public-key') throw malformed('public_key_credential.type must be "public-key".');
  const id = stringField(root, 'id', 'id');
  const rawId = stringField(root, 'rawId', 'rawId');
  const decoded = decodeBase64url(id, 'id');
  if (decodeBase64url(rawId, 'rawId').canonical !== decoded.canonical)
    throw malformed('rawId must equal id.');
  if (decoded.bytes.byteLength === 0) throw malformed('id is empty.');
  if (decoded.bytes.byteLength > MAX_CREDENTIAL_ID_BYTES)
    throw malformed(`The credential id is longer than ${MAX_CREDENTIAL_ID_BYTES} bytes.`);
  if (!isObject(root.response)) throw malformed('public_key_credential.response must be an object.');
  return { root, response: root.response, idBytes: decoded.bytes, id: decoded.canonical };
}

function attachmentOf(value: unknown): AuthenticatorType {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw malformed('authenticatorAttachment must be a string or null.');
  return value === 'platform' || value === 'cross-platform' ? value : '';
}

function transportsOf(value: unknown): string[] {
  if (value === undefined) return [];
  if (
    !Array.isArray(value) ||
    value.length > 16 ||
    !value.every((t) => typeof t === 'string' && t.length <= 32)
  )
    throw malformed('response.transports must be an array of transport names.');
  return [...new Set(value.filter((t: string) => KNOWN_TRANSPORTS.has(t)))];
}

/** The credential re-encoded canonically around its `response` member, for @simplewebauthn/server. */
function credentialJson<Response>(
  id: string,
  response: Response,
  authenticatorAttachment: AuthenticatorType,
) {
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    response,
    clientExtensionResults: {},
    ...(authenticatorAttachment ? { authenticatorAttachment } : {}),
  };
}

/** Decodes the response of navigator.credentials.create(); 400 for anything that does not decode. */
export function parseRegistrationCredential(text: string): ParsedRegistration {
  const { root, response, idBytes, id } = parseEnvelope(text);
  const clientData = parseClientData(response);
  const attestation = responseBytes(response, 'attestationObject');
  let decoded: unknown;
  try {
    decoded = decodeAttestationObject(attestation.bytes);
  } catch {
    throw malformed('response.attestationObject is not valid CBOR.');
  }
  if (!(decoded instanceof Map)) throw malformed('response.attestationObject must be a CBOR map.');
  // Authenticators write canonical CBOR (CTAP2), which re-encodes to the same length; a longer
  // input has bytes after the map (or padding tricks) and is refused.
  if (isoCBOR.encode(decoded).byteLength !== attestation.bytes.byteLength)
    throw malformed('response.attestationObject has bytes after its CBOR map.');
  const authDataBytes: unknown = decoded.get('authData');
  if (
    typeof decoded.get('fmt') !== 'string' ||
    !(decoded.get('attStmt') instanceof Map) ||
    !(authDataBytes instanceof Uint8Array)
  )
    throw malformed('response.attestationObject must hold fmt, attStmt and authData.');
  const authData = parseAuthData(new Uint8Array(authDataBytes), 'authData');
  const { credentialID, credentialPublicKey, aaguid } = authData;
  if (!authData.flags.at || !credentialID || !credentialPublicKey || !aaguid)
    throw malformed('authData carries no attested credential data (AT flag clear).');
  if (credentialID.byteLength > MAX_CREDENTIAL_ID_BYTES)
    throw malformed(`The credential id is longer than ${MAX_CREDENTIAL_ID_BYTES} bytes.`);
  if (Buffer.compare(credentialID, idBytes) !== 0)
    throw malformed('id does not match the credential id in authData.');
  let publicKey: unknown;
  try {
    publicKey = decodeCredentialPublicKey(credentialPublicKey);
  } catch {
    throw malformed('The credential public key is not valid CBOR.');
  }
  if (
    !(publicKey instanceof Map) ||
    typeof publicKey.get(3) !== 'number' ||
    typeof publicKey.get(1) !== 'number'
  )
    throw malformed('The credential public key is not a COSE key (numeric kty and alg).');
  const keyType = KEY_TYPE_OF_ALGORITHM.get(publicKey.get(3));
  if (keyType !== undefined && publicKey.get(1) !== keyType)
    throw malformed('The credential public key has a key type (kty) that does not fit its algorithm (alg).');
  const transports = transportsOf(response.transports);
  const authenticatorAttachment = attachmentOf(root.authenticatorAttachment);
  return {
    json: credentialJson(
      id,
      { clientDataJSON: clientData.canonical, attestationObject: attestation.canonical, transports },
      authenticatorAttachment,
    ),
    clientData: clientData.data,
    authData: viewOf(authData),
    credentialId: id,
    aaguid: convertAAGUIDToString(aaguid),
    transports,
    authenticatorAttachment,
  };
}

/** Decodes the response of navigator.credentials.get(); 400 for anything that does not decode. */
export function parseAssertionCredential(text: string): ParsedAssertion {
  const { root, response, id } = parseEnvelope(text);
  const clientData = parseClientData(response);
  const authenticatorData = responseBytes(response, 'authenticatorData');
  const authData = parseAuthData(authenticatorData.bytes, 'response.authenticatorData');
  const signature = responseBytes(response, 'signature');
  if (signature.bytes.byteLength === 0) throw malformed('response.signature is empty.');
  let userHandle: { bytes: Uint8Array<ArrayBuffer>; canonical: string } | null = null;
  const handle = response.userHandle;
  if (handle !== undefined && handle !== null && handle !== '') {
    if (typeof handle !== 'string') throw malformed('response.userHandle must be a string or null.');
    userHandle = decodeBase64url(handle, 'response.userHandle');
    if (userHandle.bytes.byteLength > MAX_USER_HANDLE_BYTES)
      throw malformed(`response.userHandle is longer than ${MAX_USER_HANDLE_BYTES} bytes.`);
  }
  const authenticatorAttachment = attachmentOf(root.authenticatorAttachment);
  return {
    json: credentialJson(
      id,
      {
        clientDataJSON: clientData.canonical,
        authenticatorData: authenticatorData.canonical,
        signature: signature.canonical,
        ...(userHandle ? { userHandle: userHandle.canonical } : {}),
      },
      authenticatorAttachment,
    ),
    clientData: clientData.data,
    authData: viewOf(authData),
    credentialId: id,
    userHandle: userHandle?.bytes ?? null,
    signature: signature.bytes,
  };
}
