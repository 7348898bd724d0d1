/** @module project-types — the administration API's project and OAuth provider shapes, as the console reads them. */
import type { ProjectObject } from '@latchkey/wire';

export type Project = ProjectObject;

/** One OAuth provider of a project, as GET …/oauth_providers lists it (never a secret). */
export interface OAuthProviderSummary {
  provider_type: string;
  client_id: string;
  kind?: string;
  issuer?: string | null;
  scopes?: string[];
  client_secret_set?: boolean;
}

/** The sign-in products a project enables (`enabled_products`), in the settings page's order, with their names. */
export const PRODUCTS: ReadonlyArray<readonly [string, string]> = [
  ['emailMagicLinks', 'Email magic links'],
  ['otp', 'One-time passcodes'],
  ['passwords', 'Passwords'],
  ['oauth', 'OAuth (social sign-in)'],
  ['webauthn', 'Passkeys'],
  ['crypto', 'Crypto wallets'],
  ['totp', 'Authenticator apps'],
];

/** "Email magic links, Passkeys": a project's products by name (an unknown one as it came). */
export function productNames(products: readonly string[]): string {
  return products.map((product) => PRODUCTS.find(([value]) => value === product)?.[1] ?? product).join(', ');
}
