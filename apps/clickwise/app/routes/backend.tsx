/** The signed-in area's container: collapsible main navigation, burger toggle, help offcanvas. */
import { CirclePlus, CircleUserRound, Megaphone, PanelLeftClose, PanelLeftOpen, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useRouteLoaderData } from 'react-router';
import { Offcanvas, OffcanvasToggle } from '../components/offcanvas.js';
import { useSignIn } from '../components/sign-in-modal.js';
import { SiteHeader } from '../components/site-header.js';
import type { RootData } from '../root.js';

/** Lucide icons (named imports: only these are bundled), decorative beside their labels. */
const NAV_ICON = { className: 'nav-icon', size: 20, strokeWidth: 2, 'aria-hidden': true } as const;

/** The signed-in area's sections, in the navigation's order; `end`: active on that path alone. */
const SECTIONS = [
  { to: '/campaigns', end: true, Icon: Megaphone, label: 'Campaigns' },
  { to: '/campaign', end: false, Icon: CirclePlus, label: 'New campaign' },
  { to: '/account', end: false, Icon: CircleUserRound, label: 'Account' },
];

/** The cookie that remembers the collapsed navigation (read by the server, so no flash). */
export const NAV_COOKIE = 'clickwise_nav';

function rememberCollapsed(collapsed: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet
  document.cookie = `${NAV_COOKIE}=${collapsed ? 'collapsed' : 'expanded'}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export default function Backend() {
  const root = useRouteLoaderData<RootData>('root');
  if (!root || root.userId <= 0) return <SignInRequired google={root?.latchkey?.googleOAuth === true} />;
  return <BackendContainer initiallyCollapsed={root.navCollapsed} email={root.email ?? ''} />;
}

function BackendContainer({ initiallyCollapsed, email }: { initiallyCollapsed: boolean; email: string }) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // A followed link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location.pathname]);
  return (
    <div
      className={`backend${collapsed ? ' nav-collapsed' : ''}${menuOpen ? ' menu-open' : ''}`}
      id="backend"
    >
      <header className="backend-topbar">
        <button
          type="button"
          className="burger"
          aria-controls="main-nav"
          aria-expanded={menuOpen}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" />
        </button>
        <Link to="/" className="brand">
          Click<span>wise</span>
        </Link>
        <OffcanvasToggle target="help-offcanvas">Help</OffcanvasToggle>
      </header>
      <nav id="main-nav" className="main-nav" aria-label="Main">
        <button
          type="button"
          className="nav-collapse"
          aria-controls="main-nav-list"
          aria-expanded={!collapsed}
          onClick={() => {
            setCollapsed((value) => {
              rememberCollapsed(!value);
              return !value;
            });
          }}
        >
          {collapsed ? <PanelLeftOpen {...NAV_ICON} /> : <PanelLeftClose {...NAV_ICON} />}
          <span className="nav-label">{collapsed ? 'Expand navigation' : 'Collapse navigation'}</span>
        </button>
        <ul id="main-nav-list">
          {SECTIONS.map(({ to, end, Icon, label }) => (
            <li key={to}>
              <NavLink to={to} end={end}>
                <Icon {...NAV_ICON} />
                <span className="nav-label">{label}</span>
              </NavLink>
            </li>
          ))}
          <li>
            <Link to="/">
              <Search {...NAV_ICON} />
              <span className="nav-label">Try a term</span>
            </Link>
          </li>
        </ul>
        <p className="nav-user nav-label">{email}</p>
      </nav>
      <main className="backend-main" id="main">
        <Outlet />
      </main>
      <Offcanvas id="help-offcanvas" title="Help">
        <p>Campaigns start as drafts. Start one to run it; pause it at any time.</p>
        <p>
          Estimates are a model, not a promise: <Link to="/how-estimates-work">how estimates work</Link>.
        </p>
      </Offcanvas>
    </div>
  );
}

/** For visitors: the page asks them to sign in and brings them back here afterwards. */
function SignInRequired({ google }: { google: boolean }) {
  const { open } = useSignIn();
  const location = useLocation();
  const here = location.pathname + location.search;
  useEffect(() => {
    open({ returnTo: here, message: 'Sign in to continue. We will bring you back here.' });
  }, [open, here]);
  return (
    <>
      <SiteHeader />
      <main className="prose">
        <h1>Sign in to continue</h1>
        <p>
          Your campaigns are behind a sign-in. It takes a moment:{' '}
          {google ? 'continue with Google, or we email you a link.' : 'we email you a link.'}
        </p>
        <p>
          <button
            type="button"
            className="button"
            onClick={() =>
              open({ returnTo: here, message: 'Sign in to continue. We will bring you back here.' })
            }
          >
            Sign in
          </button>
        </p>
      </main>
    </>
  );
}
