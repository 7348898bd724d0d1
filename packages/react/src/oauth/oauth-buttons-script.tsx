/**
 * @module oauth/oauth-buttons-script — the standalone bundle's stand-in for oauth-buttons.tsx:
 * Main's provider buttons load with `client.oauth`'s code in latchkey-oauth.js, which an OAuth
 * widget fetches once it has painted (chunks/preload-chunks-script.ts). The buttons wait for the
 * bootstrap's provider list anyway, so they rarely wait for the file; a busy box shows if they do.
 */
import { fromChunk } from '../chunks/chunk-stand-in.js';
import { OAUTH_SCRIPT_NAME } from '../client-methods/oauth-script.js';
import type * as OAuthButtonsModule from './oauth-buttons.js';

export type { OAuthButtonsProps } from './oauth-buttons.js';

export const OAuthButtons = fromChunk(
  { file: OAUTH_SCRIPT_NAME, unavailable: 'oauth.unavailable', loadingClass: 'lk-screen-loading' },
  (chunk: typeof OAuthButtonsModule) => chunk.OAuthButtons,
) as typeof OAuthButtonsModule.OAuthButtons;
