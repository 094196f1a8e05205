/** What /admin shows at once while the back office's code and session load: words, not a blank page. */
export function BackOfficeLoading() {
  return (
    <div className="spinner-wrap back-office-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>Loading the back office…</p>
    </div>
  );
}
