/** @module internal/map-jose-error — turns a jose verification failure into a LatchkeyServerError code. */

import { errors } from 'jose';
import { LatchkeyServerError, type LatchkeyServerErrorCode } from '../errors.js';

/** Maps whatever `jwtVerify` threw to one stable code; anything unrecognised is `invalid_jwt`. */
export function mapJoseError(error: unknown): LatchkeyServerError {
  if (error instanceof LatchkeyServerError) return error;
  return new LatchkeyServerError(codeOf(error), { cause: error });
}

function codeOf(error: unknown): LatchkeyServerErrorCode {
  // jose raises JWTExpired for `exp` and, with maxTokenAge, for an `iat` that is too old.
  if (error instanceof errors.JWTExpired) return error.claim === 'iat' ? 'jwt_too_old' : 'jwt_expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'jwt_issuer_mismatch';
    if (error.claim === 'aud') return 'jwt_audience_mismatch';
    // A missing nbf/iat is a malformed token; a present one in the future is "not yet valid".
    if ((error.claim === 'nbf' || error.claim === 'iat') && error.reason === 'check_failed') {
      return 'jwt_not_yet_valid';
    }
    return 'invalid_jwt';
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'jwt_algorithm_not_allowed';
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return 'jwks_no_matching_key';
  }
  return 'invalid_jwt';
}
