import type { CampaignView } from '../campaign-view.js';

const LABELS: Record<CampaignView['status'], string> = {
  draft: 'Draft',
  active: 'Running',
  paused: 'Paused',
};

export function StatusBadge({ status }: { status: CampaignView['status'] }) {
  return (
    <span className={`status status-${status}`} data-status={status}>
      {LABELS[status]}
    </span>
  );
}
