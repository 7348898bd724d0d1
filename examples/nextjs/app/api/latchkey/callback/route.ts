import { handleLatchkeyCallback } from '@latchkey/nextjs';

// Email magic links and OAuth sign-ins come back here; the token is redeemed on the server.
export const GET = handleLatchkeyCallback({ afterSignInUrl: '/dashboard' });
