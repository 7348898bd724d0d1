/** The marketing pages' header: the brand, the method page, and sign-in or the signed-in area. */
import { Link, useRouteLoaderData } from 'react-router';
import type { RootData } from '../root.js';
import { SignInButton } from './sign-in-modal.js';

export function SiteHeader() {
  const root = useRouteLoaderData<RootData>('root');
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        Click<span>wise</span>
      </Link>
      <nav aria-label="Site" className="site-nav">
        <Link to="/how-estimates-work">How estimates work</Link>
        {root && root.userId > 0 ? (
          <Link to="/campaigns" className="button button-small">
            Your campaigns
          </Link>
        ) : (
          <SignInButton className="button button-small" returnTo="/campaigns">
            Sign in
          </SignInButton>
        )}
      </nav>
    </header>
  );
}
