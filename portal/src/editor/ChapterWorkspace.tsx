import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EditableChapterView } from './api.ts';
import { AssistantPanel } from './AssistantPanel.tsx';
import { ChapterEditor, type Selection } from './ChapterEditor.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
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
}) {
  const queryClient = useQueryClient();
  const draft = useChapterDraft(projectId, chapter, onSaved);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [assistLock, setAssistLock] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [regenerating, setRegenerating] = useState(false);

  const regenerate = async () => {
    if (!onRegenerate) return;
    setConfirming(false);
    setRegenerating(true);
    try {
      await draft.flush();
      await onRegenerate();
      await draft.reload();
      setSelection(null);
      await queryClient.invalidateQueries({ queryKey: ['chapter-versions', projectId, chapter] });
    } finally {
      setRegenerating(false);
    }
  };

  const lock = readOnly ?? (regenerating ? 'The AI is writing this chapter again…' : assistLock);

  return (
    <div className="chapter-workspace">
      <div className="workspace-main">
        <ChapterEditor draft={draft} readOnly={lock} onSelection={setSelection} {...(wordsPerMinute ? { wordsPerMinute } : {})} />
        {onRegenerate && (
          <button type="button" className="button button-secondary button-small" disabled={Boolean(lock) || !draft.saved} onClick={() => setConfirming(true)}>
            Regenerate Chapter
          </button>
        )}
      </div>
      <div className="workspace-side">
        <AssistantPanel
          projectId={projectId}
          chapter={chapter}
          draft={draft}
          selection={selection}
          disabled={readOnly ?? (regenerating ? 'The AI is writing this chapter again…' : null)}
          onLock={setAssistLock}
          onAccepted={() => setSelection(null)}
        />
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
          <p>The AI writes this chapter again. Its new text is saved as a new version; the current text stays in Versions, where you can restore it.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
