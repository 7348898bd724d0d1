/**
 * @module webauthn-options-encoding — the binary fields of the server API's ceremony options in
 * the encoding the caller asked for: base64url without padding with `use_base64_url_encoding`
 * (what `navigator.credentials` JSON helpers read), standard padded base64 otherwise, as the
 * hosted provider answers by default.
 */

/** What the options of either ceremony may hold that is binary. */
interface CeremonyOptionsJson {
  challenge: string;
  user?: { id: string };
  excludeCredentials?: { id: string }[];
  allowCredentials?: { id: string }[];
}

const standard = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64');

/** `options` (base64url throughout, as @simplewebauthn makes them) as the JSON string to answer. */
export function encodeCeremonyOptions<O extends CeremonyOptionsJson>(options: O, base64Url: boolean): string {
  if (base64Url) return JSON.stringify(options);
  const reencodeIds = (list: { id: string }[] | undefined) =>
    list?.map((credential) => ({ ...credential, id: standard(credential.id) }));
  return JSON.stringify({
    ...options,
    challenge: standard(options.challenge),
    ...(options.user ? { user: { ...options.user, id: standard(options.user.id) } } : {}),
    ...(options.excludeCredentials ? { excludeCredentials: reencodeIds(options.excludeCredentials) } : {}),
    ...(options.allowCredentials ? { allowCredentials: reencodeIds(options.allowCredentials) } : {}),
  });
}
