import { Link } from 'react-router-dom';
import { useSupportEmail } from '../api/site.ts';

export function Footer() {
  const support = useSupportEmail();
  return (
    <footer className="footer">
      <nav aria-label="Footer" className="footer-links">
        <Link to="/how-it-works">How it works</Link>
        <Link to="/service-tiers">Service tiers</Link>
        <Link to="/faq">FAQ</Link>
        <Link to="/health-biotech">Health &amp; biotech</Link>
        <Link to="/international-professionals">International professionals</Link>
        <Link to="/privacy">Privacy</Link>
        <Link to="/terms">Terms</Link>
      </nav>
      <p>
        Questions? <a href={`mailto:${support}`}>{support}</a> — we answer within 24 hours.
      </p>
      <p className="version">
        Pressroom v{__APP_VERSION__} · built {__BUILD_DATE__}
      </p>
    </footer>
  );
}
