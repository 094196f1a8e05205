import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { LibraryItemView } from '../../../libs/contracts/index.ts';
import { QueryTab } from '../components/QueryTab.tsx';
import { fetchLibrary } from '../api/sales.ts';
import './shop.css';

export const libraryKey = (userId: string | undefined) => ['library', userId] as const;

export const useLibrary = (userId: string | undefined) => useQuery({ queryKey: libraryKey(userId), queryFn: fetchLibrary, enabled: Boolean(userId) });

function LibraryItem({ item }: { item: LibraryItemView }) {
  return (
    <li className="card library-item" aria-label={item.book_title}>
      {item.cover_url ? <img className="library-cover" src={item.cover_url} alt="" width={80} height={120} loading="lazy" /> : <span className="library-cover" aria-hidden="true" />}
      <div className="library-main">
        <h3 className="book-title" dir="auto">{item.book_title}</h3>
        <p className="muted">by {item.book_author}</p>
        <p className="muted">Bought <time dateTime={item.bought_at}>{new Date(item.bought_at).toLocaleDateString()}</time></p>
        {item.downloads.length > 0 ? (
          <div className="book-actions">
            {item.downloads.map((d) => (
              <a key={d.format} className="button button-small" href={d.url} download>
                Download {d.format.toUpperCase()}
                <span className="visually-hidden">: {item.book_title}</span>
              </a>
            ))}
          </div>
        ) : (
          <p className="muted">The download links are on their way to your e-mail.</p>
        )}
      </div>
    </li>
  );
}

/** The dashboard's Library tab: the e-books the signed-in reader bought, each with its downloads. */
export function LibraryTab({ query }: { query: ReturnType<typeof useLibrary> }) {
  return (
    <QueryTab
      query={query}
      loadingLabel="Loading your library…"
      empty={{ text: 'No e-books yet. Books you buy in the shop appear here.', action: <Link className="button" to="/shop">Browse the shop</Link> }}
      errorAction={<Link className="button button-secondary" to="/shop">Browse the shop</Link>}
      renderItem={(item) => <LibraryItem key={item.sale_id} item={item} />}
    />
  );
}
