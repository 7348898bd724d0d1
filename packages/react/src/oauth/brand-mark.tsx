/**
 * @module oauth/brand-mark — the small mark at the left of an OAuth button. Decorative: the
 * button's text names the provider. Google and Microsoft keep their brand colours; Apple and
 * GitHub are drawn in the button's text colour, as their guidelines allow, so themes keep them legible.
 */
import type { OAuthProviderType } from '@latchkey/client';
import type { ReactElement, ReactNode } from 'react';

function Mark({ viewBox, children }: { viewBox: string; children: ReactNode }): ReactElement {
  return (
    <svg
      className="lk-brand-mark"
      width="20"
      height="20"
      viewBox={viewBox}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const google = (
  <Mark viewBox="0 0 96 96">
    <path
      fill="#EA4335"
      d="M48 19c7 0 13 2 18 7l14-14c-8-7-19-12-32-12-19 0-35 11-43 26l16 13c4-12 14-20 27-20z"
    />
    <path fill="#4285F4" d="M94 49c0-3 0-6-1-9h-45v18h26c-1 6-5 11-10 14l16 12c9-8 14-20 14-35z" />
    <path fill="#FBBC05" d="M21 57c-1-3-1-6-1-9s0-6 1-9l-16-13c-3 7-5 14-5 22 0 8 2 15 5 22z" />
    <path
      fill="#34A853"
      d="M48 96c13 0 24-4 32-12l-16-12c-4 3-10 5-16 5-13 0-23-8-27-20l-16 13c8 15 24 26 43 26z"
    />
  </Mark>
);

const microsoft = (
  <Mark viewBox="0 0 21 21">
    <path fill="#F25022" d="M1 1h9v9h-9z" />
    <path fill="#7FBA00" d="M11 1h9v9h-9z" />
    <path fill="#00A4EF" d="M1 11h9v9h-9z" />
    <path fill="#FFB900" d="M11 11h9v9h-9z" />
  </Mark>
);

const apple = (
  <Mark viewBox="0 0 96 96">
    <path
      fill="currentColor"
      d="M49 28c-4 0-10-5-16-5-8 1-16 5-20 12-9 15-2 37 6 49 4 6 9 12 15 12 6 0 9-4 16-4 7 0 9 4 16 4 6 0 10-6 14-12 5-7 7-13 7-14 0 0-13-4-13-19 0-12 10-18 11-18-6-9-15-10-18-10-8 0-15 5-18 5zm13-13c3-4 6-9 5-15-5 0-11 3-14 7-3 4-6 10-5 15 5 1 11-3 14-7z"
    />
  </Mark>
);

const github = (
  <Mark viewBox="0 0 96 96">
    <path
      fill="currentColor"
      d="M48 1a48 48 0 0 0-15 94c2 0 3-1 3-3v-8c-13 3-16-6-16-6-2-6-6-7-6-7-4-3 1-3 1-3 5 0 7 5 7 5 4 7 11 5 14 4 1-3 2-5 3-7-10-1-22-5-22-23 0-6 2-10 5-13 0-1-2-6 1-13 0 0 4-1 13 5a46 46 0 0 1 24 0c9-6 13-5 13-5 3 7 1 12 1 13a19 19 0 0 1 4 13c0 18-11 22-21 23 1 2 3 5 3 9v13c0 2 1 3 3 3a48 48 0 0 0-15-94z"
    />
  </Mark>
);

// Any other provider: an arrow entering a door, the common "sign in" glyph, in the text colour.
const generic = (
  <Mark viewBox="0 0 24 24">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4m-5-4l5-5-5-5m5 5h-12"
    />
  </Mark>
);

const marks: Partial<Record<OAuthProviderType, ReactElement>> = { google, microsoft, apple, github };

/** The provider's mark, or the generic sign-in mark for a provider without its own here. */
export function BrandMark({ type }: { type: OAuthProviderType }): ReactElement {
  return marks[type] ?? generic;
}
