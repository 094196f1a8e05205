import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { ELITE_STATUS_LABELS, isFinalEliteStatus } from '../../../libs/domain/index.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import type { EliteBook } from './EliteRequestModal.tsx';
import { eliteRequestPath } from './eliteView.ts';
import { useEliteRequests } from './useEliteRequests.ts';

// Loaded when the author first opens it: the dashboard's first load does without the form.
const EliteRequestModal = lazy(async () => ({ default: (await import('./EliteRequestModal.tsx')).EliteRequestModal }));

/**
 * 'Elite Service' on a completed book card: opens the request modal, or, while the book has an open request (one at a
 * time), goes to that request.
 */
export function EliteServiceButton({ book }: { book: EliteBook }) {
  const { user } = useAuth();
  const requests = useEliteRequests(user?.id);
  const [open, setOpen] = useState(false);
  const current = requests.data?.find((request) => request.book?.id === book.id && !isFinalEliteStatus(request.status));
  if (current) {
    return (
      <Link className="button button-accent button-small" to={eliteRequestPath(current.id)}>
        Elite Service: {ELITE_STATUS_LABELS[current.status]}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className="button button-accent button-small" aria-haspopup="dialog" onClick={() => setOpen(true)}>Elite Service</button>
      {open && (
        <Suspense fallback={<Spinner label="Opening the Elite Service request…" />}>
          <EliteRequestModal book={book} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
