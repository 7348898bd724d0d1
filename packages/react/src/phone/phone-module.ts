/** @module phone/phone-module — what the widget uses of `@latchkey/client/phone`, and where the standalone build finds it. */
import type * as ClientPhone from '@latchkey/client/phone';

/** One country of the picker (the contract's `countries()`: ISO code, calling code, name). */
export interface PhoneCountryOption {
  code: string;
  callingCode: string;
  name: string;
}

/** The outcome of parsing what the user typed. */
export type PhoneParseResult =
  | { ok: true; e164: string; country: string | null; national: string }
  | { ok: false; reason: string };

/** The phone functions of the contract; the real module fits structurally (`RealPhoneFits`). */
export interface PhoneModule {
  parsePhoneNumber(input: string, defaultCountry?: string): PhoneParseResult;
  formatAsYouType(input: string, country?: string): string;
  countries(locale?: string): readonly PhoneCountryOption[];
}

/** The file the standalone build writes the phone code to, next to the widget bundle (scripts/build-standalone.mjs). */
export const PHONE_SCRIPT_NAME = 'latchkey-phone.js';

type Assert<T extends true> = T;

/** Compile-time proof that `@latchkey/client/phone` fits, so a change there fails `tsc -b` here. */
export type RealPhoneFits = Assert<typeof ClientPhone extends PhoneModule ? true : false>;
