import { badgeTone, statusLabel } from './printFlow.ts';

/** A print order's status, in its tone (the order page, the dashboard, an Elite request's print orders). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status tone-${badgeTone(status)}`}>{statusLabel(status)}</span>;
}
