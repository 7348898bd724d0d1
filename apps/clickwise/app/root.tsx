/** The document of every page: the user_id global, the after-sign-in redirect, the sign-in modal. */
import { type ReactNode, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { appOf, currentUser } from './.server/request.js';
import stylesheet from './app.css?url';
import { pageBootScript } from './client/after-sign-in.js';
import { ErrorReporting } from './components/error-reporting.js';
import { SignInProvider, type SiteLatchkeyConfig } from './components/sign-in-modal.js';

// The icons are in public/: /favicon.ico for browsers that ask for it unprompted, the SVG for
// the others, and a full-bleed PNG for phones' home screens.
export const links = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

/** What every page needs to know about the visitor and the site. */
export interface RootData {
  userId: number;
  email: string | null;
  latchkey: SiteLatchkeyConfig | null;
  sentryDsn: string | null;
  navCollapsed: boolean;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  const app = appOf(context);
  const user = await currentUser(request, context);
  let latchkey: SiteLatchkeyConfig | null = null;
  try {
    latchkey = {
      publicToken: app.config.project().publicToken,
      providerUrl: app.config.providerUrl,
      googleOAuth: await app.googleSignIn(),
    };
  } catch (error) {
    // The pages still render without a project; only the sign-in modal is unavailable.
    console.error(error instanceof Error ? error.message : error);
  }
  return {
    userId: user?.id ?? 0,
    email: user?.email ?? null,
    latchkey,
    sentryDsn: app.config.sentryDsn,
    navCollapsed: /(?:^|;\s*)clickwise_nav=collapsed(?:;|$)/.test(request.headers.get('cookie') ?? ''),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        {/* Runs before anything renders, on every page load (spec §4, Marketing site). */}
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a number and our own function's source
          dangerouslySetInnerHTML={{ __html: pageBootScript(data?.userId ?? 0) }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<RootData>();
  useEffect(() => {
    // Marks the page as interactive (end-to-end tests wait for it).
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <SignInProvider config={data.latchkey}>
      <ErrorReporting dsn={data.sentryDsn} />
      <Outlet />
    </SignInProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? 'Page not found' : status === 403 ? 'Not allowed' : 'Something went wrong';
  return (
    <main className="error-page">
      <h1>{title}</h1>
      <p>
        {status === 404
          ? 'There is nothing here, or it is not yours to see.'
          : 'Please try again in a moment.'}
      </p>
      <p>
        <a href="/">Back to Clickwise</a>
      </p>
    </main>
  );
}
