import { useState } from 'react';
import { staged, waitForBuild } from '../../api/projects.ts';
import { editing, rebuildFormats } from '../../api/editing.ts';

/**
 * Shown while the book's files are older than its text: Rebuild starts a packaging run for the formats the book has
 * and follows it as the wizard follows a build; `onRebuilt` refreshes whatever shows the files.
 */
export function RebuildNotice({ projectId, outdated, onRebuilt }: { projectId: string; outdated: boolean; onRebuilt: () => unknown }) {
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const rebuild = async () => {
    setError(null);
    setDone(false);
    setProgress('Starting the rebuild…');
    try {
      const { downloads } = await staged.buildStatus(projectId);
      const first = await editing.rebuild(projectId, rebuildFormats(downloads));
      await waitForBuild(projectId, first, (status) => setProgress(status.message));
      setDone(true);
      await onRebuilt();
    } catch (e) {
      setError((e as Error).message || 'An error occurred');
    } finally {
      setProgress(null);
    }
  };

  if (!outdated && !progress && !error && !done) return null;
  return (
    <div className={`notice ${outdated || error ? 'notice-warning' : ''} rebuild-notice`}>
      {outdated && !progress && (
        <p>
          Files are older than your text —{' '}
          <button type="button" className="button button-small" onClick={() => void rebuild()}>Rebuild</button>
        </p>
      )}
      <p aria-live="polite" className="rebuild-progress">
        {progress && (
          <>
            <progress aria-label="Rebuilding the book's files" /> {progress}
          </>
        )}
        {!progress && done && !outdated && 'The files are rebuilt from your latest text.'}
      </p>
      {error && <p className="error-text" role="alert">{error}</p>}
    </div>
  );
}
