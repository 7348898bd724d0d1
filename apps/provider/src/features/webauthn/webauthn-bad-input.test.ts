/**
 * Malformed passkey responses (SECURITY F5): every one is 400 (invalid_webauthn_response, or
 * invalid_request for a wrong JSON type), never a 500, quick, and stores nothing — not even
 * the use of the challenge, which a correct response can still redeem afterwards.
 */
import { isoCBOR } from '@simplewebauthn/server/helpers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { basic, json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { type CredentialJson, VirtualAuthenticator } from '../../../test/virtual-authenticator.js';
import {
  assertionFor,
  type Caller,
  devCaller,
  finishRegistration,
  finishSignIn,
  givenPasskeyUser,
  optionsOf,
  PAGE_ORIGIN,
  startRegistration,
  webauthnState,
} from '../../../test/webauthn-helpers.js';

const ctx = useTestContext();

const b64 = (bytes: Uint8Array | number[]) => Buffer.from(bytes).toString('base64url');
const fromB64 = (value: unknown) => Buffer.from(value as string, 'base64url');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A copy of `credential` with `response` members replaced. */
function withResponse(credential: CredentialJson, changes: Record<string, unknown>): CredentialJson {
  return { ...credential, response: { ...credential.response, ...changes } };
}

/** Malformed public_key_credential strings shared by both endpoints. */
function envelopeCases(valid: CredentialJson): Array<[string, unknown]> {
  return [
    ['not JSON', '{"id": '],
    ['JSON null', 'null'],
    ['JSON array', '[]'],
    ['JSON number', '123'],
    ['type other than public-key', { ...valid, type: 'public-key ' }],
    ['id with "+" and "/"', { ...valid, id: 'ab+c/d', rawId: 'ab+c/d' }],
    ['id with a space', { ...valid, id: 'ab cd', rawId: 'ab cd' }],
    ['id of 4n+1 characters', { ...valid, id: 'AAAAA', rawId: 'AAAAA' }],
    ['id with stray bits', { ...valid, id: 'AB', rawId: 'AB' }],
    ['id with bad padding', { ...valid, id: `${valid.id}===`, rawId: `${valid.id}===` }],
    ['rawId other than id', { ...valid, rawId: 'AAAA' }],
    ['id of 1 024 bytes', { ...valid, id: b64(Buffer.alloc(1024, 1)), rawId: b64(Buffer.alloc(1024, 1)) }],
    ['response missing', { ...valid, response: undefined }],
    ['clientDataJSON not base64url', withResponse(valid, { clientDataJSON: '***' })],
    ['clientDataJSON not a string', withResponse(valid, { clientDataJSON: 12 })],
    ['clientDataJSON not UTF-8', withResponse(valid, { clientDataJSON: b64([0x7b, 0xff, 0xfe, 0x7d]) })],
    [
      'clientDataJSON with a byte-order mark',
      withResponse(valid, {
        clientDataJSON: b64(Buffer.concat([BOM, fromB64(valid.response.clientDataJSON)])),
      }),
    ],
    [
      'clientDataJSON not JSON',
      withResponse(valid, { clientDataJSON: b64(Buffer.from('type=webauthn.get')) }),
    ],
    ['clientDataJSON a JSON array', withResponse(valid, { clientDataJSON: b64(Buffer.from('[1,2]')) })],
    [
      'clientDataJSON without a challenge',
      withResponse(valid, {
        clientDataJSON: b64(Buffer.from(JSON.stringify({ type: 'webauthn.get', origin: PAGE_ORIGIN }))),
      }),
    ],
    [
      'clientDataJSON with a non-boolean crossOrigin',
      withResponse(valid, {
        clientDataJSON: b64(
          Buffer.from(
            JSON.stringify({
              ...JSON.parse(fromB64(valid.response.clientDataJSON).toString()),
              crossOrigin: 'no',
            }),
          ),
        ),
      }),
    ],
  ];
}

async function expectMalformed(
  caller: Caller,
  path: 'register' | 'authenticate',
  body: unknown,
  label: string,
) {
  const send = path === 'register' ? finishRegistration : finishSignIn;
  // "Quick" as the process's CPU time, not wall time: a payload that makes decoding expensive
  // costs CPU however idle the machine is, while a busy machine only stretches the wall clock.
  const started = process.cpuUsage();
  const response = await send(ctx, caller, body);
  const { user, system } = process.cpuUsage(started);
  const elapsed = (user + system) / 1000;
  expect(statusAndErrorType(response), label).toEqual([400, 'invalid_webauthn_response']);
  expect(json(response).error_message, label).not.toMatch(/internal|stack|TypeError/i);
  expect(elapsed, label).toBeLessThan(500);
}

describe('POST /webauthn/register with a malformed public_key_credential', () => {
  it('answers each with 400 and stores nothing; the challenge stays usable', async () => {
    const signedIn = await givenSignedInUser(ctx, 'bad-register@example.com');
    const caller = devCaller(ctx, signedIn.session_token);
    const creation = optionsOf(await startRegistration(ctx, caller));
    const authenticator = new VirtualAuthenticator();
    const valid = authenticator.create(creation, PAGE_ORIGIN);
    const attestation = fromB64(valid.response.attestationObject);
    const decoded = isoCBOR.decodeFirst<Map<string, unknown>>(new Uint8Array(attestation));
    const authData = Buffer.from(decoded.get('authData') as Uint8Array);
    const attestationWith = (map: Map<string, unknown>) => b64(isoCBOR.encode(map as never));
    const cases: Array<[string, unknown]> = [
      ...envelopeCases(valid),
      [
        'attestationObject truncated',
        withResponse(valid, { attestationObject: b64(attestation.subarray(0, attestation.length - 10)) }),
      ],
      [
        'attestationObject with trailing bytes',
        withResponse(valid, { attestationObject: b64(Buffer.concat([attestation, Buffer.from([0])])) }),
      ],
      ['attestationObject a CBOR array', withResponse(valid, { attestationObject: b64([0x82, 0x01, 0x02]) })],
      [
        'attestationObject 10 000 arrays deep',
        withResponse(valid, {
          attestationObject: b64(Buffer.concat([Buffer.alloc(10_000, 0x81), Buffer.from([0])])),
        }),
      ],
      [
        'attestationObject an indefinite-length map',
        withResponse(valid, {
          attestationObject: b64([0xbf, 0x63, 0x66, 0x6d, 0x74, 0x64, 0x6e, 0x6f, 0x6e, 0x65, 0xff]),
        }),
      ],
      [
        'attestationObject claiming 2^64 entries',
        withResponse(valid, {
          attestationObject: b64([0xbb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00]),
        }),
      ],
      [
        'attestationObject without authData',
        withResponse(valid, {
          attestationObject: attestationWith(
            new Map<string, unknown>([
              ['fmt', 'none'],
              ['attStmt', new Map()],
            ]),
          ),
        }),
      ],
      [
        'authData truncated',
        withResponse(valid, {
          attestationObject: attestationWith(
            new Map([...decoded, ['authData', new Uint8Array(authData.subarray(0, 40))]]),
          ),
        }),
      ],
      [
        'authData with trailing bytes',
        withResponse(valid, {
          attestationObject: attestationWith(
            new Map([
              ...decoded,
              ['authData', new Uint8Array(Buffer.concat([authData, Buffer.from([1, 2])]))],
            ]),
          ),
        }),
      ],
      [
        'authData without attested credential data',
        withResponse(valid, {
          attestationObject: attestationWith(
            new Map([...decoded, ['authData', new Uint8Array(authData.subarray(0, 37))]]),
          ),
        }),
      ],
      ['transports not an array', withResponse(valid, { transports: 'usb' })],
    ];
    const before = await webauthnState(ctx);
    for (const [label, credential] of cases) await expectMalformed(caller, 'register', credential, label);

    // A credential id of 1 024 bytes in authData (and id).
    const longId = authenticator.create(creation, PAGE_ORIGIN, {
      credentialId: new Uint8Array(1024).fill(2),
    });
    await expectMalformed(caller, 'register', longId, 'credential id of 1 024 bytes');
    // A COSE key whose kty does not fit its alg.
    const okpEs256 = authenticator.create(creation, PAGE_ORIGIN, {
      coseKey: (key) => new Map([...key, [1, 1]]),
    });
    await expectMalformed(caller, 'register', okpEs256, 'COSE kty OKP with alg ES256');
    expect(await webauthnState(ctx)).toEqual(before);
    // None of these used the challenge up.
    expect((await finishRegistration(ctx, caller, valid)).statusCode).toBe(200);
  });

  it('refuses a key algorithm that was not offered with 401, storing nothing', async () => {
    const signedIn = await givenSignedInUser(ctx, 'es512@example.com');
    const caller = devCaller(ctx, signedIn.session_token);
    const creation = optionsOf(await startRegistration(ctx, caller));
    const credential = new VirtualAuthenticator().create(creation, PAGE_ORIGIN, {
      coseKey: (key) => new Map([...key, [3, -36]]),
    });
    const before = await webauthnState(ctx);
    const response = await finishRegistration(ctx, caller, credential);
    expect(statusAndErrorType(response)).toEqual([401, 'webauthn_verification_failed']);
    expect(json(response).error_message).toMatch(/Unexpected public key alg/);
    expect(await webauthnState(ctx)).toEqual(before);
  });

  it('answers a public_key_credential of the wrong JSON type with 400 invalid_request', async () => {
    const signedIn = await givenSignedInUser(ctx, 'wrong-type@example.com');
    const caller = devCaller(ctx, signedIn.session_token);
    for (const value of [42, true, null, { id: 'x' }, ['x'], '']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/sdk/v1/webauthn/register',
        headers: {
          authorization: basic(ctx.dev.public_token, signedIn.session_token),
          'content-type': 'application/json',
          origin: PAGE_ORIGIN,
        },
        payload: { public_key_credential: value },
      });
      expect(statusAndErrorType(response), JSON.stringify(value)).toEqual([400, 'invalid_request']);
      expect(json(response).body[0].dataPath).toBe('.public_key_credential');
    }
    const missing = await finishRegistration(ctx, caller, 'x', { public_key_credential: undefined });
    expect(statusAndErrorType(missing)).toEqual([400, 'invalid_request']);
  });
});

describe('POST /webauthn/authenticate with a malformed public_key_credential', () => {
  it('answers each with 400 and changes nothing; the challenge stays usable', async () => {
    const user = await givenPasskeyUser(ctx, 'bad-assertion@example.com');
    const valid = await assertionFor(ctx, user.authenticator);
    const authData = fromB64(valid.response.authenticatorData);
    const cases: Array<[string, unknown]> = [
      ...envelopeCases(valid),
      [
        'authenticatorData of 36 bytes',
        withResponse(valid, { authenticatorData: b64(authData.subarray(0, 36)) }),
      ],
      [
        'authenticatorData with trailing bytes',
        withResponse(valid, { authenticatorData: b64(Buffer.concat([authData, Buffer.from([0xa0])])) }),
      ],
      [
        'authenticatorData announcing extensions it lacks',
        withResponse(valid, {
          authenticatorData: b64(
            Buffer.concat([
              authData.subarray(0, 32),
              Buffer.from([(authData[32] ?? 0) | 0x80]),
              authData.subarray(33),
            ]),
          ),
        }),
      ],
      ['authenticatorData not base64url', withResponse(valid, { authenticatorData: '%%%' })],
      ['signature empty', withResponse(valid, { signature: '' })],
      ['signature missing', withResponse(valid, { signature: undefined })],
      ['userHandle a number', withResponse(valid, { userHandle: 7 })],
      ['userHandle over 64 bytes', withResponse(valid, { userHandle: b64(Buffer.alloc(65, 1)) })],
    ];
    const before = await webauthnState(ctx);
    for (const [label, credential] of cases)
      await expectMalformed(user.caller, 'authenticate', credential, label);
    const wrongType = await finishSignIn(ctx, devCaller(ctx), 'x', { public_key_credential: { id: 'x' } });
    expect(statusAndErrorType(wrongType)).toEqual([400, 'invalid_request']);
    expect(await webauthnState(ctx)).toEqual(before);
    expect((await finishSignIn(ctx, devCaller(ctx), valid)).statusCode).toBe(200);
  });

  it('a BOM-prefixed clientDataJSON, even correctly signed, is 400', async () => {
    const user = await givenPasskeyUser(ctx, 'bom@example.com');
    const assertion = await assertionFor(ctx, user.authenticator, {
      clientDataBytes: (bytes) => Buffer.concat([BOM, bytes]),
    });
    await expectMalformed(devCaller(ctx), 'authenticate', assertion, 'BOM');
  });

  it('over 64 KiB is 413 payload_too_large (only registration takes 256 KiB)', async () => {
    const response = await finishSignIn(ctx, devCaller(ctx), 'x'.repeat(70_000));
    expect(statusAndErrorType(response)).toEqual([413, 'payload_too_large']);
  });
});

describe('fuzzed responses never make a 500', () => {
  // Also covers the signature's DER wrapper: @simplewebauthn/server's ASN.1 parser alone would
  // take a changed tag class or length byte around the same r and s (signature-encoding.ts).
  it('random byte flips in a valid assertion → 400 or 401', async () => {
    const user = await givenPasskeyUser(ctx, 'fuzz-assertion@example.com');
    const fields = ['clientDataJSON', 'authenticatorData', 'signature'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fields),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        async (field, position, mask) => {
          const valid = await assertionFor(ctx, user.authenticator);
          const bytes = fromB64(valid.response[field]);
          const at = position % bytes.length;
          bytes[at] = (bytes[at] ?? 0) ^ mask;
          const response = await finishSignIn(
            ctx,
            devCaller(ctx),
            withResponse(valid, { [field]: b64(bytes) }),
          );
          expect([400, 401]).toContain(response.statusCode);
        },
      ),
      { numRuns: 60 },
    );
    ctx.clock.advance(61_000); // a fresh rate-limit window for the next test
  });

  it('random byte flips in a valid registration → never 500', async () => {
    const signedIn = await givenSignedInUser(ctx, 'fuzz-register@example.com');
    const caller = devCaller(ctx, signedIn.session_token);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('clientDataJSON', 'attestationObject'),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        async (field, position, mask) => {
          const valid = new VirtualAuthenticator().create(
            optionsOf(await startRegistration(ctx, caller)),
            PAGE_ORIGIN,
          );
          const bytes = fromB64(valid.response[field]);
          const at = position % bytes.length;
          bytes[at] = (bytes[at] ?? 0) ^ mask;
          const response = await finishRegistration(
            ctx,
            caller,
            withResponse(valid, { [field]: b64(bytes) }),
          );
          // A flip in the AAGUID or the counter still verifies (attestation "none" signs nothing).
          expect([200, 400, 401]).toContain(response.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('arbitrary strings → 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 300 }), async (text) => {
        const response = await finishSignIn(ctx, devCaller(ctx), text);
        expect(response.statusCode).toBe(400);
      }),
      { numRuns: 100 },
    );
  });
});
