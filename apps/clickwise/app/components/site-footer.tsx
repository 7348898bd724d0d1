import { Link } from 'react-router';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        Clickwise — estimates are a model, not a promise.{' '}
        <Link to="/how-estimates-work">How estimates work</Link>
      </p>
    </footer>
  );
}
