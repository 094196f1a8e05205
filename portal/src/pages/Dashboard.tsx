import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ProfileView } from '../../../libs/contracts/index.ts';
import { REQUEST_DESCRIPTION_PREVIEW, styleLabel } from '../../../libs/domain/index.ts';
import { apiFetch } from '../api/client.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { EliteRequestsTab } from '../elite/EliteRequestsTab.tsx';
import { useEliteRequests } from '../elite/useEliteRequests.ts';
import { PrintOrdersTab, usePrintOrders } from '../print/PrintOrdersTab.tsx';
import { SalesTab } from '../sales/SalesTab.tsx';
import { LibraryTab, useLibrary } from '../shop/LibraryTab.tsx';
import { AccountStatus } from './dashboard/AccountStatus.tsx';
import { BookProjectCard } from './dashboard/BookProjectCard.tsx';
import { fetchBookProjects } from '../api/bookProjects.ts';
import { fetchBookRequests, type BookRequestView } from '../api/bookRequests.ts';
import { ConfirmEmailBanner } from './dashboard/ConfirmEmailBanner.tsx';
import { QueryTab } from '../components/QueryTab.tsx';
import { Spinner } from '../components/Spinner.tsx';

// Dialogs the dashboard opens on request, loaded then: its first load does without them.
const OrderConfirmation = lazy(async () => ({ default: (await import('../print/OrderConfirmation.tsx')).OrderConfirmation }));
const BookRequestDialog = lazy(async () => ({ default: (await import('./dashboard/BookRequestForm.tsx')).BookRequestDialog }));

const QUICK_ACTIONS = [
  { to: '/ai-generator', title: 'AI Book Generator', text: 'Step by step: outline, chapters, review, export.' },
  { to: '/one-shot', title: 'One-Shot Generator', text: 'Describe the book once and let it run to the end.' },
  { to: '/demo', title: 'Demo Mode', text: 'See the whole flow with sample content, free.' },
];

type TabId = 'projects' | 'requests' | 'orders' | 'elite' | 'library' | 'sales';
const TAB_IDS: readonly TabId[] = ['projects', 'requests', 'orders', 'elite', 'library', 'sales'];
/** A link may open a tab (…/dashboard?tab=elite). */
const TAB_PARAM = 'tab';

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', in_progress: 'In progress', completed: 'Completed', cancelled: 'Cancelled' };

function BookRequestItem({ request }: { request: BookRequestView }) {
  const description = request.book_description;
  return (
    <li className="card">
      <div className="item-head">
        <strong>{request.book_topic}</strong>
        <span className={`status status-${STATUS_LABELS[request.status] ? request.status : 'other'}`}>{STATUS_LABELS[request.status] ?? request.status}</span>
      </div>
      <p className="muted">Submitted on {new Date(request.created_at).toLocaleDateString()}</p>
      <p>{description.length > REQUEST_DESCRIPTION_PREVIEW ? `${description.slice(0, REQUEST_DESCRIPTION_PREVIEW)}…` : description}</p>
      {request.book_style && <p className="muted">Style: {styleLabel(request.book_style)}</p>}
    </li>
  );
}

/** The print order the author comes back to from its checkout (…/dashboard?print_order=<id>), shown as confirmed. */
const PRINT_ORDER_PARAM = 'print_order';

export function Dashboard() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const confirming = searchParams.get(PRINT_ORDER_PARAM);
  const [tab, setTab] = useState<TabId>(() => {
    if (confirming) return 'orders';
    const asked = searchParams.get(TAB_PARAM) as TabId | null;
    return asked && TAB_IDS.includes(asked) ? asked : 'projects';
  });
  const [requesting, setRequesting] = useState(false);
  const profile = useQuery({ queryKey: ['profile', user?.id], queryFn: () => apiFetch<ProfileView>('/api/profile') });
  const requests = useQuery({ queryKey: ['book-requests', user?.id], queryFn: fetchBookRequests });
  // While a book is being written its card follows it.
  const projects = useQuery({ queryKey: ['book-projects', user?.id], queryFn: fetchBookProjects, refetchInterval: (query) => (query.state.data?.some((b) => b.generation_status === 'generating') ? 3000 : false) });
  const orders = usePrintOrders(user?.id);
  const elite = useEliteRequests(user?.id);
  const library = useLibrary(user?.id);

  const tabs: { id: TabId; label: string; count?: number }[] = [
    { id: 'projects', label: 'Book Projects', ...(projects.data ? { count: projects.data.length } : {}) },
    { id: 'requests', label: 'Book Requests', ...(requests.data ? { count: requests.data.length } : {}) },
    { id: 'orders', label: 'Print Orders', ...(orders.data ? { count: orders.data.length } : {}) },
    { id: 'elite', label: 'Elite Service', ...(elite.data ? { count: elite.data.length } : {}) },
    { id: 'library', label: 'Library', ...(library.data ? { count: library.data.length } : {}) },
    { id: 'sales', label: 'Sales' },
  ];

  return (
    <div className="page">
      <header className="dashboard-header">
        <Link className="brand" to="/">Pressroom</Link>
        <div className="dashboard-user">
          <span>{user?.email ?? user?.phone}</span>
          <Link to="/account" className="button button-secondary button-small">Account</Link>
          <button type="button" className="button button-secondary button-small" onClick={() => void signOut().then(() => navigate('/'))}>
            Sign Out
          </button>
        </div>
      </header>
      <main id="main" className="dashboard">
        <h1>My Books</h1>
        <p className="lead">Welcome{profile.data?.full_name ? `, ${profile.data.full_name}` : ''}! Start a new book or pick up where you left off.</p>
        <ConfirmEmailBanner userId={user?.id} />

        <section aria-labelledby="quick-actions">
          <h2 id="quick-actions">Quick Actions</h2>
          <div className="cards">
            {QUICK_ACTIONS.map((action) => (
              <Link key={action.to} to={action.to} className="card card-link">
                <strong>{action.title}</strong>
                <span>{action.text}</span>
              </Link>
            ))}
          </div>
        </section>

        <AccountStatus />

        <div className="tabs" role="tablist" aria-label="Your work">
          {tabs.map((t) => (
            <button key={t.id} type="button" role="tab" id={`tab-${t.id}`} aria-selected={tab === t.id} aria-controls={`panel-${t.id}`} onClick={() => setTab(t.id)}>
              {t.label}
              {t.count !== undefined && ` (${t.count})`}
            </button>
          ))}
          {requests.isError && (
            <button type="button" className="button button-secondary button-small tab-retry" onClick={() => void requests.refetch()}>
              Retry
            </button>
          )}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'projects' && (
            <QueryTab
              query={projects}
              loadingLabel="Loading your book projects…"
              empty={{ text: 'No book projects yet', action: <Link className="button" to="/ai-generator">Create Book Project</Link> }}
              errorAction={<Link className="button button-secondary" to="/one-shot">Create a Book</Link>}
              renderItem={(book) => <BookProjectCard key={book.id} book={book} />}
            />
          )}
          {tab === 'requests' && (
            <>
              {!requests.isError && requests.data && requests.data.length > 0 && (
                <div className="tab-toolbar">
                  <button type="button" className="button button-small" onClick={() => setRequesting(true)}>Submit New Request</button>
                </div>
              )}
              <QueryTab
                query={requests}
                loadingLabel="Loading your book requests…"
                empty={{ text: 'No book requests yet', action: <button type="button" className="button" onClick={() => setRequesting(true)}>Submit Book Request</button> }}
                errorAction={<button type="button" className="button button-secondary" onClick={() => setRequesting(true)}>Submit New Request</button>}
                renderItem={(request) => <BookRequestItem key={request.id} request={request} />}
              />
            </>
          )}
          {tab === 'orders' && <PrintOrdersTab userId={user?.id} />}
          {tab === 'elite' && <EliteRequestsTab query={elite} />}
          {tab === 'library' && <LibraryTab query={library} />}
          {tab === 'sales' && <SalesTab userId={user?.id} books={projects.data ?? []} />}
        </div>
      </main>
      <Suspense fallback={<Spinner label="Opening…" />}>
        {confirming && (
          <OrderConfirmation
            orderId={confirming}
            paying={searchParams.has('session_id')}
            onClose={() => {
              setTab('orders');
              setSearchParams({}, { replace: true });
            }}
          />
        )}
        {requesting && (
          <BookRequestDialog name={profile.data?.full_name ?? ''} email={profile.data?.email ?? user?.email ?? ''} onClose={() => setRequesting(false)} />
        )}
      </Suspense>
    </div>
  );
}
