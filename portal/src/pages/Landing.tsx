import '../styles.css';

export function Landing() {
  return (
    <div className="page">
      <header className="topbar">
        <a className="brand" href="/">
          Pressroom
        </a>
      </header>
      <main className="hero">
        <h1>From your notes to a finished book</h1>
        <p>
          Pressroom turns a person&apos;s notes and ideas into an outline, chapters, a typeset print-ready PDF, a cover and
          an editable Quarto project — then helps you publish, sell and print it.
        </p>
      </main>
      <footer className="footer">
        <span>
          Pressroom v{__APP_VERSION__} · built {__BUILD_DATE__}
        </span>
      </footer>
    </div>
  );
}
