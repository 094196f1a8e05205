import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Footer } from './Footer.tsx';

/** The frame of every static page: the brand link and "Back to Home". */
export function StaticPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="page">
      <header className="static-header">
        <Link className="brand" to="/">Pressroom</Link>
        <Link to="/">← Back to Home</Link>
      </header>
      <main id="main" className="static-main">
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </main>
      <Footer />
    </div>
  );
}
