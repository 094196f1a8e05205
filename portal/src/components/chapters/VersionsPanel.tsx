import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CHAPTER_VERSION_LABELS } from '../../../../libs/domain/index.ts';
import type { ChapterVersionView, EditableChapterView } from '../../api/editing.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useChapterApi } from './chapterApi.ts';
import { DiffView } from './DiffView.tsx';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * A chapter's versions, newest first (who or what made each, when, its words): two picked are compared word by word,
 * and one restored, which saves it as a new version so the text it replaces stays in the list.
 */
export function VersionsPanel({
  projectId,
  chapter,
  beforeRestore,
  onRestored,
}: {
  projectId: string;
  chapter: number;
  /** Saves what the author has not saved yet, so the restore replaces a version rather than unsaved text. */
  beforeRestore: () => Promise<{ version: number } | null>;
  onRestored: (chapter: EditableChapterView) => void;
}) {
  const ids = useId();
  const api = useChapterApi();
  const versions = useQuery({ queryKey: ['chapter-versions', projectId, chapter], queryFn: () => api.versions(projectId, chapter) });
  const [picked, setPicked] = useState<string[]>([]);
  const [restoring, setRestoring] = useState<ChapterVersionView | null>(null);

  const list = versions.data?.versions ?? [];
  const pair = picked.length === 2 ? [...picked].sort((x, y) => (list.find((v) => v.id === x)?.version ?? 0) - (list.find((v) => v.id === y)?.version ?? 0)) : null;
  const compare = useQuery({
    queryKey: ['chapter-compare', projectId, chapter, ...(pair ?? [])],
    queryFn: () => api.compare(projectId, chapter, pair?.[0] ?? '', pair?.[1] ?? ''),
    enabled: Boolean(pair),
  });
  const restore = useMutation({
    mutationFn: async (version: ChapterVersionView) => {
      const current = await beforeRestore();
      if (!current) throw new Error('Your latest changes could not be saved: save them (Retry) before restoring');
      return api.restore(projectId, chapter, version.id, current.version);
    },
    onSuccess: (restored) => {
      setRestoring(null);
      setPicked([]);
      onRestored(restored);
    },
  });

  const toggle = (id: string) => setPicked((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now.slice(-1), id]));

  return (
    <section className="editor-panel versions-panel" aria-labelledby={`${ids}-h`}>
      <h4 id={`${ids}-h`}>Versions</h4>
      {versions.isPending && <p className="muted">Loading the versions…</p>}
      {versions.error && <p className="error-text" role="alert">{versions.error.message}</p>}
      {list.length > 0 && (
        <>
          <p className="muted" id={`${ids}-hint`}>Pick two versions to compare them.</p>
          <ul className="version-list" aria-describedby={`${ids}-hint`}>
            {list.map((v) => {
              const current = v.version === versions.data?.current_version;
              return (
                <li key={v.id} className={current ? 'version-current' : undefined}>
                  <label className="version-pick">
                    <input type="checkbox" checked={picked.includes(v.id)} onChange={() => toggle(v.id)} />
                    <span>
                      <strong>Version {v.version}</strong>
                      {current && ' (current)'} · {CHAPTER_VERSION_LABELS[v.source]}
                      {v.by ? ` · by ${v.by}` : ''}
                      <br />
                      <span className="muted">{when(v.created_at)} · {v.words.toLocaleString('en-US')} words</span>
                    </span>
                  </label>
                  {!current && (
                    <button type="button" className="button button-secondary button-small" aria-label={`Restore version ${v.version}`} onClick={() => setRestoring(v)}>
                      Restore
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {pair && (
        <div className="version-compare" aria-live="polite">
          {compare.isPending && <p className="muted">Comparing…</p>}
          {compare.error && <p className="error-text" role="alert">{compare.error.message}</p>}
          {compare.data && (
            <>
              <h5>
                Version {compare.data.a.version} → version {compare.data.b.version}
              </h5>
              <DiffView parts={compare.data.parts} label={`Changes from version ${compare.data.a.version} to version ${compare.data.b.version}`} />
            </>
          )}
        </div>
      )}
      {restoring && (
        <ConfirmDialog
          title={`Restore version ${restoring.version}?`}
          confirm="Restore"
          busy={restore.isPending}
          onConfirm={() => restore.mutate(restoring)}
          onCancel={() => {
            restore.reset();
            setRestoring(null);
          }}
        >
          <p>
            Its text ({restoring.words.toLocaleString('en-US')} words) becomes the chapter again, saved as a new version: the current text stays in
            this list.
          </p>
          {restore.error && <p className="error-text" role="alert">{restore.error.message}</p>}
        </ConfirmDialog>
      )}
    </section>
  );
}
