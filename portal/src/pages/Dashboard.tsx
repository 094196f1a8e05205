import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { apiFetch } from '../api/client.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { Spinner } from '../layout/Spinner.tsx';

interface ProfileView {
  email: string | null;
  full_name: string | null;
  subscription_status: string;
  books_generated: number;
}

const QUICK_ACTIONS = [
  { to: '/ai-generator', title: 'AI Book Generator', text: 'Step by step: outline, chapters, review, export.' },
  { to: '/one-shot', title: 'One-Shot Generator', text: 'Describe the book once and let it run to the end.' },
  { to: '/demo', title: 'Demo Mode', text: 'See the whole flow with sample content, free.' },
];

type TabId = 'projects' | 'requests' | 'orders';

/** A tab's list with its three non-list states; the lists themselves arrive with their features. */
function TabPanel({ empty, action }: { empty: string; action: ReactNode }) {
  return (
    <div className="empty-state">
      <p>{empty}</p>
      {action}
    </div>
  );
}

export function Dashboard() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [tab, setTab] = useState<TabId>('projects');
  const profile = useQuery({ queryKey: ['profile', user?.id], queryFn: () => apiFetch<ProfileView>('/api/profile') });

  const tabs: { id: TabId; label: string; count?: number }[] = [
    { id: 'projects', label: 'Book Projects', count: 0 },
    { id: 'requests', label: 'Book Requests', count: 0 },
    { id: 'orders', label: 'Print Orders' },
  ];

  return (
    <div className="page">
      <header className="dashboard-header">
        <Link className="brand" to="/">Pressroom</Link>
        <div className="dashboard-user">
          <span>{user?.email ?? user?.phone}</span>
          <button type="button" className="button button-secondary button-small" onClick={() => void signOut().then(() => navigate('/'))}>
            Sign Out
          </button>
        </div>
      </header>
      <main className="dashboard">
        <h1>My Books</h1>
        <p className="lead">Welcome{profile.data?.full_name ? `, ${profile.data.full_name}` : ''}! Start a new book or pick up where you left off.</p>

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

        <section className="card status-card" aria-labelledby="account-status">
          <h2 id="account-status">Account Status</h2>
          {profile.isPending ? (
            <Spinner label="Loading your account…" />
          ) : profile.isError ? (
            <p className="error-text">{profile.error.message}</p>
          ) : profile.data.subscription_status === 'active' ? (
            <p><strong>Active Subscription</strong> — Elite Service</p>
          ) : (
            <p>
              <strong>No active subscription</strong>
              <br />
              <span className="muted">Purchase our Elite Service to get started</span>
            </p>
          )}
        </section>

        <div className="tabs" role="tablist" aria-label="Your work">
          {tabs.map((t) => (
            <button key={t.id} type="button" role="tab" id={`tab-${t.id}`} aria-selected={tab === t.id} aria-controls={`panel-${t.id}`} onClick={() => setTab(t.id)}>
              {t.label}
              {t.count !== undefined && ` (${t.count})`}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'projects' && <TabPanel empty="No book projects yet" action={<Link className="button" to="/ai-generator">Create Book Project</Link>} />}
          {tab === 'requests' && <TabPanel empty="No book requests yet" action={<Link className="button" to="/coming-soon">Submit Book Request</Link>} />}
          {tab === 'orders' && <TabPanel empty="No print orders yet" action={<span className="muted">Printed copies you order from a completed book appear here.</span>} />}
        </div>
      </main>
    </div>
  );
}
