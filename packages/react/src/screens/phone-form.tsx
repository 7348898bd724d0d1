/** @module screens/phone-form — Main's phone form: country, number formatted as typed, send by SMS or WhatsApp. */
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { TextField } from '../components/text-field.js';
import { CountrySelect } from '../phone/country-select.js';
import { defaultCountryOf, FALLBACK_COUNTRY } from '../phone/default-country.js';
import { usePhone } from '../phone/use-phone.js';
import { errorText } from '../strings/error-text.js';
import { addStyles } from '../theme/install-styles.js';
import { PHONE_CSS } from '../theme/phone-css.js';
import { useWidget } from '../widget/widget-context.js';

// The form's own rules, in place before it renders (in the script-tag widget, when its file loads).
addStyles(PHONE_CSS);

/** Props of PhoneForm. */
export interface PhoneFormProps {
  channel: 'sms' | 'whatsapp';
  /** A number to start with (the E.164 number when coming back from the code screen). */
  initialNumber?: string | undefined;
  /** Another control of Main (the passkey button) started the request in flight. */
  otherPending?: boolean;
}

/**
 * The phone code (libphonenumber-js and its metadata, kept out of the main bundle for size) loads
 * when the form first shows; until then the picker offers only the default country and the
 * number is not formatted.
 */
export function PhoneForm({ channel, initialNumber, otherPending = false }: PhoneFormProps): ReactElement {
  const { state, send, t, strings } = useWidget();
  const { phone, failed, load } = usePhone();
  const [country, setCountry] = useState(() => defaultCountryOf(globalThis.navigator?.language));
  const [number, setNumber] = useState(initialNumber ?? '');
  const input = useRef<HTMLInputElement>(null);
  const { error, busy } = state;

  // Once the metadata is here: a region it does not know falls back, and a kept number is formatted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the phone functions arrive.
  useEffect(() => {
    if (!phone) return;
    const known = phone.countries().some((entry) => entry.code === country);
    const start = known ? country : FALLBACK_COUNTRY;
    if (!known) setCountry(start);
    setNumber((current) => (current ? phone.formatAsYouType(current, start) : current));
  }, [phone]);

  useEffect(() => {
    if (error && error.field !== 'passkey' && error.field !== 'oauth' && error.field !== 'oauthReturn')
      input.current?.focus();
  }, [error]);

  const onNumberChange = (input: HTMLInputElement): void => {
    const raw = input.value;
    // Reformatting while deleting would put back the ")" or "-" the user just removed.
    const next = phone && raw.length >= number.length ? phone.formatAsYouType(raw, country) : raw;
    // A typed letter the formatter drops leaves the state as it was, so nothing re-renders and
    // preact/compat would keep showing it: write the formatted value back here.
    if (input.value !== next) input.value = next;
    setNumber(next);
  };

  const onCountryChange = (next: string): void => {
    setCountry(next);
    if (phone && number) setNumber(phone.formatAsYouType(number, next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    const loaded = await load().catch(() => null);
    if (!loaded) return;
    const parsed = loaded.parsePhoneNumber(number, country);
    send({
      type: 'OTP_SUBMITTED',
      channel,
      recipient: parsed.ok ? parsed.e164 : '',
      destination: parsed.ok ? loaded.formatAsYouType(parsed.e164) : '',
    });
  };

  const countries = phone?.countries() ?? [{ code: country, callingCode: '', name: country }];
  return (
    <form className="lk-stack" noValidate onSubmit={onSubmit}>
      <div className="lk-phone-row">
        <CountrySelect value={country} countries={countries} onChange={onCountryChange} />
        <TextField
          ref={input}
          label={t('main.phoneLabel')}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          value={number}
          onChange={(event) => onNumberChange(event.currentTarget)}
          error={error?.field === 'phone' ? errorText(error, strings) : undefined}
        />
      </div>
      {failed ? <ErrorMessage>{t('main.phoneUnavailable')}</ErrorMessage> : null}
      {error && !error.field ? <ErrorMessage>{errorText(error, strings)}</ErrorMessage> : null}
      <Button type="submit" busy={busy && !otherPending} disabled={busy}>
        {t(channel === 'sms' ? 'main.continueWithText' : 'main.continueWithWhatsApp')}
      </Button>
    </form>
  );
}
