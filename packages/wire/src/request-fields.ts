/** @module request-fields — the request-body fields many endpoints share: the bot checks' tokens and the message locale. */
import { type Static, Type } from 'typebox';

/** A reCAPTCHA Enterprise token, checked on guarded sign-ins when the project turns captcha on (SECURITY). */
export const CaptchaToken = Type.String({ maxLength: 4096 });

/** The device-fingerprinting telemetry id; accepted and ignored (wire/endpoints.md). */
export const DfpTelemetryId = Type.String({ maxLength: 1024 });

/** A BCP 47 language tag for the message a send delivers (35 characters is the longest RFC 5646 tag). */
export const Locale = Type.String({ maxLength: 35 });

/** The bot checks' fields, spread into the properties of every body that takes them. */
export const botCheckProperties = {
  captcha_token: Type.Optional(CaptchaToken),
  dfp_telemetry_id: Type.Optional(DfpTelemetryId),
};

/** The bot checks' fields as an object schema. */
export const BotCheckFields = Type.Object(botCheckProperties);

/** What a client adds to a guarded body. */
export type BotCheckBody = Static<typeof BotCheckFields>;

/** The locale a client passes on. */
export type LocaleTag = Static<typeof Locale>;
