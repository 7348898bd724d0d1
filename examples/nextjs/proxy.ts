import { latchkeyMiddleware } from '@latchkey/nextjs';

// Keeps the session cookies fresh on every page and sends signed-out visitors of /dashboard to /sign-in.
export default latchkeyMiddleware({ protect: ['/dashboard'] });

export const config = { matcher: ['/((?!_next/|favicon.ico).*)'] };
