/** @module not-found-page — an address the console has no page for. */
import { Link } from 'react-router';
import { PageHeading } from '../components/page-heading.js';

export function NotFoundPage() {
  return (
    <>
      <PageHeading>Page not found</PageHeading>
      <p>This console has no page at this address.</p>
      <p>
        <Link className="button secondary" to="/projects">
          Go to projects
        </Link>
      </p>
    </>
  );
}
