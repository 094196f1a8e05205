import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EditableChapterView } from '../../api/editing.ts';
import { AssistantPanel } from './AssistantPanel.tsx';
import { useChapterApi } from './chapterApi.ts';
import { ChapterEditor, type Selection } from './ChapterEditor.tsx';
import { ManuscriptNotesPanel } from './ManuscriptNotesPanel.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useChapterDraft } from './useChapterDraft.ts';
import { VersionsPanel } from './VersionsPanel.tsx';

/**
 * Everything the author does to one chapter: the editor, the AI Writing Assistant beside it, the versions below, and
 * (where the page offers it) Regenerate Chapter, which asks first and keeps the current text as a version.
 */
export function ChapterWorkspace({
  projectId,
  chapter,
  readOnly = null,
  wordsPerMinute,
  onSaved,
  onRegenerate,
  flushRef,
  language,
  notes = false,
}: {
  projectId: string;
  chapter: number;
  /** Why the chapter cannot be edited right now (the book is being written). */
  readOnly?: string | null;
  wordsPerMinute?: number;
  /** Every save, accepted change and restore: the page refreshes what depends on the text. */
  onSaved?: (chapter: EditableChapterView) => void;
  /** Writes the chapter again with the AI; resolves once it is written (its failure is the page's to show). */
  onRegenerate?: () => Promise<unknown>;
  /** Filled with this chapter's save-what-is-unsaved, for a page that renumbers chapters (their drafts must not follow the number). */
  flushRef?: { current: (() => Promise<unknown>) | null };
  /** The book's language, as its tag: the text and its preview are marked with it. */
  language?: string;
  /** Shows the comments and suggested changes beside the text (a saved book's editor page). */
  notes?: boolean;
}) {
  const queryClient = useQueryClient();
  const api = useChapterApi();
  const draft = useChapterDraft(projectId, chapter, onSaved);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [assistLock, setAssistLock] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const [regenerated, setRegenerated] = useState<string | null>(null);
  if (flushRef) flushRef.current = draft.flush;

  const regenerate = async () => {
    if (!onRegenerate) return;
    setConfirming(false);
    setRegenerating(true);
    setRegenerated(null);
    try {
      const kept = (await draft.flush())?.version;
      await onRegenerate();
      await draft.reload();
      setSelection(null);
      // The page shows a failed regeneration; a new version says it worked.
      const versions = await queryClient.fetchQuery({ queryKey: ['chapter-versions', projectId, chapter], queryFn: () => api.versions(projectId, chapter), staleTime: 0 });
      const made = versions.versions[0];
      if (kept && made && made.version > kept && made.source === 'regenerated') {
        setRegenerated(`Chapter ${chapter} was written again as version ${made.version}. Your previous text is version ${kept}: restore it from Versions.`);
      }
    } finally {
      setRegenerating(false);
    }
  };

  const lock = readOnly ?? (regenerating ? 'The AI is writing this chapter again…' : assistLock);

  return (
    <div className="chapter-workspace">
      <div className="workspace-main">
        <ChapterEditor projectId={projectId} draft={draft} readOnly={lock} onSelection={setSelection} language={language} {...(wordsPerMinute ? { wordsPerMinute } : {})} />
        {onRegenerate && (
          <button type="button" className="button button-secondary button-small" disabled={Boolean(lock) || !draft.saved} onClick={() => setConfirming(true)}>
            Regenerate Chapter
          </button>
        )}
        <p className="muted" role="status">{regenerated}</p>
      </div>
      <div className="workspace-side">
        {api.assistant && (
          <AssistantPanel
            projectId={projectId}
            chapter={chapter}
            draft={draft}
            selection={selection}
            disabled={readOnly ?? (regenerating ? 'The AI is writing this chapter again…' : null)}
            onLock={setAssistLock}
            onAccepted={() => setSelection(null)}
          />
        )}
        {notes && <ManuscriptNotesPanel projectId={projectId} chapter={chapter} draft={draft} selection={selection} onAccepted={() => setSelection(null)} />}
        <VersionsPanel
          projectId={projectId}
          chapter={chapter}
          beforeRestore={draft.flush}
          onRestored={(restored) => {
            draft.adopt(restored);
            setSelection(null);
          }}
        />
      </div>
      {confirming && (
        <ConfirmDialog title={`Regenerate chapter ${chapter}?`} confirm="Regenerate" onConfirm={() => void regenerate()} onCancel={() => setConfirming(false)}>
          <p>
            The AI writes this chapter again. The current text is kept as version {(draft.saved?.version ?? 0) + (draft.status.state === 'unsaved' ? 1 : 0)}; restore it from Versions. The new text
            becomes the next version.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
