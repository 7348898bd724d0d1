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
