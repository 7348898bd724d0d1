/**
 * A software WebAuthn authenticator for tests: real ES256 keys (node:crypto), real
 * authenticatorData, attestation objects (fmt "none", CBOR from @simplewebauthn/server's own
 * encoder) and assertion signatures over authData ‖ SHA-256(clientDataJSON). Each ceremony
 * takes `tweaks`, so a test can change exactly one thing a browser or authenticator would send.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** How the simulated authenticator behaves. */
export interface AuthenticatorOptions {
  /** AAGUID as a UUID string; zeros by default. */
  aaguid?: string;
  /** BE: the credential may be synced (a passkey in a password manager). */
  backupEligible?: boolean;
  /** BS: the credential is currently backed up. */
  backedUp?: boolean;
  /** How much the signature counter rises per assertion; 0 keeps it at 0 (most synced passkeys). */
  counterStep?: number;
  /** The counter stored with a new credential. */
  initialCounter?: number;
  attachment?: 'platform' | 'cross-platform';
  transports?: string[];
  /** Whether the authenticator verifies the user (UV). */
  verifiesUser?: boolean;
}

/** A credential the authenticator holds. */
export interface VirtualCredential {
  id: Uint8Array;
  /** Unpadded base64url of the id. */
  idBase64url: string;
  privateKey: KeyObject;
  rpId: string;
  /** The user.id bytes of the creation options (base64url), echoed as userHandle. */
  userHandle: string;
  counter: number;
}

/** One change to what a ceremony sends (each test applies one). */
export interface CeremonyTweaks {
  /** clientDataJSON.origin; the page origin otherwise. */
  origin?: string;
  /** clientDataJSON.type. */
  type?: string;
  /** clientDataJSON.challenge. */
  challenge?: string;
  /** Extra or replaced clientDataJSON members (e.g. crossOrigin, topOrigin). */
  clientData?: Record<string, unknown>;
  /** Rewrites the clientDataJSON bytes (e.g. prefixes a byte-order mark). */
  clientDataBytes?: (bytes: Buffer) => Buffer;
  /** The RP ID whose SHA-256 goes into authData (the options' RP ID otherwise). */
  rpIdForHash?: string;
  up?: boolean;
  uv?: boolean;
  be?: boolean;
  bs?: boolean;
  /** The counter sent, instead of the authenticator's next value (which is then not advanced). */
  counter?: number;
  /** create: the new credential's id bytes. */
  credentialId?: Uint8Array;
  /** get: which credential answers (the first matching one otherwise). */
  credential?: VirtualCredential;
  /** get: the userHandle sent (null: none). */
  userHandle?: string | null;
  /** get: rewrites the DER signature (its encoding, not r and s). */
  tamperSignature?: (signature: Buffer) => Buffer;
  /** get: replaces authenticatorData after signing (a modified byte). */
  tamperAuthData?: (bytes: Buffer) => Buffer;
  /** create: appended to the attestation object after its CBOR map. */
  attestationTail?: Uint8Array;
  /** create: changes the COSE public key's members (e.g. another alg or kty). */
  coseKey?: (key: Map<number, unknown>) => Map<number, unknown>;
}

/** navigator.credentials.create()/get() results as toJSON() gives them. */
export type CredentialJson = {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment?: string;
  clientExtensionResults: Record<string, unknown>;
  response: Record<string, unknown>;
};

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function aaguidBytes(uuid: string): Buffer {
  return Buffer.from(uuid.replaceAll('-', ''), 'hex');
}

function coseEs256(publicKey: KeyObject, tweak = (key: Map<number, unknown>) => key): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    tweak(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
      ]),
    ) as never,
  );
}

function flagsByte(flags: { up: boolean; uv: boolean; be: boolean; bs: boolean; at: boolean }): number {
  return (
    (flags.up ? 0x01 : 0) |
    (flags.uv ? 0x04 : 0) |
    (flags.be ? 0x08 : 0) |
    (flags.bs ? 0x10 : 0) |
    (flags.at ? 0x40 : 0)
  );
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function clientDataJson(type: string, challenge: string, origin: string, tweaks: CeremonyTweaks): Buffer {
  const json = Buffer.from(
    JSON.stringify({
      type: tweaks.type ?? type,
      challenge: tweaks.challenge ?? challenge,
      origin: tweaks.origin ?? origin,
      crossOrigin: false,
      ...tweaks.clientData,
    }),
  );
  return tweaks.clientDataBytes ? tweaks.clientDataBytes(json) : json;
}

/** A software authenticator holding the credentials it created. */
export class VirtualAuthenticator {
  readonly credentials: VirtualCredential[] = [];

  constructor(readonly options: AuthenticatorOptions = {}) {}

  /** `credential` with a ceremony's `response`, as PublicKeyCredential.toJSON() gives it. */
  private toJson(credential: VirtualCredential, response: Record<string, unknown>): CredentialJson {
    return {
      id: credential.idBase64url,
      rawId: credential.idBase64url,
      type: 'public-key',
      ...(this.options.attachment ? { authenticatorAttachment: this.options.attachment } : {}),
      clientExtensionResults: {},
      response,
    };
  }

  private flags(tweaks: CeremonyTweaks, at: boolean) {
    return flagsByte({
      up: tweaks.up ?? true,
      uv: tweaks.uv ?? this.options.verifiesUser ?? true,
      be: tweaks.be ?? this.options.backupEligible ?? false,
      bs: tweaks.bs ?? this.options.backedUp ?? false,
      at,
    });
  }

  /** Answers creation options (the JSON string the provider returned) from `origin`. */
  create(optionsJson: string, origin: string, tweaks: CeremonyTweaks = {}): CredentialJson {
    const options = JSON.parse(optionsJson) as {
      rp: { id: string };
      user: { id: string };
      challenge: string;
    };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = tweaks.credentialId ?? randomBytes(16);
    const counter = tweaks.counter ?? this.options.initialCounter ?? 0;
    const credential: VirtualCredential = {
      id,
      idBase64url: b64url(id),
      privateKey,
      rpId: options.rp.id,
      userHandle: options.user.id,
      counter,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.byteLength);
    const authData = Buffer.concat([
      sha256(tweaks.rpIdForHash ?? options.rp.id),
      Buffer.from([this.flags(tweaks, true)]),
      counterBytes(counter),
      aaguidBytes(this.options.aaguid ?? '00000000-0000-0000-0000-000000000000'),
      idLength,
      id,
      coseEs256(publicKey, tweaks.coseKey),
    ]);
    const attestation = Buffer.concat([
      isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      ),
      tweaks.attestationTail ?? new Uint8Array(),
    ]);
    this.credentials.push(credential);
    return this.toJson(credential, {
      clientDataJSON: b64url(clientDataJson('webauthn.create', options.challenge, origin, tweaks)),
      attestationObject: b64url(attestation),
      transports: this.options.transports ?? ['internal'],
    });
  }

  /** Answers request options (the JSON string the provider returned) from `origin`. */
  get(optionsJson: string, origin: string, tweaks: CeremonyTweaks = {}): CredentialJson {
    const options = JSON.parse(optionsJson) as {
      rpId: string;
      challenge: string;
      allowCredentials?: Array<{ id: string }>;
    };
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential =
      tweaks.credential ??
      this.credentials.find(
        (c) =>
          c.rpId === options.rpId && (!allowed || allowed.length === 0 || allowed.includes(c.idBase64url)),
      );
    if (!credential) throw new Error('the virtual authenticator holds no credential for these options');
    let counter: number;
    if (tweaks.counter !== undefined) {
      counter = tweaks.counter;
    } else {
      credential.counter += this.options.counterStep ?? 1;
      counter = credential.counter;
    }
    let authData: Buffer = Buffer.concat([
      sha256(tweaks.rpIdForHash ?? options.rpId),
      Buffer.from([this.flags(tweaks, false)]),
      counterBytes(counter),
    ]);
    const clientData = clientDataJson('webauthn.get', options.challenge, origin, tweaks);
    const signed = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    const signature = tweaks.tamperSignature ? tweaks.tamperSignature(signed) : signed;
    if (tweaks.tamperAuthData) authData = tweaks.tamperAuthData(authData);
    const userHandle = tweaks.userHandle === undefined ? credential.userHandle : tweaks.userHandle;
    return this.toJson(credential, {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle,
    });
  }
}
