/**
 * @module signature-encoding — the shape of ECDSA assertion signatures. WebAuthn (§6.5.5) and
 * CTAP2 send them DER-encoded; @simplewebauthn/server's ASN.1 parser also takes other tag
 * classes, wrong lengths and trailing bytes around the same r and s. Nothing can be forged that
 * way, but one assertion would have many accepted encodings, so only strict DER goes on to the
 * library (which does all the cryptography). RSA and EdDSA signatures are plain bytes.
 */

/**
 * True when `signature` is exactly `SEQUENCE { INTEGER r, INTEGER s }` in DER: definite minimal
 * lengths, positive minimally encoded integers, nothing after. (The longest, P-521, is 139 bytes,
 * so lengths fit in one byte.)
 */
export function isDerEcdsaSignature(signature: Uint8Array): boolean {
  let offset = 0;
  const readLength = (): number | undefined => {
    const first = signature[offset++];
    if (first === undefined) return undefined;
    if (first < 0x80) return first;
    if (first !== 0x81) return undefined;
    const length = signature[offset++];
    // The long form is only allowed where the short one cannot express the length.
    return length !== undefined && length >= 0x80 ? length : undefined;
  };
  const readPositiveInteger = (): boolean => {
    if (signature[offset++] !== 0x02) return false;
    const length = readLength();
    if (length === undefined || length === 0 || offset + length > signature.length) return false;
    const first = signature[offset] ?? 0;
    const second = signature[offset + 1] ?? 0;
    // Negative, or a leading zero byte that is not needed to keep the number positive.
    if (first & 0x80 || (first === 0 && (length === 1 || !(second & 0x80)))) return false;
    offset += length;
    return true;
  };
  if (signature[offset++] !== 0x30) return false;
  const total = readLength();
  if (total === undefined || offset + total !== signature.length) return false;
  return readPositiveInteger() && readPositiveInteger() && offset === signature.length;
}
