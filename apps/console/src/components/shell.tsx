/**
 * @module shell — the console's frame: a skip link, the header (project switcher, the operator,
 * sign-out), the navigation of the project shown, and the page. Moving to another page puts
 * focus on its heading (once it has loaded), so screen-reader and keyboard users start there.
 */
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useOperator } from '../auth/operator-context.js';
import type { Project } from '../lib/project-types.js';
import { useResource } from '../lib/use-resource.js';
import { followCurrentLink, revealLink } from './current-link.js';
import { focusPageHeading } from './page-heading.js';

/** What the shell offers the page inside it (React Router's outlet context). */
export interface ShellContext {
  /** A project's name changed: the switcher reads the list again instead of showing the old one. */
  projectsChanged(): void;
}

export function Shell() {
  const { operator, signOut, api } = useOperator();
  const { projectId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const links = useRef<HTMLUListElement>(null);
  // Read again when the project shown changes (a project just made is then listed).
  const projects = useResource(`switcher:${projectId ?? ''}`, () =>
    api<{ projects: Project[] }>('GET', '/v1/projects?limit=100'),
  );
  const projectsChanged = () => projects.reload();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation.
  useEffect(() => {
    focusPageHeading(main.current);
  }, [location.pathname]);
  // Below 800 px the links are a row that scrolls sideways: the current one stays in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation.
  useEffect(() => (links.current ? followCurrentLink(links.current) : undefined), [location.pathname]);

  const section = (path: string, label: string) => (
    <li>
      <NavLink to={`/projects/${projectId}/${path}`}>{label}</NavLink>
    </li>
  );
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to="/projects" className="brand" end>
          Latchkey <span>console</span>
        </NavLink>
        <label className="switcher">
          <span className="visually-hidden">Project</span>
          <select
            value={projectId ?? ''}
            onChange={(event) => {
              const id = event.target.value;
              // The same page of the other project (its users, from a project's home).
              navigate(id ? `/projects/${id}/${projectSection(location.pathname)}` : '/projects');
            }}
          >
            <option value="">All projects</option>
            {projects.state === 'ready' &&
              projects.data.projects.map((p) => (
                <option key={p.project_id} value={p.project_id}>
                  {p.name}
                </option>
              ))}
          </select>
        </label>
        <div className="account">
          <NavLink to="/account" className="account-link">
            {operator.email ?? operator.operator_id}
          </NavLink>
          <button type="button" className="link-button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <nav className="sidenav" aria-label="Console">
        <ul
          ref={links}
          onFocus={(event) => {
            if (links.current && event.target instanceof HTMLElement) revealLink(links.current, event.target);
          }}
        >
          <li>
            <NavLink to="/projects" end>
              Projects
            </NavLink>
          </li>
          {/* The project's pages, the most used first; then the deployment's operators and their log. */}
          {projectId && (
            <>
              {section('users', 'Users')}
              {section('activity', 'Activity')}
              {section('settings', 'Settings')}
              {section('oauth', 'OAuth providers')}
              {section('keys', 'API keys')}
              {section('webhooks', 'Webhooks')}
              {section('emails', 'Emails')}
              {section('audit', 'Audit log')}
            </>
          )}
          <li>
            <NavLink to="/operators">Operators</NavLink>
          </li>
          <li>
            <NavLink to="/audit">Operator audit log</NavLink>
          </li>
        </ul>
      </nav>
      <main id="main" ref={main} className="content">
        <Outlet context={{ projectsChanged } satisfies ShellContext} />
      </main>
    </div>
  );
}

/** The project page a path shows (`users` for `/projects/p/users/u`), or `users` outside a project. */
export function projectSection(pathname: string): string {
  const section = /^\/projects\/[^/]+\/([a-z]+)/.exec(pathname)?.[1];
  return section ?? 'users';
}
