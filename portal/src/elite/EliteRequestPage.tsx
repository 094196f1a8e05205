import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { EliteRequestView } from '../../../libs/contracts/index.ts';
import { Spinner } from '../components/Spinner.tsx';
import { EliteListMessages, fetchEliteRequest } from '../api/eliteRequests.ts';
import { EliteStatusBadge, EliteTodo } from './EliteRequestsTab.tsx';
import { ELITE_TAB_PATH, eliteRefetchInterval, paymentBanner } from './eliteView.ts';
import { eliteRequestKey } from './useEliteRequests.ts';
import { CancelRequest, ReceiptAction } from './EliteRequestActions.tsx';
import { ELITE_WORKING_POLL_MS, isEliteWorking } from './eliteWorking.ts';
import { DetailsSection, PrintSection, Progress, PromisesSection, ProofSection, QuoteSection, Timeline } from './EliteRequestSections.tsx';

function RequestBody({ view: read, paid, working }: { view: EliteRequestView; paid: boolean; working: boolean }) {
  // While an action is carried out the buttons of the step before are not offered again.
  const view = working ? { ...read, actions: [] } : read;
  const banner = paymentBanner(view.status, paid);
  return (
    <>
      <div className="item-head elite-head">
        <div>
          <h1>{view.topic}</h1>
          <p className="muted">Elite Service request · {new Date(view.created_at).toLocaleDateString()}</p>
        </div>
        <div className="badges">
          <EliteStatusBadge status={view.status} />
          {view.sla_breached && <span className="status tone-red">Promise missed</span>}
        </div>
      </div>
      {banner === 'confirming' && (
        <p className="notice" role="status">{EliteListMessages.confirming}</p>
      )}
      {banner === 'confirmed' && <p className="notice" role="status">{EliteListMessages.confirmed}</p>}
      <Progress view={view} />
      {working && <p className="notice" role="status">Working on it… this page shows the result in a moment.</p>}
      {banner !== 'confirming' && <EliteTodo view={view} />}
      {view.status === 'cancelled' && <p className="error-banner">This request was cancelled{view.cancel_reason ? `: ${view.cancel_reason}` : '.'}</p>}
      {view.status === 'declined' && <p className="error-banner">You declined the quote{view.cancel_reason ? `: ${view.cancel_reason}` : '.'}</p>}
      {view.status === 'expired' && <p className="error-banner">This request expired: its quote was not accepted or paid in time. Write to us to open a new one.</p>}
      <ReceiptAction view={view} />
      {view.status === 'delivered' && <p className="notice">Your books arrived. Enjoy them!</p>}
      {/* What is in hand comes first: the proofs and the print order, then the quote that started production. */}
      <ProofSection view={view} />
      <PrintSection view={view} />
      <QuoteSection view={view} />
      <PromisesSection view={view} />
      <Timeline view={view} />
      <DetailsSection view={view} />
      <CancelRequest view={view} />
    </>
  );
}

/** /elite-requests/:id: one request as its author follows it, with the decisions that are theirs to make. */
export function EliteRequestPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const paid = params.get('paid') === '1' || params.has('session_id');
  const queryClient = useQueryClient();
  const request = useQuery({
    queryKey: eliteRequestKey(id),
    queryFn: () => fetchEliteRequest(id),
    refetchInterval: (query) => (isEliteWorking(queryClient, query.state.data) ? ELITE_WORKING_POLL_MS : eliteRefetchInterval(query.state.data, paid)),
    staleTime: 0,
  });

  return (
    <div className="page">
      <header className="dashboard-header">
        <Link className="brand" to="/">Pressroom</Link>
        <Link to={ELITE_TAB_PATH}>← My Elite Service requests</Link>
      </header>
      <main id="main" className="dashboard elite-page">
        {request.isPending ? (
          <Spinner label="Loading your request…" />
        ) : request.isError ? (
          <div className="empty-state" role="alert">
            <p className="error-text">{request.error.message || EliteListMessages.loadOneFailed}</p>
            <div className="path-buttons center">
              <button type="button" className="button" onClick={() => void request.refetch()}>Try Again</button>
              <Link className="button button-secondary" to={ELITE_TAB_PATH}>Back to the dashboard</Link>
            </div>
          </div>
        ) : (
          <RequestBody view={request.data} paid={paid} working={isEliteWorking(queryClient, request.data)} />
        )}
      </main>
    </div>
  );
}
