/**
 * @module screens/phone-form-script — the standalone bundle's stand-in for phone-form.tsx: Main's
 * phone form (the country picker, the number field) comes in latchkey-phone-form.js, a small file
 * fetched when a widget with SMS or WhatsApp shows it, so that an email sign-in never carries it.
 * A busy box shows until it is here, the widget's error line if it cannot load.
 */
import { fromChunk } from '../chunks/chunk-stand-in.js';
import type * as PhoneFormModule from './phone-form.js';

export type { PhoneFormProps } from './phone-form.js';

/** The file scripts/build-standalone.mjs writes phone-form.tsx to, next to the widget bundle. */
export const PHONE_FORM_SCRIPT_NAME = 'latchkey-phone-form.js';

export const PhoneForm = fromChunk(
  { file: PHONE_FORM_SCRIPT_NAME, unavailable: 'main.phoneUnavailable', loadingClass: 'lk-screen-loading' },
  (chunk: typeof PhoneFormModule) => chunk.PhoneForm,
) as typeof PhoneFormModule.PhoneForm;
