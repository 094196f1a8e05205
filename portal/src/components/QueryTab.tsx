import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from './Spinner.tsx';

/** A dashboard tab's list with its loading, error (retry count, Try Again) and empty states. */
export function QueryTab<T>(props: {
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  empty: { text: string; action: ReactNode };
  errorAction: ReactNode;
  renderItem: (item: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending && !query.isError) {
    return (
      <div>
        <Spinner label={props.loadingLabel} />
        {query.failureCount > 0 && <p className="muted center">Retry attempt: {query.failureCount}</p>}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="empty-state" role="alert">
        <p className="error-text">{query.error.message}</p>
        <p className="muted">Retry attempt: {Math.max(0, query.failureCount - 1)}</p>
        <div className="path-buttons center">
          <button type="button" className="button" onClick={() => void query.refetch()}>Try Again</button>
          {props.errorAction}
        </div>
      </div>
    );
  }
  const items = query.data;
  if (items.length === 0) {
    return (
      <div className="empty-state">
        <p>{props.empty.text}</p>
        {props.empty.action}
      </div>
    );
  }
  return <ul className="item-list">{items.map(props.renderItem)}</ul>;
}
