import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  briefFieldProblems,
  DEFAULT_CONTENT_DEPTH,
  DEFAULT_GENERATION_MODE,
  DEFAULT_WRITING_STYLE,
  GenerationMessages,
  inferWizardStage,
  projectName,
  stageReached,
  WIZARD_STAGES,
  wordsForPages,
  type ProviderId,
  type WizardStage,
} from '../../../libs/domain/index.ts';
import { useFocusOnChange } from '../components/useFocusOnChange.ts';
import { RebuildNotice } from '../components/chapters/RebuildNotice.tsx';
import { staged, waitForBuild, type ProjectView } from '../api/projects.ts';
import { MockLanguageNotice } from './MockLanguageNotice.tsx';
import { useProviders } from './providers.ts';
import { ChapterSettingsFields, chapterChoiceOf, chapterSettingsReady, type ChapterSettingsValue } from './ChapterSettingsFields.tsx';
import { BookComplete } from './BookComplete.tsx';
import { ContentProgress, type ContentStage } from './StageProgress.tsx';
import { BookBriefFields, EMPTY_BRIEF, type BookBrief } from './BookBriefFields.tsx';
import { CoverChoiceFields, coverRequestOf, DEFAULT_COVER } from './CoverChoiceFields.tsx';
import { ProviderToggle } from './ProviderToggle.tsx';
import { ChapterStep } from './ChapterStep.tsx';
import { chapterWords } from './stagedBook.ts';
import { useStagedBook } from './useStagedBook.ts';
import { StageBody } from './WizardStageBody.tsx';

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

/** /ai-generator (and its older variants): the book one stage at a time, each stage a call to the staged API. */
export function Wizard({ variant = STEP_BY_STEP }: { variant?: WizardVariant }) {
  const titles = { ...STAGE_TITLES, ...variant.titles };
  const providers = useProviders();
  const [form, setForm] = useState({ ...EMPTY_BRIEF, provider: 'mock' as ProviderId });
  const [cover, setCover] = useState(DEFAULT_COVER);
  const [files, setFiles] = useState<File[]>([]);
  const [chapterSettings, setChapterSettings] = useState<ChapterSettingsValue>({ mode: DEFAULT_GENERATION_MODE.workflow, depth: DEFAULT_CONTENT_DEPTH, chosen: [] });
  const [briefErrors, setBriefErrors] = useState<ReturnType<typeof briefFieldProblems>>({});
  // Resume: a stored project id is read on load and its stage inferred from what it has.
  const book = useStagedBook({
    storageKey: variant.storageKey,
    start: 0,
    openFailed: 'Failed to load project. Check that the project ID is correct and the project exists.',
    opening: (loaded) => ({
      at: WIZARD_STAGES.indexOf(inferWizardStage(loaded)),
      // A resumed book offers the settings it was written with.
      apply: () => setChapterSettings((now) => ({ ...now, mode: loaded.generation_mode ?? now.mode, depth: loaded.content_depth ?? now.depth })),
    }),
  });
  const { project, id, build, busy, phase, error } = book;
  const stage = WIZARD_STAGES[book.at] as WizardStage;
  /** The furthest stage the book has reached, read from what it has: stages up to it are done and never re-run by going forward. */
  const reached: WizardStage = project ? inferWizardStage(project) : 'idle';
  const aiModel = providers.data?.find((p) => p.id === (project?.ai_model ?? form.provider))?.modelAlias ?? form.provider;
  const goTo = (next: WizardStage) => book.go(WIZARD_STAGES.indexOf(next));
  /** Runs one stage; a failure stays on the stage card with its message. */
  const run = (label: string, work: () => Promise<WizardStage>, writing?: ContentStage) => book.run(label, async () => goTo(await work()), writing);
  // Each stage opens with its heading focused, so the keyboard goes on from the new stage.
  const stageHeading = useFocusOnChange<HTMLHeadingElement>(stage);

  async function createProject(event: FormEvent) {
    event.preventDefault();
    const problem = variant.validate(form);
    setBriefErrors(problem ? briefFieldProblems(form, { minimums: false }) : {});
    if (problem) return book.dispatch({ type: 'failed', message: problem });
    await run('Creating the project…', async () => {
      const created = await book.create(
        {
          source: variant.source,
          name: projectName(form.title),
          title: form.title.trim(),
          author: form.author.trim(),
          topic: form.idea.trim(),
          writing_style: DEFAULT_WRITING_STYLE,
          total_target_words: wordsForPages(form.pages),
          language: form.language,
          ai_model: aiModel,
        },
        files,
        (call, work) => (call === 'sources' ? work().catch((e: Error) => Promise.reject(new Error(`Failed to process source materials: ${e.message}`))) : work()),
      );
      await book.refresh(created);
      return 'project_created';
    });
  }

  async function next() {
    if (!id || !project) return;
    const index = WIZARD_STAGES.indexOf(stage);
    if (index < WIZARD_STAGES.indexOf(reached)) return book.go(index + 1, true);
    switch (stage) {
      case 'project_created':
        return run('Planning the chapters…', async () => {
          await staged.outline(id, { title: project.title, author: project.author, book_idea: project.topic, ai_model: aiModel });
          await book.refresh(id);
          return 'outline_generated';
        });
      case 'outline_generated':
        return run('Writing the introduction…', async () => {
          await staged.introduction(id, aiModel);
          await book.refresh(id);
          return 'introduction_generated';
        }, 'generating_introduction');
      case 'introduction_generated':
        return run('Writing the chapters…', async () => {
          await book.writeChapters(id, aiModel, chapterChoiceOf(chapterSettings), (e) =>
            e.event === 'chapter_start'
              ? { note: `Writing chapter ${e.data.chapter_number} of ${e.data.total_chapters}: ${e.data.chapter_title}` }
              : e.event === 'all_complete'
                ? { note: `${e.data.chapters_generated} chapters, ${e.data.total_word_count.toLocaleString()} words` }
                : {},
          );
          await book.refresh(id);
          book.setTab(1);
          return 'chapters_generated';
        }, 'generating_chapters');
      case 'chapters_generated':
        return run('Writing the summary…', async () => {
          await staged.summary(id, aiModel);
          await book.refresh(id);
          return 'summary_generated';
        }, 'generating_summary');
      case 'summary_generated':
        return run('Finalizing the structure…', async () => {
          await staged.finalize(id);
          await book.refresh(id);
          return 'project_finalized';
        }, 'finalizing');
      case 'project_finalized':
        return run('Typesetting the PDF…', async () => {
          book.setBuild(await waitForBuild(id, await staged.build(id)));
          await book.refresh(id);
          return 'pdf_built';
        });
      case 'pdf_built':
        return run('Designing the cover…', async () => {
          await staged.cover(id, aiModel, coverRequestOf(cover));
          book.setBuild(await staged.buildStatus(id));
          await book.refresh(id);
          return 'cover_generated';
        });
      case 'cover_generated':
        return goTo('complete');
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
      await book.refresh(id);
      return shown;
    });
  }

  const previous = () => book.go(Math.max(0, WIZARD_STAGES.indexOf(stage) - 1), true);

  const chapters = project?.chapters ?? [];
  const toc = project?.outline?.chapters ?? [];
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
        {book.opening && <p className="muted">Loading your project…</p>}

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
              <StageBody stage={stage} project={project} toc={toc} build={build} busy={Boolean(busy)} onOutlineSaved={book.setProject} modelName={providers.data?.find((p) => p.id === project?.ai_model)?.displayName} />
              {project && variant.extras?.(stage, project)}
              {stage === 'introduction_generated' && (reached === stage || Boolean(busy)) && (
                <ChapterSettingsFields value={chapterSettings} onChange={setChapterSettings} chapters={toc} disabled={Boolean(busy)} />
              )}
              {stage === 'chapters_generated' && (
                <div className="chapter-tabs">
                  <ChapterStep
                    book={book}
                    marks="written"
                    onRegenerate={(bookId, n) =>
                      run(`Rewriting chapter ${n}…`, async () => {
                        await staged.regenerate(bookId, n);
                        await book.refresh(bookId);
                        return 'chapters_generated';
                      })
                    }
                  />
                </div>
              )}
              {id && project && stageReached(stage, 'pdf_built') && (
                <RebuildNotice
                  projectId={id}
                  outdated={project.files_outdated}
                  onRebuilt={async () => {
                    book.setBuild(await staged.buildStatus(id));
                    await book.refresh(id);
                  }}
                />
              )}
              {busy && phase ? (
                <ContentProgress phase={phase} written={chapters.length} planned={toc.length} words={chapterWords(project)} message={phase === 'generating_chapters' && book.chapterNote ? book.chapterNote : busy} />
              ) : (
                busy && <p className="muted" aria-live="polite">{busy}</p>
              )}
              {error && <p className="error-banner" role="alert">{error}</p>}
              {stage === 'pdf_built' && reached === 'pdf_built' && <CoverChoiceFields value={cover} onChange={setCover} disabled={Boolean(busy)} />}
              {stage === 'complete' && id && project ? (
                <div>
                  <BookComplete
                    book={{ projectId: id, title: project.title, author: project.author, chapters: project.chapters.length, words: chapterWords(project), downloads: build?.downloads ?? {} }}
                    source={variant.source}
                    onAgain={book.forget}
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
