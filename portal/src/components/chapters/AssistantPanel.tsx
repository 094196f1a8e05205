import { useEffect, useId, useRef, useState } from 'react';
import { ASSIST_ACTION_LABELS, ASSIST_ACTIONS, ASSIST_LIMITS, countWords, EditingMessages, type AssistAction } from '../../../../libs/domain/index.ts';
import { editing, waitForAssist, type AssistView } from '../../api/editing.ts';
import type { Selection } from './ChapterEditor.tsx';
import { DiffView } from './DiffView.tsx';
import type { ChapterDraft } from './useChapterDraft.ts';
import { wordDiff } from './wordDiff.ts';

type Step = { step: 'idle' } | { step: 'running'; action: AssistAction } | { step: 'ready'; view: AssistView } | { step: 'closing'; view: AssistView };

const PLURAL = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'word' : 'words'}`;

/**
 * The AI Writing Assistant (document 2, §2.5): an action on the author's selection in the editor, or on the whole
 * chapter, written by the book's provider; the proposal is shown as a change to accept (saved as a version) or
 * discard. While it works and while its change waits for an answer, the text stays as it is (`onLock`).
 */
export function AssistantPanel({
  projectId,
  chapter,
  draft,
  selection,
  disabled = null,
  onLock,
  onAccepted,
}: {
  projectId: string;
  chapter: number;
  draft: ChapterDraft;
  selection: Selection | null;
  /** Why the assistant cannot run now (the book is being written). */
  disabled?: string | null;
  onLock: (reason: string | null) => void;
  /** The chapter's text was replaced: any selection in it is gone. */
  onAccepted: () => void;
}) {
  const ids = useId();
  const [action, setAction] = useState<AssistAction>('expand');
  const [instruction, setInstruction] = useState('');
  const [step, setStep] = useState<Step>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const stop = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    stop.current = controller;
    return () => controller.abort();
  }, []);
  useEffect(() => onLock(step.step === 'idle' ? null : step.step === 'running' ? 'The assistant is working on this chapter…' : 'Accept or discard the assistant’s change to go on editing.'), [step.step, onLock]);

  const selected = selection && selection.end > selection.start && selection.end <= draft.content.length ? selection : null;
  const scope = selected ? `your selection (${PLURAL(countWords(draft.content.slice(selected.start, selected.end)))})` : `the whole chapter (${PLURAL(countWords(draft.content))})`;

  async function run() {
    if (action === 'instruct' && !instruction.trim()) return setError(EditingMessages.instructionRequired);
    setError(null);
    setStep({ step: 'running', action });
    try {
      // The selection's offsets must refer to a saved version: what is typed is saved first.
      const saved = await draft.flush();
      if (!saved) throw new Error('Save the chapter first: the assistant works on its saved text');
      const started = await editing.assist(projectId, chapter, {
        action,
        base_version: saved.version,
        ...(selected ? { selection: { start: selected.start, end: selected.end } } : {}),
        ...(action === 'instruct' ? { instruction: instruction.trim() } : {}),
      });
      const view = await waitForAssist(projectId, started, stop.current.signal);
      if (stop.current.signal.aborted) return;
      if (view.status !== 'ready') throw new Error(view.error ?? 'The assistant could not finish this change');
      setStep({ step: 'ready', view });
    } catch (e) {
      if (stop.current.signal.aborted) return;
      setError((e as Error).message || 'An error occurred');
      setStep({ step: 'idle' });
    }
  }

  async function accept(view: AssistView) {
    if (view.result === null) return;
    setStep({ step: 'closing', view });
    const saved = await draft.saveAs({ title: draft.title, content: view.result, assist_id: view.id });
    if ('problem' in saved) {
      setError(saved.problem.message);
      setStep({ step: 'ready', view });
    } else {
      setError(null);
      setStep({ step: 'idle' });
      onAccepted();
    }
  }

  async function discard(view: AssistView) {
    setStep({ step: 'closing', view });
    try {
      await editing.discard(projectId, view.id);
      setError(null);
      setStep({ step: 'idle' });
    } catch (e) {
      setError((e as Error).message || 'An error occurred');
      setStep({ step: 'ready', view });
    }
  }

  const view = step.step === 'ready' || step.step === 'closing' ? step.view : null;
  const busy = step.step !== 'idle';

  return (
    <section className="editor-panel assistant-panel" aria-labelledby={`${ids}-h`}>
      <h4 id={`${ids}-h`}>AI Writing Assistant</h4>
      <div className="assistant-form">
        <div className="field">
          <label htmlFor={`${ids}-action`}>What should the assistant do?</label>
          <select id={`${ids}-action`} value={action} disabled={busy} onChange={(e) => setAction(e.target.value as AssistAction)}>
            {ASSIST_ACTIONS.map((a) => (
              <option key={a} value={a}>{ASSIST_ACTION_LABELS[a]}</option>
            ))}
          </select>
        </div>
        {action === 'instruct' && (
          <div className="field">
            <label htmlFor={`${ids}-instruction`}>Instruction</label>
            <textarea
              id={`${ids}-instruction`}
              rows={2}
              maxLength={ASSIST_LIMITS.instructionMax}
              placeholder="For example: add a short example from a small company"
              value={instruction}
              disabled={busy}
              onChange={(e) => setInstruction(e.target.value)}
            />
          </div>
        )}
        <p className="muted" aria-live="polite">Applies to {scope}. Select text in the chapter to work on part of it.</p>
        <button type="button" className="button button-small" disabled={busy || Boolean(disabled) || !draft.saved} onClick={() => void run()}>
          {action === 'instruct' ? 'Ask the assistant' : ASSIST_ACTION_LABELS[action]}
        </button>
        {disabled && <p className="muted">{disabled}</p>}
      </div>
      {step.step === 'running' && (
        <p className="assistant-progress" role="status">
          <progress aria-label="The assistant is working" /> {ASSIST_ACTION_LABELS[step.action]}: the assistant is writing…
        </p>
      )}
      {error && <p className="error-text" role="alert">{error}</p>}
      {view && view.proposal !== null && (
        <div className="assistant-change" aria-label="Proposed change" role="group">
          <h5>
            Proposed change to {view.selection ? 'your selection' : 'the whole chapter'} ({ASSIST_ACTION_LABELS[view.action]})
          </h5>
          <DiffView parts={wordDiff(view.original, view.proposal)} label="The change, word by word" />
          <details>
            <summary>Original and proposal side by side</summary>
            <div className="side-by-side">
              <div>
                <h6>Original</h6>
                <p className="prewrap">{view.original}</p>
              </div>
              <div>
                <h6>Proposal</h6>
                <p className="prewrap">{view.proposal}</p>
              </div>
            </div>
          </details>
          <div className="path-buttons">
            <button type="button" className="button button-small" disabled={step.step === 'closing'} onClick={() => void accept(view)}>Accept</button>
            <button type="button" className="button button-secondary button-small" disabled={step.step === 'closing'} onClick={() => void discard(view)}>Discard</button>
          </div>
        </div>
      )}
    </section>
  );
}
