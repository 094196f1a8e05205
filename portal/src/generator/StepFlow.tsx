import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  BOOK_STYLES,
  briefFieldProblems,
  CHAPTER_COUNTS,
  DEFAULT_CHAPTER_COUNT,
  DEFAULT_CONTENT_DEPTH,
  DEFAULT_GENERATION_MODE,
  DEFAULT_WRITING_STYLE,
  DEMO_MESSAGES,
  DEMO_PRESETS,
  projectName,
  readingMinutes,
  estimatedPages,
  plural,
  wordsForPages,
  type ProviderId,
} from '../../../libs/domain/index.ts';
import { OwnedImage, PreviewStrip } from '../components/OwnedImage.tsx';
import { useFocusOnChange } from '../components/useFocusOnChange.ts';
import { ChapterStructure, useChapterLayout } from '../editor/ChapterStructure.tsx';
import { ChapterWorkspace } from '../editor/LazyChapterWorkspace.tsx';
import { RebuildNotice } from '../editor/RebuildNotice.tsx';
import { projectPreviews, sleep, staged, streamChapters, uploadSources, waitForBuild, type BuildStatus, type Previews, type ProjectView } from './api.ts';
import { MockLanguageNotice } from './MockLanguageNotice.tsx';
import { useProviders } from './providers.ts';
import { ChapterSettingsFields, chapterChoiceOf, chapterSettingsReady, type ChapterSettingsValue } from './ChapterSettingsFields.tsx';
import { ProviderToggle } from './ProviderToggle.tsx';
import { BookDownloads, saveBlob } from './BookDownloads.tsx';
import { OutlineEditor } from './OutlineEditor.tsx';
import { ContentProgress, type ContentStage } from './StageProgress.tsx';
import { BookBriefFields, EMPTY_BRIEF, pagesOf } from './BookBriefFields.tsx';
import { CoverChoiceFields, coverRequestOf, DEFAULT_COVER } from './CoverChoiceFields.tsx';
import { BookComplete } from './BookComplete.tsx';
import { openedProject } from './sessionProject.ts';

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


type TaskStatus = 'pending' | 'processing' | 'completed' | 'error';

/** Where each flow keeps the book it is on and the step shown, for a reload (session storage, like the wizard). */
const STORAGE = {
  demo: { project: 'pressroom.demo.project', step: 'pressroom.demo.step' },
  workflow: { project: 'pressroom.workflow.project', step: 'pressroom.workflow.step' },
} as const;

/** The furthest step a book may be shown on, from what it has (a cover opens the last step). */
function furthestStep(project: ProjectView, last: number): number {
  if (project.cover_path) return last;
  if (project.pdf_path) return 5;
  if (contentComplete(project)) return 4;
  if (project.introduction || project.chapters.length) return 3;
  return project.outline ? 2 : 1;
}

/** The content step is done: the summary written and the structure finalized (what a build needs). */
const contentComplete = (project: ProjectView | null) => Boolean(project?.summary && project.finalized);

/** How often a page reopened while its book is being written looks again. */
const FOLLOW_MS = 1500;


/** Why a step's forward button waits, shown next to it. */
const NEXT_REASONS: Record<number, string> = {
  2: 'Choose at least one chapter to write.',
  3: 'The chapters and the summary are still being written.',
  4: 'Build the PDF first.',
  5: 'Generate the cover first.',
};

/** The whole book as one Markdown file, made in the page from the chapters it already has. */
function markdownOf(project: ProjectView): string {
  return [
    `# ${project.title}`,
    `*by ${project.author}*`,
    project.introduction ? `## Introduction\n\n${project.introduction}` : '',
    ...project.chapters.map((c) => `## ${c.chapter_number}. ${c.chapter_title}\n\n${c.content}`),
    project.summary ? `## Summary\n\n${project.summary}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const initialForm = { ...EMPTY_BRIEF, provider: 'mock' as ProviderId };

export function StepFlow({ kind }: { kind: FlowKind }) {
  const flow = FLOWS[kind];
  const isDemo = kind === 'demo';
  const providers = useProviders(!isDemo);
  const [step, setStep] = useState(1);
  const [form, setForm] = useState(initialForm);
  const [files, setFiles] = useState<File[]>([]);
  const [structure, setStructure] = useState({ chapters: DEFAULT_CHAPTER_COUNT, style: DEFAULT_WRITING_STYLE });
  const initialContent: ChapterSettingsValue = { mode: DEFAULT_GENERATION_MODE[kind], depth: DEFAULT_CONTENT_DEPTH, chosen: [] };
  const [content, setContent] = useState(initialContent);
  const [project, setProject] = useState<ProjectView | null>(null);
  const [writing, setWriting] = useState<number | null>(null);
  const [build, setBuild] = useState<BuildStatus | null>(null);
  const [previews, setPreviews] = useState<Previews | null>(null);
  const [cover, setCover] = useState(DEFAULT_COVER);
  const [coverUrl, setCoverUrl] = useState<string | null>(null);
  const [tab, setTab] = useState(1);
  const layout = useChapterLayout();
  const [busy, setBusy] = useState<string | null>(null);
  /** The content stage running now, shown with the same progress view as the one-shot generator. */
  const [phase, setPhase] = useState<ContentStage | null>(null);
  const [apiError, setApiError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<ReturnType<typeof briefFieldProblems>>({});
  const [done, setDone] = useState(false);
  const [tasks, setTasks] = useState<{ label: string; status: TaskStatus }[]>([]);
  const storage = STORAGE[kind];
  const [restoring, setRestoring] = useState(() => Boolean(openedProject(storage.project)));

  // A reload (or ?project=) opens the book this tab was on, at the step it was shown, with what it already has.
  useEffect(() => {
    const stored = sessionStorage.getItem(storage.project);
    if (!stored) return;
    // The step shown is read before the book is: once the book is on the page, the page records its own step there.
    const shown = Number(sessionStorage.getItem(storage.step));
    void (async () => {
      try {
        const loaded = await staged.project(stored);
        const built = loaded.pdf_path ? await Promise.all([staged.buildStatus(stored), projectPreviews(stored)]) : null;
        // Everything in one render, so the book never shows at a step it was not on.
        setProject(loaded);
        setForm({ title: loaded.title, author: loaded.author, idea: loaded.topic, pages: pagesOf(loaded.total_target_words), language: loaded.language, provider: loaded.ai_model });
        const planned = loaded.outline?.chapters.length ?? 0;
        setStructure((now) => ({ chapters: (CHAPTER_COUNTS as readonly number[]).includes(planned) ? planned : now.chapters, style: loaded.writing_style }));
        setContent((now) => ({ ...now, mode: loaded.generation_mode ?? now.mode, depth: loaded.content_depth ?? now.depth }));
        if (built) {
          setBuild(built[0]);
          setPreviews(built[1]);
        }
        if (loaded.cover_path) setCoverUrl(`/api/projects/${stored}/download/cover-png?inline=1`);
        const furthest = furthestStep(loaded, FLOWS[kind].steps.length);
        const opened = shown >= 1 ? Math.min(shown, furthest) : furthest;
        setStep(opened);
        if (!contentComplete(loaded)) void follow(stored, opened === furthest);
      } catch (e) {
        sessionStorage.removeItem(storage.project);
        setApiError((e as Error).message || 'Failed to load your book');
      } finally {
        setRestoring(false);
      }
    })();
  }, [kind, storage]);

  useEffect(() => {
    if (project) sessionStorage.setItem(storage.step, String(step));
  }, [project, step, storage]);

  const aiModel = isDemo ? 'mock' : (providers.data?.find((p) => p.id === form.provider)?.modelAlias ?? form.provider);
  const filled = Boolean(form.title.trim() && form.author.trim() && form.idea.trim());

  async function work(label: string, task: () => Promise<void>) {
    setBusy(label);
    setApiError(null);
    try {
      await task();
    } catch (e) {
      setApiError((e as Error).message || 'An error occurred');
    } finally {
      setBusy(null);
      setWriting(null);
      setPhase(null);
    }
  }

  const plan = (id: string) =>
    staged.outline(id, { title: form.title.trim(), author: form.author.trim(), book_idea: form.idea.trim(), ai_model: aiModel, chapter_count: structure.chapters, book_style: structure.style });

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
    void work('Generating the structure…', async () => {
      const sources = files.length ? await task('Process source files', () => uploadSources(files)) : null;
      const created = await task('Create the project', () =>
        staged.create({
          source: isDemo ? 'demo' : 'workflow',
          name: projectName(form.title),
          title: form.title.trim(),
          author: form.author.trim(),
          topic: form.idea.trim(),
          writing_style: structure.style,
          total_target_words: wordsForPages(form.pages),
          language: form.language,
          ai_model: aiModel,
          ...(sources ? { source_materials: sources.source_materials_id } : {}),
        }),
      );
      sessionStorage.setItem(storage.project, created.project_id);
      await task('Plan the chapters', () => plan(created.project_id));
      setProject(await staged.project(created.project_id));
      setStep(2);
    });
  };

  const replan = (id: string) =>
    work('Re-planning the chapters…', async () => {
      await plan(id);
      setProject(await staged.project(id));
    });

  /**
   * A book reopened mid-stage (a reload, My Books' Resume): its run goes on writing without the page, so the page
   * follows it until the stage ends, then shows what it has; `advance` moves on to the step that reached.
   */
  const follow = (id: string, advance: boolean) =>
    work('Still writing: the book goes on without this page…', async () => {
      while ((await staged.writing(id)).writing) {
        await sleep(FOLLOW_MS);
        setProject(await staged.project(id));
      }
      const latest = await staged.project(id);
      setProject(latest);
      if (advance) setStep(furthestStep(latest, flow.steps.length));
    });

  /** The content step: writes what the book does not have yet (an introduction, chapters, the summary), then finalizes. */
  const generateContent = (id: string) =>
    work(project?.introduction ? 'Writing the chapters…' : 'Writing the introduction…', async () => {
      const had = await staged.project(id);
      if (!had.introduction) {
        setPhase('generating_introduction');
        await staged.introduction(id, aiModel);
        setProject(await staged.project(id));
      }
      setStep(3);
      setBusy('Writing the chapters…');
      setPhase('generating_chapters');
      // A book reopened in selective mode no longer knows which chapters were chosen: the ones written stand.
      if (chapterSettingsReady(content)) await streamChapters(
        id,
        aiModel,
        (e) => {
          if (e.event === 'chapter_start') {
            setWriting(e.data.chapter_number);
            setBusy(`Writing chapter ${e.data.chapter_number} of ${e.data.total_chapters}…`);
          }
          if (e.event === 'chapter_complete') void staged.project(id).then(setProject);
        },
        chapterChoiceOf(content),
      );
      if (!had.summary) {
        setBusy('Writing the summary…');
        setPhase('generating_summary');
        await staged.summary(id, aiModel);
      }
      if (!had.finalized) {
        setBusy('Finalizing the structure…');
        setPhase('finalizing');
        await staged.finalize(id);
      }
      setProject(await staged.project(id));
      setTab(1);
    });

  const makePdf = (id: string) =>
    work('Typesetting the PDF, EPUB and Quarto project…', async () => {
      setBuild(await waitForBuild(id, undefined, setBuild));
      setPreviews(await projectPreviews(id));
      setProject(await staged.project(id));
    });

  /** After a rebuild: the new files, their previews, and the project saying they are up to date. */
  const rebuilt = async (id: string) => {
    setBuild(await staged.buildStatus(id));
    setPreviews(await projectPreviews(id));
    setProject(await staged.project(id));
  };

  const makeCover = (id: string) =>
    work('Designing the cover…', async () => {
      await staged.cover(id, aiModel, coverRequestOf(cover));
      setBuild(await staged.buildStatus(id));
      setCoverUrl(`/api/projects/${id}/download/cover-png?inline=1&v=${Date.now()}`);
    });

  const again = () => {
    sessionStorage.removeItem(storage.project);
    sessionStorage.removeItem(storage.step);
    setForm(initialForm);
    setFiles([]);
    setStructure({ chapters: DEFAULT_CHAPTER_COUNT, style: DEFAULT_WRITING_STYLE });
    setContent(initialContent);
    setProject(null);
    setBuild(null);
    setPreviews(null);
    setCoverUrl(null);
    setApiError(null);
    setDone(false);
    setTasks([]);
    setStep(1);
  };

  const id = project?.project_id;
  const chapter = project?.chapters.find((c) => c.chapter_number === tab);
  const words = project?.chapters.reduce((sum, c) => sum + c.word_count, 0) ?? 0;
  const planned = project?.outline?.chapters ?? [];
  const plannedWords = project?.total_target_words ?? 0;
  const contentReady = contentComplete(project);
  const pdfReady = build?.status === 'complete';
  const last = flow.steps.length;

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
        {restoring && <p className="muted">Loading your book…</p>}
        {apiError && (
          <div className="error-banner" role="alert">
            <strong>API Error</strong>: {apiError}
          </div>
        )}

        {done ? (
          <section className="card">
            <h2 ref={stepHeading} tabIndex={-1}>Demo complete</h2>
            <p>That was the whole flow on sample content. Create a free account to write your own book with a real AI model and keep it in My Books.</p>
            <Link className="button" to="/signup">Start Creating Your Book</Link>
          </section>
        ) : (
          <section className="card stage-card" aria-labelledby="step-title">
            <h2 id="step-title" ref={stepHeading} tabIndex={-1}>{flow.steps[step - 1]}</h2>

            {step === 1 && (
              <div>
                {isDemo && (
                  <>
                    <p className="muted">Start from an example, or describe your own book.</p>
                    <div className="path-buttons">
                      {DEMO_PRESETS.map((p) => (
                        <button key={p.label} type="button" className="button button-secondary button-small" onClick={() => setForm({ ...form, title: p.title, author: p.author, idea: p.idea })}>
                          {p.label}
                        </button>
                      ))}
                    </div>
                  </>
                )}
                <BookBriefFields value={form} onChange={(brief) => setForm({ ...form, ...brief })} errors={fieldErrors} minimums={!isDemo} {...(isDemo ? {} : { onFiles: setFiles })} />
                {!isDemo && <ProviderToggle providers={providers.data} value={form.provider} onChange={(provider) => setForm({ ...form, provider })} />}
                <MockLanguageNotice provider={isDemo ? 'mock' : form.provider} language={form.language} />
                {formError && <p className="error-text" role="alert">{formError}</p>}
                {tasks.length > 0 && (
                  <ul className="task-list" aria-label="Tasks">
                    {tasks.map((t) => (
                      <li key={t.label} data-status={t.status}>
                        {t.label}: <span className={`status status-${t.status === 'error' ? 'failed' : t.status}`}>{t.status}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}

            {step === 2 && project && id && (
              <div>
                <p>{project.topic}</p>
                <div className="structure-settings">
                  <label className="inline-field">
                    Chapters
                    <select value={structure.chapters} onChange={(e) => setStructure({ ...structure, chapters: Number(e.target.value) })} aria-label="Chapters">
                      {CHAPTER_COUNTS.map((n) => <option key={n} value={n}>{n}</option>)}
                    </select>
                  </label>
                  <label className="inline-field">
                    Style
                    <select value={structure.style} onChange={(e) => setStructure({ ...structure, style: e.target.value })} aria-label="Style">
                      {BOOK_STYLES.map((s) => <option key={s} value={s}>{s}</option>)}
                    </select>
                  </label>
                  <button type="button" className="button button-secondary button-small" disabled={Boolean(busy) || contentReady} onClick={() => void replan(id)}>Apply</button>
                </div>
                <OutlineEditor project={project} onSaved={setProject} disabled={Boolean(busy) || project.finalized}>
                  <ol className="toc">
                    {planned.map((c) => (
                      <li key={c.chapter_number}>
                        <strong>{c.chapter_title}</strong> <span className="muted">· ~{c.estimated_pages} pages</span>
                        <ul>{c.chapter_ideas.map((idea) => <li key={idea}>{idea}</li>)}</ul>
                      </li>
                    ))}
                  </ol>
                </OutlineEditor>
                <ChapterSettingsFields value={content} onChange={setContent} chapters={planned} disabled={contentReady} />
                <p className="muted stats">
                  {plural(planned.length, 'chapter')} · about {estimatedPages(plannedWords)} pages · {Math.round(plannedWords * 0.9).toLocaleString()}-{Math.round(plannedWords * 1.1).toLocaleString()} words
                </p>
              </div>
            )}

            {step === 3 && project && (
              <div>
                <div role="tablist" aria-label="Chapters" className="tabs">
                  {planned.map((c) => {
                    const written = project.chapters.some((w) => w.chapter_number === c.chapter_number);
                    const icon = writing === c.chapter_number ? '…' : written ? '✓' : '○';
                    return (
                      <button key={c.chapter_number} type="button" role="tab" aria-selected={tab === c.chapter_number} disabled={!written} onClick={() => setTab(c.chapter_number)}>
                        {c.chapter_number} <span aria-label={writing === c.chapter_number ? 'generating' : written ? 'done' : 'not yet'}>{icon}</span>
                      </button>
                    );
                  })}
                </div>
                {id && !project.finalized && (
                  <ChapterStructure
                    project={project}
                    current={chapter?.chapter_number ?? null}
                    disabled={Boolean(busy)}
                    beforeChange={layout.beforeChange}
                    onChanged={(after, n) => (setProject(after), layout.changed(), setTab(n ?? 1))}
                    onWrite={(n) => staged.regenerate(id, n)}
                  />
                )}
                {chapter && id && (
                  <div role="tabpanel" aria-label={`Chapter ${chapter.chapter_number}`}>
                    <h3>{chapter.chapter_number}. {chapter.chapter_title}</h3>
                    <ChapterWorkspace
                      key={`${id}-${layout.layout}-${chapter.chapter_number}`}
                      projectId={id}
                      chapter={chapter.chapter_number}
                      language={project.language}
                      readOnly={busy}
                      wordsPerMinute={flow.wordsPerMinute}
                      flushRef={layout.flushRef}
                      onSaved={() => void staged.project(id).then(setProject)}
                      {...(project.finalized ? {} : { onRegenerate: () => staged.regenerate(id, chapter.chapter_number).then(() => staged.project(id).then(setProject)) })}
                    />
                  </div>
                )}
                {id && !contentReady && !busy && (
                  <div className="notice">
                    <p>This book stopped before its content was finished. Finishing writes only what is missing (no written chapter or introduction is written again), then the summary.</p>
                    <button type="button" className="button button-secondary" onClick={() => void generateContent(id)}>Finish writing</button>
                  </div>
                )}
                {project.chapters.length > 0 && (
                  <p className="muted">
                    {contentReady ? 'Book' : 'Written so far'}: {plural(project.chapters.length, 'chapter')}, {plural(words, 'word')}, about {estimatedPages(words)} pages, {plural(readingMinutes(words, flow.wordsPerMinute), 'minute')} to read.
                  </p>
                )}
              </div>
            )}

            {step === 4 && project && id && (
              <div>
                {!pdfReady && (
                  <button type="button" className="button" disabled={Boolean(busy)} onClick={() => void makePdf(id)}>Build PDF</button>
                )}
                {build && !pdfReady && <p className="muted" aria-live="polite">{build.message}</p>}
                {pdfReady && build && (
                  <>
                    <RebuildNotice projectId={id} outdated={project.files_outdated} onRebuilt={() => rebuilt(id)} />
                    {previews && <PreviewStrip previews={previews} />}
                    <BookDownloads title={project.title} downloads={build.downloads} />
                    <div className="book-actions">
                      <button type="button" className="button button-secondary button-small" onClick={() => saveBlob(new Blob([markdownOf(project)], { type: 'text/markdown' }), `${projectName(project.title)}.md`)}>
                        Download Markdown
                      </button>
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        onClick={async () => {
                          // The HTML maker (Markdown and YAML libraries) loads when it is asked for, not with the page.
                          const page = (await import('./exports.ts')).htmlExport(project);
                          saveBlob(new Blob([page.content], { type: page.type }), page.name);
                        }}
                      >
                        Download HTML website
                      </button>
                    </div>
                    <p className="muted">{build.page_count} pages, typeset for 6x9 in print · {project.chapters.length} chapters · {words.toLocaleString()} words.</p>
                  </>
                )}
              </div>
            )}

            {step === 5 && project && id && (
              <div>
                <CoverChoiceFields value={cover} onChange={setCover} disabled={Boolean(busy)} />
                <button type="button" className="button button-secondary" disabled={Boolean(busy)} onClick={() => void makeCover(id)}>Generate AI Cover</button>
                {coverUrl && <OwnedImage key={coverUrl} src={coverUrl} alt="Front cover" className="demo-cover" />}
                {coverUrl && build && <BookDownloads title={project.title} downloads={{ 'cover-pdf': build.downloads['cover-pdf'] }} />}
              </div>
            )}

            {step === 6 && project && id && build && (
              <BookComplete book={{ projectId: id, title: project.title, author: project.author, chapters: project.chapters.length, words, downloads: build.downloads }} source="workflow" onAgain={again}>
                <RebuildNotice projectId={id} outdated={project.files_outdated} onRebuilt={() => rebuilt(id)} />
              </BookComplete>
            )}

            {busy && phase ? (
              <ContentProgress phase={phase} written={project?.chapters.length ?? 0} planned={planned.length} words={words} message={busy} />
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
