import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  briefFieldProblems,
  DEFAULT_CONTENT_DEPTH,
  DEFAULT_GENERATION_MODE,
  DEFAULT_WRITING_STYLE,
  GenerationMessages,
  inferWizardStage,
  projectName,
  WIZARD_STAGES,
  wordsForPages,
  type ProviderId,
  type WizardStage,
} from '../../../libs/domain/index.ts';
import { bookTextProps } from '../components/bookText.ts';
import { PreviewStrip } from '../components/OwnedImage.tsx';
import { useFocusOnChange } from '../components/useFocusOnChange.ts';
import { ChapterStructure, useChapterLayout } from '../editor/ChapterStructure.tsx';
import { ChapterWorkspace } from '../editor/LazyChapterWorkspace.tsx';
import { RebuildNotice } from '../editor/RebuildNotice.tsx';
import { projectPreviews, staged, streamChapters, uploadSources, waitForBuild, type BuildStatus, type ProjectView } from './api.ts';
import { MockLanguageNotice } from './MockLanguageNotice.tsx';
import { useProviders } from './providers.ts';
import { ChapterSettingsFields, chapterChoiceOf, chapterSettingsReady, type ChapterSettingsValue } from './ChapterSettingsFields.tsx';
import { BookComplete } from './BookComplete.tsx';
import { OutlineEditor } from './OutlineEditor.tsx';
import { ContentProgress, type ContentStage } from './StageProgress.tsx';
import { BookBriefFields, EMPTY_BRIEF, pagesOf, type BookBrief } from './BookBriefFields.tsx';
import { CoverChoiceFields, coverRequestOf, DEFAULT_COVER } from './CoverChoiceFields.tsx';
import { ProviderToggle } from './ProviderToggle.tsx';
import { openedProject } from './sessionProject.ts';

/** The project the wizard is on: kept in session storage, so a reload or /resume-project picks it up. */
export const WIZARD_PROJECT_KEY = 'pressroom.wizard.project';

/** The pages built from this one wizard differ only in names, form rules and extra downloads. */
export interface WizardVariant {
  heading: string;
  storageKey: string;
  source: string;
  titles?: Partial<Record<WizardStage, string>>;
  validate: (brief: BookBrief) => string | null;
  extras?: (stage: WizardStage, project: ProjectView) => ReactNode;
}

export const STEP_BY_STEP: WizardVariant = {
  heading: 'AI Book Generator',
  storageKey: WIZARD_PROJECT_KEY,
  source: 'wizard',
  validate: (f) => (f.title.trim() && f.author.trim() && f.idea.trim() ? null : GenerationMessages.wizardFieldsRequired),
};


const STAGE_TITLES: Record<WizardStage, string> = {
  idle: 'Book Details',
  project_created: 'Project created',
  outline_generated: 'Outline generated',
  introduction_generated: 'Introduction written',
  chapters_generated: 'Chapters created',
  summary_generated: 'Summary written',
  project_finalized: 'Structure finalized',
  pdf_built: 'PDF built',
  cover_generated: 'Cover created',
  complete: 'Complete',
};

const BUTTONS: Record<WizardStage, string> = {
  idle: 'Create Project',
  project_created: 'Generate Outline',
  outline_generated: 'Write Introduction',
  introduction_generated: 'Generate Chapters',
  chapters_generated: 'Write Summary',
  summary_generated: 'Finalize Structure',
  project_finalized: 'Build PDF',
  pdf_built: 'Generate Cover',
  cover_generated: 'Complete Book',
  complete: 'Download Book',
};

/** The stages whose text the author may ask to have written again; going forward never does. */
const WRITE_AGAIN: Partial<Record<WizardStage, { label: string; busy: string; call: (id: string, aiModel: string) => Promise<unknown> }>> = {
  introduction_generated: { label: 'Write Introduction Again', busy: 'Writing the introduction again…', call: (id, aiModel) => staged.introduction(id, aiModel) },
  summary_generated: { label: 'Write Summary Again', busy: 'Writing the summary again…', call: (id, aiModel) => staged.summary(id, aiModel) },
};

/** The stages after the book's files are built: where a notice says when they are older than the text. */
const BUILT_STAGES: WizardStage[] = ['pdf_built', 'cover_generated', 'complete'];

/** /ai-generator (and its older variants): the book one stage at a time, each stage a call to the staged API. */
export function Wizard({ variant = STEP_BY_STEP }: { variant?: WizardVariant }) {
  const titles = { ...STAGE_TITLES, ...variant.titles };
  const providers = useProviders();
  const [stage, setStage] = useState<WizardStage>('idle');
  const [project, setProject] = useState<ProjectView | null>(null);
  const [form, setForm] = useState({ ...EMPTY_BRIEF, provider: 'mock' as ProviderId });
  const [cover, setCover] = useState(DEFAULT_COVER);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState(1);
  const layout = useChapterLayout();
  const [build, setBuild] = useState<BuildStatus | null>(null);
  const [resuming, setResuming] = useState(() => Boolean(openedProject(variant.storageKey)));
  const [chapterSettings, setChapterSettings] = useState<ChapterSettingsValue>({ mode: DEFAULT_GENERATION_MODE.workflow, depth: DEFAULT_CONTENT_DEPTH, chosen: [] });

  const id = project?.project_id ?? null;
  /** The furthest stage the book has reached, read from what it has: stages up to it are done and never re-run by going forward. */
  const reached: WizardStage = project ? inferWizardStage(project) : 'idle';
  const aiModel = providers.data?.find((p) => p.id === (project?.ai_model ?? form.provider))?.modelAlias ?? form.provider;
  const refresh = async (projectId: string) => {
    const next = await staged.project(projectId);
    setProject(next);
    return next;
  };

  // Resume: a stored project id is read on load and its stage inferred from what it has.
  useEffect(() => {
    const stored = sessionStorage.getItem(variant.storageKey);
    if (!stored) return;
    staged
      .project(stored)
      .then(async (loaded) => {
        setProject(loaded);
        // A resumed book offers the settings it was written with.
        setChapterSettings((now) => ({ ...now, mode: loaded.generation_mode ?? now.mode, depth: loaded.content_depth ?? now.depth }));
        const inferred = inferWizardStage(loaded);
        setStage(inferred);
        if (inferred === 'complete' || inferred === 'cover_generated' || inferred === 'pdf_built') setBuild(await staged.buildStatus(loaded.project_id));
      })
      .catch((e: Error) => {
        sessionStorage.removeItem(variant.storageKey);
        setError(e.message || 'Failed to load project. Check that the project ID is correct and the project exists.');
      })
      .finally(() => setResuming(false));
  }, [variant.storageKey]);

  /** Runs one stage; a failure stays on the stage card with its message. */
  async function run(label: string, work: () => Promise<WizardStage>, writing?: ContentStage) {
    setBusy(label);
    setPhase(writing ?? null);
    setError(null);
    try {
      setStage(await work());
    } catch (e) {
      setError((e as Error).message || 'An error occurred');
    } finally {
      setBusy(null);
      setPhase(null);
    }
  }

  /** The content stage a forward call is writing: shown with the same progress view as every generator's. */
  const [phase, setPhase] = useState<ContentStage | null>(null);
  const [briefErrors, setBriefErrors] = useState<ReturnType<typeof briefFieldProblems>>({});
  // Each stage opens with its heading focused, so the keyboard goes on from the new stage.
  const stageHeading = useFocusOnChange<HTMLHeadingElement>(stage);

  async function createProject(event: FormEvent) {
    event.preventDefault();
    const problem = variant.validate(form);
    setBriefErrors(problem ? briefFieldProblems(form, { minimums: false }) : {});
    if (problem) return setError(problem);
    await run('Creating the project…', async () => {
      const sources = files.length ? await uploadSources(files).catch((e: Error) => Promise.reject(new Error(`Failed to process source materials: ${e.message}`))) : null;
      const created = await staged.create({
        source: variant.source,
        name: projectName(form.title),
        title: form.title.trim(),
        author: form.author.trim(),
        topic: form.idea.trim(),
        writing_style: DEFAULT_WRITING_STYLE,
        total_target_words: wordsForPages(form.pages),
        language: form.language,
        ai_model: aiModel,
        ...(sources ? { source_materials: sources.source_materials_id } : {}),
      });
      sessionStorage.setItem(variant.storageKey, created.project_id);
      await refresh(created.project_id);
      return 'project_created';
    });
  }

  const [chapterNote, setChapterNote] = useState<string | null>(null);
  async function next() {
    if (!id || !project) return;
    const index = WIZARD_STAGES.indexOf(stage);
    if (index < WIZARD_STAGES.indexOf(reached)) {
      setError(null);
      return setStage(WIZARD_STAGES[index + 1] as WizardStage);
    }
    switch (stage) {
      case 'project_created':
        return run('Planning the chapters…', async () => {
          await staged.outline(id, { title: project.title, author: project.author, book_idea: project.topic, ai_model: aiModel });
          await refresh(id);
          return 'outline_generated';
        });
      case 'outline_generated':
        return run('Writing the introduction…', async () => {
          await staged.introduction(id, aiModel);
          await refresh(id);
          return 'introduction_generated';
        }, 'generating_introduction');
      case 'introduction_generated':
        return run('Writing the chapters…', async () => {
          await streamChapters(id, aiModel, (e) => {
            if (e.event === 'chapter_start') setChapterNote(`Writing chapter ${e.data.chapter_number} of ${e.data.total_chapters}: ${e.data.chapter_title}`);
            if (e.event === 'chapter_complete') void refresh(id);
            if (e.event === 'all_complete') setChapterNote(`${e.data.chapters_generated} chapters, ${e.data.total_word_count.toLocaleString()} words`);
          }, chapterChoiceOf(chapterSettings));
          await refresh(id);
          setTab(1);
          return 'chapters_generated';
        }, 'generating_chapters');
      case 'chapters_generated':
        return run('Writing the summary…', async () => {
          await staged.summary(id, aiModel);
          await refresh(id);
          return 'summary_generated';
        }, 'generating_summary');
      case 'summary_generated':
        return run('Finalizing the structure…', async () => {
          await staged.finalize(id);
          await refresh(id);
          return 'project_finalized';
        }, 'finalizing');
      case 'project_finalized':
        return run('Typesetting the PDF…', async () => {
          setBuild(await waitForBuild(id, await staged.build(id)));
          await refresh(id);
          return 'pdf_built';
        });
      case 'pdf_built':
        return run('Designing the cover…', async () => {
          await staged.cover(id, aiModel, coverRequestOf(cover));
          setBuild(await staged.buildStatus(id));
          await refresh(id);
          return 'cover_generated';
        });
      case 'cover_generated':
        return setStage('complete');
      default:
    }
  }

  /** The one way a finished stage runs again: the author asks for it (introduction or summary, until the book is final). */
  const writeAgain = WRITE_AGAIN[stage];
  const mayWriteAgain = Boolean(writeAgain && project && !project.finalized);
  function rewrite() {
    if (!id || !writeAgain) return;
    const shown = stage;
    void run(writeAgain.busy, async () => {
      await writeAgain.call(id, aiModel);
      await refresh(id);
      return shown;
    });
  }

  const previous = () => {
    const index = WIZARD_STAGES.indexOf(stage);
    if (index > 0) setStage(WIZARD_STAGES[index - 1] as WizardStage);
    setError(null);
  };
  const startOver = () => {
    sessionStorage.removeItem(variant.storageKey);
    setProject(null);
    setBuild(null);
    setError(null);
    setStage('idle');
  };

  const chapters = project?.chapters ?? [];
  const toc = project?.outline?.chapters ?? [];
  const current = chapters.find((c) => c.chapter_number === tab);
  const stageIndex = WIZARD_STAGES.indexOf(stage);
  const reachedIndex = WIZARD_STAGES.indexOf(reached);
  // Over a finished stage the forward button only moves on; 'Complete Book' keeps its name (it calls nothing either way).
  const forwardLabel = stageIndex < reachedIndex && stage !== 'cover_generated' ? 'Next' : BUTTONS[stage];

  return (
    <div className="page">
      <header className="static-header">
        <Link to="/">← Back to Home</Link>
        <Link to="/resume-project">Resume Project</Link>
      </header>
      <main id="main" className="static-main generator">
        <h1>{variant.heading}</h1>
        <ol className="wizard-steps" aria-label="Stages">
          {WIZARD_STAGES.map((s, i) => (
            <li key={s} className={i === stageIndex ? 'current' : i <= reachedIndex ? 'done' : ''} aria-current={i === stageIndex ? 'step' : undefined}>
              {titles[s]}
            </li>
          ))}
        </ol>
        {resuming && <p className="muted">Loading your project…</p>}

        <section className="card stage-card" aria-labelledby="stage-title">
          <h2 id="stage-title" ref={stageHeading} tabIndex={-1}>{titles[stage]}</h2>
          {stage === 'idle' && !project ? (
            <form onSubmit={(e) => void createProject(e)} noValidate>
              <BookBriefFields value={form} onChange={(brief) => setForm({ ...form, ...brief })} errors={briefErrors} minimums={false} onFiles={setFiles} />
              <ProviderToggle providers={providers.data} value={form.provider} onChange={(provider) => setForm({ ...form, provider })} />
              <MockLanguageNotice provider={form.provider} language={form.language} />
              {error && <p className="error-banner" role="alert">{error}</p>}
              <button type="submit" className="button" disabled={Boolean(busy)}>{busy ?? BUTTONS.idle}</button>
            </form>
          ) : (
            <>
              <StageBody stage={stage} project={project} toc={toc} build={build} busy={Boolean(busy)} onOutlineSaved={setProject} modelName={providers.data?.find((p) => p.id === project?.ai_model)?.displayName} />
              {project && variant.extras?.(stage, project)}
              {stage === 'introduction_generated' && (reached === stage || Boolean(busy)) && (
                <ChapterSettingsFields value={chapterSettings} onChange={setChapterSettings} chapters={toc} disabled={Boolean(busy)} />
              )}
              {stage === 'chapters_generated' && (
                <div className="chapter-tabs">
                  <div role="tablist" aria-label="Chapters" className="tabs">
                    {toc.map((c) => {
                      const written = chapters.some((w) => w.chapter_number === c.chapter_number);
                      return (
                        <button key={c.chapter_number} type="button" role="tab" aria-selected={tab === c.chapter_number} disabled={!written} onClick={() => setTab(c.chapter_number)}>
                          {c.chapter_number}{written ? ' ✓' : ''}
                        </button>
                      );
                    })}
                  </div>
                  {project && id && !project.finalized && (
                    <ChapterStructure
                      project={project}
                      current={current?.chapter_number ?? null}
                      disabled={Boolean(busy)}
                      beforeChange={layout.beforeChange}
                      onChanged={(after, n) => (setProject(after), layout.changed(), setTab(n ?? 1))}
                      onWrite={(n) => staged.regenerate(id, n)}
                    />
                  )}
                  {current && id && (
                    <div role="tabpanel" aria-label={`Chapter ${current.chapter_number}`}>
                      <h3>{current.chapter_number}. {current.chapter_title}</h3>
                      <ChapterWorkspace
                        key={`${id}-${layout.layout}-${current.chapter_number}`}
                        projectId={id}
                        chapter={current.chapter_number}
                        language={project?.language}
                        readOnly={busy}
                        flushRef={layout.flushRef}
                        onSaved={() => void refresh(id)}
                        onRegenerate={() =>
                          run(`Rewriting chapter ${current.chapter_number}…`, async () => {
                            await staged.regenerate(id, current.chapter_number);
                            await refresh(id);
                            return 'chapters_generated';
                          })
                        }
                      />
                    </div>
                  )}
                </div>
              )}
              {id && project && BUILT_STAGES.includes(stage) && (
                <RebuildNotice
                  projectId={id}
                  outdated={project.files_outdated}
                  onRebuilt={async () => {
                    setBuild(await staged.buildStatus(id));
                    await refresh(id);
                  }}
                />
              )}
              {busy && phase ? (
                <ContentProgress phase={phase} written={chapters.length} planned={toc.length} words={chapters.reduce((n, c) => n + c.word_count, 0)} message={phase === 'generating_chapters' && chapterNote ? chapterNote : busy} />
              ) : (
                busy && <p className="muted" aria-live="polite">{busy}</p>
              )}
              {error && <p className="error-banner" role="alert">{error}</p>}
              {stage === 'pdf_built' && reached === 'pdf_built' && <CoverChoiceFields value={cover} onChange={setCover} disabled={Boolean(busy)} />}
              {stage === 'complete' && id && project ? (
                <div>
                  <BookComplete
                    book={{ projectId: id, title: project.title, author: project.author, chapters: project.chapters.length, words: project.chapters.reduce((n, c) => n + c.word_count, 0), downloads: build?.downloads ?? {} }}
                    source={variant.source}
                    onAgain={startOver}
                  />
                  <div className="path-buttons">
                    <button type="button" className="button button-secondary" onClick={previous}>Previous</button>
                  </div>
                </div>
              ) : (
                <div className="path-buttons">
                  <button type="button" className="button button-secondary" disabled={Boolean(busy) || stageIndex === 0} onClick={previous}>Previous</button>
                  {mayWriteAgain && writeAgain && (
                    <button type="button" className="button button-secondary" disabled={Boolean(busy)} onClick={rewrite}>{writeAgain.label}</button>
                  )}
                  <button type="button" className="button" disabled={Boolean(busy) || (stage === 'introduction_generated' && reached === stage && !chapterSettingsReady(chapterSettings))} onClick={() => void next()}>
                    {busy ?? forwardLabel}
                  </button>
                </div>
              )}
            </>
          )}
        </section>
      </main>
    </div>
  );
}

/** What each stage shows: the outline, the introduction, the summary, the built book. */
function StageBody({ stage, project, toc, build, busy, onOutlineSaved, modelName }: {
  stage: WizardStage;
  project: ProjectView | null;
  toc: { chapter_number: number; chapter_title: string; chapter_description: string; chapter_ideas: string[] }[];
  build: BuildStatus | null;
  busy: boolean;
  onOutlineSaved: (project: ProjectView) => void;
  modelName: string | undefined;
}) {
  const previews = useQuery({ queryKey: ['previews', project?.project_id, stage], queryFn: () => projectPreviews(project?.project_id ?? ''), enabled: Boolean(project && ['pdf_built', 'cover_generated'].includes(stage)) });
  if (!project) return null;
  switch (stage) {
    case 'idle':
      return <BriefView project={project} modelName={modelName} />;
    case 'project_created':
      return <p>“{project.title}” is started. Next, plan its chapters.</p>;
    case 'outline_generated':
      // The plan can be changed until its chapters are written: the chapters stage follows the saved outline.
      return (
        <OutlineEditor project={project} onSaved={onOutlineSaved} disabled={busy}>
          <ol className="toc">
            {toc.map((c) => (
              <li key={c.chapter_number}>
                <strong>{c.chapter_title}</strong>
                <p className="muted">{c.chapter_description}</p>
                <ul>{c.chapter_ideas.map((idea) => <li key={idea}>{idea}</li>)}</ul>
              </li>
            ))}
          </ol>
        </OutlineEditor>
      );
    case 'introduction_generated':
      return <div className="prose-preview" {...bookTextProps(project.language)}>{project.introduction}</div>;
    case 'chapters_generated':
      return <p>{project.chapters.length} of {toc.length} chapters written. Read and edit them below; the summary comes next.</p>;
    case 'summary_generated':
      return <div className="prose-preview" {...bookTextProps(project.language)}>{project.summary}</div>;
    case 'project_finalized':
      return <p>The structure is final: {project.chapters.length} chapters. Build the print-ready PDF next.</p>;
    case 'complete':
      // The finished book is shown whole below (BookComplete, as on every generator).
      return null;
    default:
      return (
        <div>
          <p>
            {stage === 'pdf_built' ? 'The PDF is built.' : stage === 'cover_generated' ? 'The cover is ready.' : filesReady(build) ? GenerationMessages.done : 'The book’s files are being built.'} {project.chapters.length} chapters
            {build?.page_count ? `, ${build.page_count} pages` : ''}
            {project.total_cost > 0 ? `; the AI cost $${project.total_cost.toFixed(2)}` : ''}.
          </p>
          {previews.data && <PreviewStrip previews={previews.data} />}
        </div>
      );
  }
}

/** "Ready" means the files exist: the build is complete and has its PDF. */
const filesReady = (build: BuildStatus | null) => build?.status === 'complete' && Boolean(build.downloads.pdf);

/** The brief a started book was created with: shown as it was, read-only (a second Create would make a second book). */
function BriefView({ project, modelName }: { project: ProjectView; modelName: string | undefined }) {
  return (
    <div>
      <p className="muted">The book was started with this brief; it cannot be changed now.</p>
      <BookBriefFields value={{ title: project.title, author: project.author, idea: project.topic, pages: pagesOf(project.total_target_words), language: project.language }} readOnly />
      <p className="muted">Written with {modelName ?? project.ai_model}.</p>
    </div>
  );
}
