import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  briefFieldProblems,
  CHAPTER_COUNTS,
  contentComplete,
  DEFAULT_CHAPTER_COUNT,
  DEFAULT_CONTENT_DEPTH,
  DEFAULT_GENERATION_MODE,
  DEFAULT_WRITING_STYLE,
  DEMO_COMPLETE_TEXT,
  DEMO_MESSAGES,
  furthestFlowStep,
  projectName,
  wordsForPages,
} from '../../../libs/domain/index.ts';
import { projectPreviews, sleep, staged, waitForBuild, type Previews } from '../api/projects.ts';
import { RebuildNotice } from '../components/chapters/RebuildNotice.tsx';
import { useFocusOnChange } from '../components/useFocusOnChange.ts';
import { BookComplete } from './BookComplete.tsx';
import { EMPTY_BRIEF, pagesOf } from './BookBriefFields.tsx';
import { chapterChoiceOf, chapterSettingsReady, type ChapterSettingsValue } from './ChapterSettingsFields.tsx';
import { coverRequestOf, DEFAULT_COVER } from './CoverChoiceFields.tsx';
import { ContentStep, CoverStep, ExportStep, IdeaStep, StructureStep, type FlowForm, type TaskStatus } from './FlowSteps.tsx';
import { useProviders } from './providers.ts';
import { ContentProgress } from './StageProgress.tsx';
import { chapterWords } from './stagedBook.ts';
import { useStagedBook } from './useStagedBook.ts';

/**
 * The step-by-step flows of document 2 (2.4–2.6), one component: the public demo (five steps on the mock
 * provider, presets, links to sign up) and the signed-in six-step workflow (a provider of the author's choosing,
 * sources, a PDF step of its own, and a last step that saves the book).
 */
export type FlowKind = 'demo' | 'workflow';

const FLOWS = {
  demo: { heading: 'Free demo', steps: ['Idea', 'Structure', 'Content', 'Export', 'Cover'], wordsPerMinute: 250 },
  workflow: { heading: 'Create your book', steps: ['Idea', 'Structure', 'Content', 'Make your PDF', 'Create your book cover', 'Your Book is Complete'], wordsPerMinute: 200 },
} as const;

/** Where each flow keeps the book it is on and the step shown, for a reload (session storage, like the wizard). */
const STORAGE = {
  demo: { project: 'pressroom.demo.project', step: 'pressroom.demo.step' },
  workflow: { project: 'pressroom.workflow.project', step: 'pressroom.workflow.step' },
} as const;

/** How often a page reopened while its book is being written looks again. */
const FOLLOW_MS = 1500;

/** Why a step's forward button waits, shown next to it. */
const NEXT_REASONS: Record<number, string> = {
  2: 'Choose at least one chapter to write.',
  3: 'The chapters and the summary are still being written.',
  4: 'Build the PDF first.',
  5: 'Generate the cover first.',
};

const initialForm: FlowForm = { ...EMPTY_BRIEF, provider: 'mock' };
const initialStructure = { chapters: DEFAULT_CHAPTER_COUNT, style: DEFAULT_WRITING_STYLE };

export function StepFlow({ kind }: { kind: FlowKind }) {
  const flow = FLOWS[kind];
  const isDemo = kind === 'demo';
  const last = flow.steps.length;
  const providers = useProviders(!isDemo);
  const [form, setForm] = useState(initialForm);
  const [files, setFiles] = useState<File[]>([]);
  const [structure, setStructure] = useState(initialStructure);
  const initialContent: ChapterSettingsValue = { mode: DEFAULT_GENERATION_MODE[kind], depth: DEFAULT_CONTENT_DEPTH, chosen: [] };
  const [content, setContent] = useState(initialContent);
  const [previews, setPreviews] = useState<Previews | null>(null);
  const [cover, setCover] = useState(DEFAULT_COVER);
  const [coverUrl, setCoverUrl] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<ReturnType<typeof briefFieldProblems>>({});
  const [done, setDone] = useState(false);
  const [tasks, setTasks] = useState<{ label: string; status: TaskStatus }[]>([]);
  // A reload (or ?project=) opens the book this tab was on, at the step it was shown, with what it already has.
  const book = useStagedBook({
    storageKey: STORAGE[kind].project,
    atKey: STORAGE[kind].step,
    start: 1,
    openFailed: 'Failed to load your book',
    opening: async (loaded, _build, shown) => {
      const shownPreviews = loaded.pdf_path ? await projectPreviews(loaded.project_id) : null;
      const furthest = furthestFlowStep(loaded, last);
      const at = shown ? Math.min(shown, furthest) : furthest;
      return {
        at,
        apply: () => {
          setForm({ title: loaded.title, author: loaded.author, idea: loaded.topic, pages: pagesOf(loaded.total_target_words), language: loaded.language, provider: loaded.ai_model });
          const planned = loaded.outline?.chapters.length ?? 0;
          setStructure((now) => ({ chapters: (CHAPTER_COUNTS as readonly number[]).includes(planned) ? planned : now.chapters, style: loaded.writing_style }));
          setContent((now) => ({ ...now, mode: loaded.generation_mode ?? now.mode, depth: loaded.content_depth ?? now.depth }));
          if (shownPreviews) setPreviews(shownPreviews);
          if (loaded.cover_path) setCoverUrl(`/api/projects/${loaded.project_id}/download/cover-png?inline=1`);
          if (!contentComplete(loaded)) void follow(loaded.project_id, at === furthest);
        },
      };
    },
  });
  const { project, id, build, busy, phase, error: apiError, at: step, go: setStep } = book;

  const aiModel = isDemo ? 'mock' : (providers.data?.find((p) => p.id === form.provider)?.modelAlias ?? form.provider);
  const filled = Boolean(form.title.trim() && form.author.trim() && form.idea.trim());

  const plan = (bookId: string) =>
    staged.outline(bookId, { title: form.title.trim(), author: form.author.trim(), book_idea: form.idea.trim(), ai_model: aiModel, chapter_count: structure.chapters, book_style: structure.style });

  const generateStructure = () => {
    // The workflow's fields have the minimum lengths they show; the demo only needs them filled (document 2).
    const found = briefFieldProblems(form, { minimums: !isDemo });
    setFieldErrors(found);
    if (!filled) return setFormError(DEMO_MESSAGES.required);
    if (Object.keys(found).length) return setFormError(Object.values(found).join(' '));
    setFormError(null);
    const labels = [...(files.length ? ['Process source files'] : []), 'Create the project', 'Plan the chapters'];
    let list = labels.map((label) => ({ label, status: 'pending' as TaskStatus }));
    const mark = (label: string, status: TaskStatus) => setTasks((list = list.map((t) => (t.label === label ? { ...t, status } : t))));
    setTasks(list);
    /** Runs one task of the list, marking it processing, then completed or error. */
    const task = async <T,>(label: string, run: () => Promise<T>): Promise<T> => {
      mark(label, 'processing');
      try {
        const result = await run();
        mark(label, 'completed');
        return result;
      } catch (error) {
        mark(label, 'error');
        throw error;
      }
    };
    void book.run('Generating the structure…', async () => {
      const created = await book.create(
        {
          source: isDemo ? 'demo' : 'workflow',
          name: projectName(form.title),
          title: form.title.trim(),
          author: form.author.trim(),
          topic: form.idea.trim(),
          writing_style: structure.style,
          total_target_words: wordsForPages(form.pages),
          language: form.language,
          ai_model: aiModel,
        },
        files,
        (call, run) => task(call === 'sources' ? 'Process source files' : 'Create the project', run),
      );
      await task('Plan the chapters', () => plan(created));
      await book.refresh(created);
      setStep(2);
    });
  };

  const replan = (bookId: string) =>
    book.run('Re-planning the chapters…', async () => {
      await plan(bookId);
      await book.refresh(bookId);
    });

  /**
   * A book reopened mid-stage (a reload, My Books' Resume): its run goes on writing without the page, so the page
   * follows it until the stage ends, then shows what it has; `advance` moves on to the step that reached.
   */
  const follow = (bookId: string, advance: boolean) =>
    book.run('Still writing: the book goes on without this page…', async () => {
      while ((await staged.writing(bookId)).writing) {
        await sleep(FOLLOW_MS);
        await book.refresh(bookId);
      }
      const latest = await book.refresh(bookId);
      if (advance) setStep(furthestFlowStep(latest, last));
    });

  /** The content step: writes what the book does not have yet (an introduction, chapters, the summary), then finalizes. */
  const generateContent = (bookId: string) =>
    book.run(project?.introduction ? 'Writing the chapters…' : 'Writing the introduction…', async () => {
      const had = await staged.project(bookId);
      if (!had.introduction) {
        book.dispatch({ type: 'progress', phase: 'generating_introduction' });
        await staged.introduction(bookId, aiModel);
        await book.refresh(bookId);
      }
      setStep(3);
      book.dispatch({ type: 'progress', busy: 'Writing the chapters…', phase: 'generating_chapters' });
      // A book reopened in selective mode no longer knows which chapters were chosen: the ones written stand.
      if (chapterSettingsReady(content)) {
        await book.writeChapters(bookId, aiModel, chapterChoiceOf(content), (e) =>
          e.event === 'chapter_start' ? { busy: `Writing chapter ${e.data.chapter_number} of ${e.data.total_chapters}…` } : {},
        );
      }
      if (!had.summary) {
        book.dispatch({ type: 'progress', busy: 'Writing the summary…', phase: 'generating_summary' });
        await staged.summary(bookId, aiModel);
      }
      if (!had.finalized) {
        book.dispatch({ type: 'progress', busy: 'Finalizing the structure…', phase: 'finalizing' });
        await staged.finalize(bookId);
      }
      await book.refresh(bookId);
      book.setTab(1);
    });

  const makePdf = (bookId: string) =>
    book.run('Typesetting the PDF, EPUB and Quarto project…', async () => {
      book.setBuild(await waitForBuild(bookId, undefined, book.setBuild));
      setPreviews(await projectPreviews(bookId));
      await book.refresh(bookId);
    });

  /** After a rebuild: the new files, their previews, and the project saying they are up to date. */
  const rebuilt = async (bookId: string) => {
    book.setBuild(await staged.buildStatus(bookId));
    setPreviews(await projectPreviews(bookId));
    await book.refresh(bookId);
  };

  const makeCover = (bookId: string) =>
    book.run('Designing the cover…', async () => {
      await staged.cover(bookId, aiModel, coverRequestOf(cover));
      book.setBuild(await staged.buildStatus(bookId));
      setCoverUrl(`/api/projects/${bookId}/download/cover-png?inline=1&v=${Date.now()}`);
    });

  const again = () => {
    book.forget();
    setForm(initialForm);
    setFiles([]);
    setStructure(initialStructure);
    setContent(initialContent);
    setPreviews(null);
    setCoverUrl(null);
    setDone(false);
    setTasks([]);
  };

  const words = chapterWords(project);
  const contentReady = contentComplete(project);
  const pdfReady = build?.status === 'complete';

  /** What Next does on each step, and whether it may. */
  const nextAction: Record<number, { label: string; run: () => void; enabled: boolean }> = {
    1: { label: 'Generate Structure', run: generateStructure, enabled: true },
    2: { label: 'Generate Content', run: () => (contentReady ? setStep(3) : id && void generateContent(id)), enabled: Boolean(id) && (contentReady || chapterSettingsReady(content)) },
    3: { label: isDemo ? 'Generate PDF' : 'Next', run: () => (isDemo && id && !pdfReady ? void makePdf(id).then(() => setStep(4)) : setStep(4)), enabled: contentReady },
    4: { label: isDemo ? 'Create Cover' : 'Next', run: () => setStep(5), enabled: pdfReady },
    5: { label: isDemo ? 'Complete Demo' : 'Next', run: () => (isDemo ? setDone(true) : setStep(6)), enabled: Boolean(coverUrl) },
  };
  const action = nextAction[step];
  // Each new step opens with its heading focused (not the top of the page, nor a button that has gone).
  const stepHeading = useFocusOnChange<HTMLHeadingElement>(done ? 'done' : step);

  return (
    <div className="page">
      <header className="static-header">
        <Link to="/">← Back to Home</Link>
        {isDemo ? <Link className="button button-small" to="/signup">Try Full Version</Link> : <Link to="/dashboard">My Books</Link>}
      </header>
      <main id="main" className="static-main generator">
        <h1>
          {flow.heading} {apiError && <span className="badge badge-error">API Error</span>}
        </h1>
        <ol className="step-circles" aria-label="Steps">
          {flow.steps.map((s, i) => {
            const n = i + 1;
            const state = n < step || done ? 'done' : n === step ? 'current' : 'todo';
            return (
              <li key={s} className={`step-circle step-${state}`} aria-current={n === step ? 'step' : undefined}>
                <span aria-hidden="true">{state === 'done' ? '✓' : n}</span> {s}
              </li>
            );
          })}
        </ol>
        {book.opening && <p className="muted">Loading your book…</p>}
        {apiError && (
          <div className="error-banner" role="alert">
            <strong>API Error</strong>: {apiError}
          </div>
        )}

        {done ? (
          <section className="card">
            <h2 ref={stepHeading} tabIndex={-1}>Demo complete</h2>
            <p>{DEMO_COMPLETE_TEXT}</p>
            <Link className="button" to="/signup">Start Creating Your Book</Link>
          </section>
        ) : (
          <section className="card stage-card" aria-labelledby="step-title">
            <h2 id="step-title" ref={stepHeading} tabIndex={-1}>{flow.steps[step - 1]}</h2>

            {step === 1 && (
              <IdeaStep isDemo={isDemo} form={form} onForm={setForm} fieldErrors={fieldErrors} onFiles={setFiles} providers={providers.data} formError={formError} tasks={tasks} />
            )}
            {step === 2 && id && (
              <StructureStep book={book} structure={structure} onStructure={setStructure} onReplan={() => void replan(id)} content={content} onContent={setContent} />
            )}
            {step === 3 && <ContentStep book={book} wordsPerMinute={flow.wordsPerMinute} onFinish={() => id && void generateContent(id)} />}
            {step === 4 && id && <ExportStep book={book} previews={previews} onBuild={() => void makePdf(id)} onRebuilt={() => rebuilt(id)} />}
            {step === 5 && id && <CoverStep book={book} cover={cover} onCover={setCover} coverUrl={coverUrl} onMake={() => void makeCover(id)} />}
            {step === 6 && project && id && build && (
              <BookComplete book={{ projectId: id, title: project.title, author: project.author, chapters: project.chapters.length, words, downloads: build.downloads }} source="workflow" onAgain={again}>
                <RebuildNotice projectId={id} outdated={project.files_outdated} onRebuilt={() => rebuilt(id)} />
              </BookComplete>
            )}

            {busy && phase ? (
              <ContentProgress phase={phase} written={project?.chapters.length ?? 0} planned={project?.outline?.chapters.length ?? 0} words={words} message={busy} />
            ) : (
              busy && <p className="muted" aria-live="polite">{busy}</p>
            )}
            {step < last || isDemo ? (
              <div className="path-buttons">
                {step > 1 && <button type="button" className="button button-secondary" disabled={Boolean(busy)} onClick={() => setStep(step - 1)}>{isDemo ? 'Back' : 'Previous'}</button>}
                {action && (
                  // aria-disabled, not disabled: the button stays on the Tab path, and says why it waits.
                  <button
                    type="button"
                    className="button"
                    aria-disabled={Boolean(busy) || !action.enabled || undefined}
                    aria-describedby={!busy && !action.enabled ? 'next-reason' : undefined}
                    onClick={() => !busy && action.enabled && action.run()}
                  >
                    {busy && !isDemo ? 'Processing...' : action.label}
                  </button>
                )}
                {action && !busy && !action.enabled && <small id="next-reason" className="muted">{NEXT_REASONS[step]}</small>}
              </div>
            ) : null}
          </section>
        )}
      </main>
    </div>
  );
}

export const Demo = () => <StepFlow kind="demo" />;
export const GuidedWorkflow = () => <StepFlow kind="workflow" />;
