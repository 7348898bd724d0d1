/**
 * @module phone/country-select — the phone form's country picker: a native select whose options
 * name each country in full, shown closed as the flag and calling code (🇺🇸 +1), which fit a
 * phone's width where a name would be cut to 'United St…'.
 */
import { type ReactElement, useId } from 'react';
import { StrokeIcon } from '../components/icons.js';
import { useWidget } from '../widget/widget-context.js';
import { canDrawFlagEmoji, flagEmojiOf } from './flag-emoji.js';
import type { PhoneCountryOption } from './phone-module.js';

/** Props of CountrySelect. */
export interface CountrySelectProps {
  /** ISO 3166-1 alpha-2 code of the chosen country. */
  value: string;
  countries: readonly PhoneCountryOption[];
  onChange(code: string): void;
}

/**
 * The select stays the control (keyboard, screen readers and the phone's own picker all use it,
 * and its value is the full option text); it lies transparent over a face that shows the choice
 * short. The face is hidden from assistive technology: it repeats what the select says.
 */
export function CountrySelect({ value, countries, onChange }: CountrySelectProps): ReactElement {
  const { t } = useWidget();
  const id = useId();
  const chosen = countries.find((entry) => entry.code === value);
  // Where the system cannot draw flags (Windows, no emoji font), the two letters stand in.
  const mark = canDrawFlagEmoji() ? flagEmojiOf(value) : value;
  return (
    <div className="lk-field lk-field--country">
      <label className="lk-label" part="label" htmlFor={id}>
        {t('main.countryLabel')}
      </label>
      <div className="lk-country lk-overlay">
        <select
          id={id}
          className="lk-country-select lk-overlay-control"
          name="country"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          {countries.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.callingCode
                ? t('main.countryOption', { name: entry.name, callingCode: entry.callingCode })
                : entry.name}
            </option>
          ))}
        </select>
        <span className="lk-input lk-country-face" part="select" aria-hidden="true">
          <span className="lk-country-mark">{mark}</span>
          {chosen?.callingCode ? <span>+{chosen.callingCode}</span> : null}
          <StrokeIcon className="lk-country-chevron" size={16}>
            <path d="m6 9 6 6 6-6" />
          </StrokeIcon>
        </span>
      </div>
    </div>
  );
}
