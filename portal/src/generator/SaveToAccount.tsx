import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { SaveMessages } from '../../../libs/domain/index.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { saveBook } from '../api/bookProjects.ts';

/** Save a finished book to My Books: disabled when signed out, disabled once saved, a notice for 5 seconds. */
export function SaveToAccount({ projectId, source, label = 'Save to Dashboard', variant = 'one-shot' }: { projectId: string | null; source: string; label?: string; variant?: 'one-shot' | 'wizard' }) {
  const { user } = useAuth();
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState(false);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(false), SaveMessages.savedNoticeMs);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!user) {
    return (
      <div className="save-box">
        <button type="button" className="button" disabled>Sign In to Save</button>
        <p className="muted">
          {variant === 'one-shot' ? SaveMessages.signInOneShot : SaveMessages.signInWizard} <Link to={`/login?next=${encodeURIComponent(location.pathname)}`}>Sign in</Link> or <Link to="/signup">create a free account</Link>; your book is kept while you do.
        </p>
      </div>
    );
  }
  const save = async () => {
    if (!projectId) return setError(SaveMessages.noData);
    setState('saving');
    setError(null);
    try {
      await saveBook(projectId, source);
      setState('saved');
      setNotice(true);
    } catch (e) {
      setState('failed');
      setError(`Save failed: ${(e as Error).message || (variant === 'one-shot' ? SaveMessages.failedOneShot : SaveMessages.failedWizard)}`);
    }
  };
  return (
    <div className="save-box">
      <button type="button" className="button" disabled={state === 'saving' || state === 'saved'} onClick={() => void save()}>
        {state === 'saving' ? 'Saving…' : state === 'saved' ? 'Saved to Dashboard' : label}
      </button>
      {notice && <p className="notice" role="status">Saved! Your book is in <Link to="/dashboard">My Books</Link>.</p>}
      {error && <p className="error-text" role="alert">{error}</p>}
    </div>
  );
}
