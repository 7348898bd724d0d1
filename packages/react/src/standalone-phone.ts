/** @module standalone-phone — the entry of `latchkey-phone.js`: publishes the phone functions for the widget bundle. */
import { countries, formatAsYouType, parsePhoneNumber } from '@latchkey/client/phone';
import { PHONE_GLOBAL, type PhoneModule } from './phone/phone-module.js';

const phone: PhoneModule = { parsePhoneNumber, formatAsYouType, countries };
(globalThis as Record<string, unknown>)[PHONE_GLOBAL] = phone;
