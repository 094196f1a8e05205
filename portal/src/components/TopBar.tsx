import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from './AuthContext.tsx';

/** The app's top bar; on narrow screens its items fold into a menu. */
export function TopBar() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const shop = <NavLink to="/shop" onClick={close}>Shop</NavLink>;
  const items = user ? (
    <>
      {shop}
      <NavLink to="/dashboard" onClick={close}>My Books</NavLink>
      <NavLink to="/ai-generator" onClick={close}>Generate</NavLink>
      <span className="topbar-email" title={user.email ?? undefined}>{user.email ?? user.phone}</span>
      {/* The account page holds the mail preferences: a shop buyer, who never opens My Books, reaches them here too. */}
      <NavLink to="/account" onClick={close}>Account</NavLink>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          close();
          void signOut().then(() => navigate('/'));
        }}
      >
        Sign out
      </button>
    </>
  ) : (
    <>
      {shop}
      <NavLink to="/login" onClick={close}>Sign In</NavLink>
      <NavLink to="/signup" className="button button-small" onClick={close}>Get Started</NavLink>
    </>
  );

  return (
    <header className="topbar">
      <Link className="brand" to="/" onClick={close}>Pressroom</Link>
      <nav className="topbar-items" aria-label="Main">{items}</nav>
      <button
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span>
      </button>
      {open && (
        <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile">
          {items}
        </nav>
      )}
    </header>
  );
}
