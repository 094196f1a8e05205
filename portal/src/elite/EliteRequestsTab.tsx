import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { EliteRequestView } from '../../../libs/contracts/index.ts';
import { ELITE_STATUS_LABELS, ELITE_STEP_LABELS, type EliteStatus } from '../../../libs/domain/index.ts';
import { QueryTab } from '../components/QueryTab.tsx';
import { EliteListMessages } from '../api/eliteRequests.ts';
import { dateTime, eliteRequestPath, eliteStatusTone, eliteTodo } from './eliteView.ts';

export function EliteStatusBadge({ status }: { status: EliteStatus }) {
  return <span className={`status tone-${eliteStatusTone(status)}`}>{ELITE_STATUS_LABELS[status]}</span>;
}

/** What the author has to do now, with the way to do it (a payment goes straight to its checkout). */
export function EliteTodo({ view }: { view: EliteRequestView }) {
  const todo = eliteTodo(view);
  if (!todo) return null;
  return (
    <div className="notice notice-warning elite-todo" role="status">
      <p>{todo.text}</p>
      {todo.kind === 'payment' && view.checkout_url ? (
        <a className="button button-accent button-small" href={view.checkout_url}>{todo.cta}</a>
      ) : (
        <Link className="button button-accent button-small" to={`${eliteRequestPath(view.id)}#${todo.kind}`}>{todo.cta}</Link>
      )}
    </div>
  );
}

function EliteRequestItem({ view }: { view: EliteRequestView }) {
  return (
    <li className="card elite-request" aria-label={`Elite Service request: ${view.topic}`}>
      <div className="item-head">
        <div>
          <h3 className="book-title">{view.topic}</h3>
          {view.book && <p className="muted">Book: {view.book.title} by {view.book.author}</p>}
          {!view.book && view.prepaid && <p className="muted">Elite Service paid in advance</p>}
        </div>
        <div className="badges">
          <EliteStatusBadge status={view.status} />
          {view.sla_breached && <span className="status tone-red">Promise missed</span>}
        </div>
      </div>
      <ul className="facts">
        <li>Requested {new Date(view.created_at).toLocaleDateString()}</li>
        {view.step && <li>Step: {ELITE_STEP_LABELS[view.step]}{view.step_started ? ' (in progress)' : ''}</li>}
        {view.due_at && <li>Next promise due {dateTime(view.due_at)}</li>}
        {view.print_order?.tracking_urls.length ? <li>Shipped{view.print_order.carrier_name ? ` with ${view.print_order.carrier_name}` : ''}</li> : null}
        {view.cancel_reason && <li>Reason: {view.cancel_reason}</li>}
      </ul>
      <EliteTodo view={view} />
      <p>
        <Link to={eliteRequestPath(view.id)}>View request and timeline</Link>
      </p>
    </li>
  );
}

/** The dashboard's Elite Service tab: the author's requests, each with what they have to do next. */
export function EliteRequestsTab({ query }: { query: UseQueryResult<EliteRequestView[]> }) {
  return (
    <QueryTab
      query={query}
      loadingLabel="Loading your Elite Service requests…"
      empty={{ text: EliteListMessages.empty, action: <p className="muted">{EliteListMessages.emptyHint}</p> }}
      errorAction={null}
      renderItem={(view) => <EliteRequestItem key={view.id} view={view} />}
    />
  );
}
