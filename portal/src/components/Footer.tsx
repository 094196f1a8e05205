import { Link } from 'react-router-dom';
import { SUPPORT_EMAIL } from '../../../libs/domain/index.ts';

export function Footer() {
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
        Questions? <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> — we answer within 24 hours.
      </p>
      <p className="version">
        Pressroom v{__APP_VERSION__} · built {__BUILD_DATE__}
      </p>
    </footer>
  );
}
