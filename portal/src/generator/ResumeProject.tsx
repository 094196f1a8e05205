import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { staged } from '../api/projects.ts';
import { WIZARD_PROJECT_KEY } from './Wizard.tsx';

/** /resume-project: reopen a book in the wizard by its project id. */
export function ResumeProject() {
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function load(event: FormEvent) {
    event.preventDefault();
    const projectId = id.trim();
    if (!projectId) return setError('Please enter a project ID');
    setBusy(true);
    setError(null);
    try {
      await staged.project(projectId);
      sessionStorage.setItem(WIZARD_PROJECT_KEY, projectId);
      void navigate('/ai-generator');
    } catch (e) {
      setError((e as Error).message || 'Failed to load project. Check that the project ID is correct and the project exists.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page">
      <header className="static-header">
        <Link to="/">← Back to Home</Link>
      </header>
      <main id="main" className="static-main generator">
        <h1>Resume a project</h1>
        <p className="lead">Enter the project ID the generator showed you to pick up where you left off.</p>
        <form className="card" onSubmit={(e) => void load(e)} noValidate>
          <div className="field">
            <label htmlFor="project-id">Project ID</label>
            <input id="project-id" value={id} onChange={(e) => setId(e.target.value)} placeholder="e.g. 3f6c1a2e-…" autoComplete="off" />
            <small>Your books are saved as you go: signed in, you also find every one of them in My Books.</small>
          </div>
          {error && <p className="error-banner" role="alert">{error}</p>}
          <div className="path-buttons">
            <button type="submit" className="button" disabled={busy}>{busy ? 'Loading…' : 'Load Project'}</button>
            <button type="button" className="button button-secondary" onClick={() => void navigate(-1)}>Cancel</button>
          </div>
        </form>
      </main>
    </div>
  );
}
