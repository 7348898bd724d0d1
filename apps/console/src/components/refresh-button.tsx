/** @module refresh-button — reads a loaded resource again on request (the activity figures, a delivery log). */
import type { Resource } from '../lib/use-resource.js';

/** 'Refresh' once `resource` has loaded; nothing while it loads or has failed (its error state retries). */
export function RefreshButton({ resource }: { resource: Resource<unknown> }) {
  if (resource.state !== 'ready') return null;
  return (
    <button type="button" className="button secondary small" onClick={resource.reload}>
      Refresh
    </button>
  );
}
