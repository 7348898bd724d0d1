/** @module @latchkey/client/phone — phone-number parsing for OTP forms, kept out of the main entry for size. */

export type { PhoneCountry } from './countries.js';
export { countries } from './countries.js';
export { formatAsYouType } from './format-as-you-type.js';
export type { ParsedPhoneNumber, PhoneCountryCode, PhoneNumberProblem } from './parse-phone-number.js';
export { parsePhoneNumber } from './parse-phone-number.js';
