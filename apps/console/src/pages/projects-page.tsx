/** @module projects-page — /console/projects: every project, and a form to create one. */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConsoleApiError } from '../api/console-api.js';
import { useOperator } from '../auth/operator-context.js';
import { problemAttributes } from '../components/field-problem.js';
import { FormProblem } from '../components/form-problem.js';
import { PageHeading } from '../components/page-heading.js';
import { EmptyState, ErrorState, Loading } from '../components/status.js';
import { type Project, productNames } from '../lib/project-types.js';
import { useResource } from '../lib/use-resource.js';
import { SecretReveal } from './secret-reveal.js';

export function ProjectsPage() {
  const { api, config } = useOperator();
  const projects = useResource('projects', () =>
    api<{ projects: Project[] }>('GET', '/v1/projects?limit=100'),
  );
  return (
    <>
      <PageHeading intro="Each project is one app's users, sign-in methods and keys.">Projects</PageHeading>
      <CreateProjectForm onCreated={() => projects.reload()} />
      {projects.state === 'loading' && <Loading label="Loading projects…" />}
      {projects.state === 'error' && <ErrorState error={projects.error} retry={projects.retry} />}
      {projects.state === 'ready' &&
        (projects.data.projects.length === 0 ? (
          <EmptyState title="No projects yet">
            <p>Create your first project above.</p>
          </EmptyState>
        ) : (
          <ul className="card-list" aria-label="Projects">
            {projects.data.projects.map((project) => (
              <li key={project.project_id} className="card">
                <h2>
                  <Link to={`/projects/${project.project_id}/users`}>{project.name}</Link>
                </h2>
                <p className="mono">{project.project_id}</p>
                <p>
                  <span className={`badge ${project.environment}`}>{project.environment}</span>{' '}
                  {project.project_id === config.project_id && <span className="badge">console sign-in</span>}{' '}
                  {productNames(project.enabled_products) || 'no sign-in methods'}
                </p>
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}

/** `onCreated` refreshes the list below, so the new project is in it at once. */
function CreateProjectForm({ onCreated }: { onCreated(): void }) {
  const { api } = useOperator();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [live, setLive] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<{ project: Project; secret: string } | null>(null);
  const createdHeading = useRef<HTMLHeadingElement>(null);
  // Once, when the project is made: the list reloading below re-renders this form and must not
  // pull focus back from wherever the operator has moved it (Reveal, Copy).
  useEffect(() => {
    if (created) createdHeading.current?.focus();
  }, [created]);
  if (created)
    return (
      <section className="panel" aria-labelledby="created-title">
        <h2 id="created-title" tabIndex={-1} ref={createdHeading}>
          {created.project.name} is ready
        </h2>
        <p>Copy the secret now: it is stored hashed and shown only this once.</p>
        <SecretReveal secret={created.secret} />
        <button
          type="button"
          className="button"
          onClick={() => navigate(`/projects/${created.project.project_id}/settings`)}
        >
          Configure {created.project.name}
        </button>{' '}
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setCreated(null);
            setName('');
            setLive(false);
          }}
        >
          Create another project
        </button>
      </section>
    );
  return (
    <form
      className="panel inline-form"
      aria-labelledby="create-title"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setProblem(null);
        try {
          setCreated(await api('POST', '/v1/projects', { name: name.trim(), live }));
          onCreated();
        } catch (error) {
          setProblem(error instanceof ConsoleApiError ? error.message : String(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 id="create-title">Create a project</h2>
      <div className="field">
        <label htmlFor="project-name">Name</label>
        <input
          id="project-name"
          value={name}
          required
          maxLength={100}
          {...problemAttributes('project-name-error', problem)}
          onChange={(event) => setName(event.target.value)}
        />
        <FormProblem problem={problem} id="project-name-error" />
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={live} onChange={(event) => setLive(event.target.checked)} /> Live
        (production) project
      </label>
      <button type="submit" className="button" disabled={busy || name.trim() === ''}>
        {busy ? 'Creating…' : 'Create project'}
      </button>
    </form>
  );
}
