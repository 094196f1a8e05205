import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { Link } from 'react-router-dom';
import {
  briefFieldProblems,
  DEFAULT_CONTENT_DEPTH,
  DEFAULT_GENERATION_MODE,
  DEFAULT_WRITING_STYLE,
  estimatedTime,
  GenerationMessages,
  OrchestrationMessages,
  POLLING,
  STAGE_LABELS,
  type GenerationMode,
  wordsForPages,
  type ProviderId,
} from '../../../libs/domain/index.ts';
import { ApiError } from '../api/client.ts';
import { ErrorSummary } from '../components/FieldErrors.tsx';
import { useFocusOnChange } from '../components/useFocusOnChange.ts';
import { sleep, startGeneration, uploadSources, type OrchestrationStatus } from '../api/projects.ts';
import { followStatus } from '../api/statusStream.ts';
import { MockLanguageNotice } from './MockLanguageNotice.tsx';
import { useProviders } from './providers.ts';
import { ProviderToggle } from './ProviderToggle.tsx';
import { BookComplete } from './BookComplete.tsx';
import { BookBriefFields, BRIEF_LABELS, EMPTY_BRIEF } from './BookBriefFields.tsx';
import { CoverChoiceFields, coverRequestOf, DEFAULT_COVER } from './CoverChoiceFields.tsx';
import { ChapterSettingsFields, chapterChoiceOf, type ChapterSettingsValue } from './ChapterSettingsFields.tsx';
import { runningStages, StageProgress } from './StageProgress.tsx';

/** The book in hand survives a reload or a sign-in: the page picks it up again from the server. */
const RUNNING_KEY = 'pressroom.one-shot.project';

const stagesFor = (withSources: boolean, withChapters: boolean, withCover: boolean) =>
  [
    withSources && 'processing_sources',
    'creating_project',
    'generating_outline',
    'generating_introduction',
    withChapters && 'generating_chapters',
    'generating_summary',
    'finalizing',
    'building',
    withCover && 'generating_cover',
    'complete',
  ].filter((s): s is string => Boolean(s));


const WRITE_REASON = 'To write your book, give it a title and an author (3 characters or more each) and a description of 10 characters or more.';

/** The whole book in one go: no chapters to pick, so no selective mode. */
const ONE_SHOT_MODES: readonly GenerationMode[] = ['parallel', 'sequential'];

type View = { kind: 'form' } | { kind: 'running'; projectId: string | null; title: string } | { kind: 'complete'; status: OrchestrationStatus; title: string } | { kind: 'failed'; message: string; stage: string | null };

export function OneShot() {
  const providers = useProviders();
  const [brief, setBrief] = useState(EMPTY_BRIEF);
  const [cover, setCover] = useState(DEFAULT_COVER);
  const [files, setFiles] = useState<File[]>([]);
  const [provider, setProvider] = useState<ProviderId>('mock');
  const [withChapters, setWithChapters] = useState(true);
  const [withCover, setWithCover] = useState(true);
  const [chapterSettings, setChapterSettings] = useState<ChapterSettingsValue>({ mode: DEFAULT_GENERATION_MODE.oneShot, depth: DEFAULT_CONTENT_DEPTH, chosen: [] });
  const [problems, setProblems] = useState<ReturnType<typeof briefFieldProblems>>({});
  const [view, setView] = useState<View>({ kind: 'form' });
  const [status, setStatus] = useState<OrchestrationStatus | null>(null);
  const [localStage, setLocalStage] = useState<string | null>(null);
  const stopped = useRef(false);
  const following = useRef<AbortController | null>(null);

  const chosen = providers.data?.find((p) => p.id === provider);
  const canChapters = chosen?.supportsChapters ?? true;
  const canCover = chosen?.supportsCover ?? true;
  const ready = Object.keys(briefFieldProblems(brief)).length === 0;
  // Each view opens with its heading focused, so keyboard and screen-reader users start where the page changed.
  const heading = useFocusOnChange<HTMLHeadingElement>(view.kind);

  /**
   * Follows the book's status as the server pushes it until it completes or fails, opening the stream again when the
   * server ends it (its time is up); a failed stream is retried a few times before giving up.
   */
  async function follow(projectId: string, bookTitle: string) {
    const deadline = Date.now() + POLLING.timeoutMs;
    const controller = new AbortController();
    following.current = controller;
    let failures = 0;
    const seen: { final: OrchestrationStatus | null } = { final: null };
    while (!stopped.current && !seen.final) {
      if (Date.now() > deadline) return setView({ kind: 'failed', message: OrchestrationMessages.timedOut, stage: null });
      try {
        await followStatus(
          projectId,
          (next) => {
            failures = 0;
            setStatus(next);
            if (next.status !== 'running') seen.final = next;
          },
          controller.signal,
        );
      } catch (error) {
        if (stopped.current) return;
        if (error instanceof ApiError && error.status === 404) {
          sessionStorage.removeItem(RUNNING_KEY);
          return setView({ kind: 'failed', message: error.message, stage: null });
        }
        if (++failures >= POLLING.maxFailures) return setView({ kind: 'failed', message: (error as Error).message, stage: null });
        await sleep(POLLING.retryDelayMs);
      }
    }
    const next = seen.final;
    if (!next || stopped.current) return;
    // A finished book stays on the page (through a sign-in to save it, too) until Start Over.
    if (next.status === 'completed') return setView({ kind: 'complete', status: next, title: bookTitle || next.title });
    sessionStorage.removeItem(RUNNING_KEY);
    setView({ kind: 'failed', message: OrchestrationMessages.failed(next.error), stage: next.failed_stage ?? next.current_step });
  }

  useEffect(() => {
    stopped.current = false;
    // My Books' Watch progress names the book (?project=); its title comes with the first status.
    const named = new URLSearchParams(window.location.search).get('project');
    if (named) sessionStorage.setItem(RUNNING_KEY, JSON.stringify({ projectId: named, title: '' }));
    const saved = sessionStorage.getItem(RUNNING_KEY);
    if (saved) {
      const { projectId, title: bookTitle } = JSON.parse(saved) as { projectId: string; title: string };
      setView({ kind: 'running', projectId, title: bookTitle });
      void follow(projectId, bookTitle);
    }
    return () => {
      stopped.current = true;
      following.current?.abort();
    };
    // Runs once: a reload resumes the book that was running.
  }, []);

  async function start(event: FormEvent) {
    event.preventDefault();
    const found = briefFieldProblems(brief);
    setProblems(found);
    if (Object.keys(found).length) return;
    setStatus(null);
    const bookTitle = brief.title.trim();
    setView({ kind: 'running', projectId: null, title: bookTitle });
    let stage = 'creating_project';
    try {
      let sourceId: string | undefined;
      if (files.length) {
        stage = 'processing_sources';
        setLocalStage(stage);
        sourceId = (await uploadSources(files)).source_materials_id;
      }
      stage = 'creating_project';
      setLocalStage(stage);
      const started = await startGeneration({
        title: bookTitle,
        author: brief.author.trim(),
        book_idea: brief.idea.trim(),
        ai_model: chosen?.modelAlias ?? provider,
        ...chapterChoiceOf(chapterSettings),
        chapters_to_generate: withChapters && canChapters ? null : [],
        include_cover: withCover && canCover,
        ...coverRequestOf(cover),
        writing_style: DEFAULT_WRITING_STYLE,
        total_target_words: wordsForPages(brief.pages),
        language: brief.language,
        ...(sourceId ? { source_materials: sourceId } : {}),
      });
      sessionStorage.setItem(RUNNING_KEY, JSON.stringify({ projectId: started.project_id, title: bookTitle }));
      setLocalStage(null);
      setView({ kind: 'running', projectId: started.project_id, title: bookTitle });
      await follow(started.project_id, bookTitle);
    } catch (error) {
      const message = stage === 'processing_sources' ? `Failed to process source materials: ${(error as Error).message}` : (error as Error).message || OrchestrationMessages.startFailed;
      setView({ kind: 'failed', message, stage });
    }
  }

  const reset = () => {
    stopped.current = false;
    sessionStorage.removeItem(RUNNING_KEY);
    setBrief(EMPTY_BRIEF);
    setCover(DEFAULT_COVER);
    setFiles([]);
    setStatus(null);
    setLocalStage(null);
    setView({ kind: 'form' });
  };

  return (
    <div className="page">
      <header className="static-header">
        <Link to="/">← Back to Pressroom</Link>
      </header>
      <main id="main" className="static-main generator">
        <h1>One-Shot Book Generator</h1>
        <p className="lead">Describe your book once; the staged workflow writes, typesets and designs it from start to finish.</p>

        {view.kind === 'form' && (
          <form onSubmit={(e) => void start(e)} noValidate>
            <section className="card" aria-labelledby="details">
              <h2 id="details">Book Details</h2>
              <BookBriefFields value={brief} onChange={setBrief} errors={problems} onFiles={setFiles} />
            </section>

            <section className="card" aria-labelledby="options">
              <h2 id="options">Generation Options</h2>
              <ProviderToggle providers={providers.data} value={provider} onChange={setProvider} />
              <MockLanguageNotice provider={provider} language={brief.language} />
              {providers.isError && <p className="error-text">{providers.error.message}</p>}
              {chosen && chosen.id !== 'mock' && (
                <p className="muted">
                  {chosen.displayName} writes up to {chosen.maxChapters} chapters{chosen.supportsCover ? ' and designs the cover' : '; it designs no cover'}.
                </p>
              )}
              <label className="toggle">
                <input type="checkbox" checked={withChapters && canChapters} disabled={!canChapters} onChange={(e) => setWithChapters(e.target.checked)} />
                Generate Chapters
              </label>
              <ChapterSettingsFields value={chapterSettings} onChange={setChapterSettings} modes={ONE_SHOT_MODES} disabled={!(withChapters && canChapters)} />
              <label className="toggle">
                <input type="checkbox" checked={withCover && canCover} disabled={!canCover} onChange={(e) => setWithCover(e.target.checked)} />
                Generate Cover
              </label>
              <CoverChoiceFields value={cover} onChange={setCover} disabled={!(withCover && canCover)} />
              <p className="muted">
                Steps: {stagesFor(files.length > 0, withChapters && canChapters, withCover && canCover).filter((s) => s !== 'complete').map((s) => STAGE_LABELS[s]).join(' → ')}.
                <br />
                Estimated time: {estimatedTime(provider, withChapters && canChapters)}.
              </p>
            </section>
            <ErrorSummary errors={problems} labels={BRIEF_LABELS} message={GenerationMessages.allFieldsRequired} />
            {/* Never disabled: a press with fields to fix shows what to fix, on the fields and above. */}
            <div className="submit-row">
              <button type="submit" className="button" aria-describedby={ready ? undefined : 'write-reason'}>Write My Book</button>
              {!ready && <small id="write-reason" className="muted">{WRITE_REASON}</small>}
            </div>
          </form>
        )}

        {view.kind === 'running' && (
          <section className="card" aria-labelledby="progress-title">
            <h2 id="progress-title" ref={heading} tabIndex={-1}>Writing “{view.title || status?.title}”</h2>
            <StageProgress
              stages={stagesFor(files.length > 0, withChapters && canChapters, withCover && canCover)}
              current={localStage ?? status?.current_step ?? 'creating_project'}
              running={runningStages(status?.stage_history ?? [])}
              completed={[...(status?.steps_completed ?? []), ...(files.length && localStage !== 'processing_sources' ? ['processing_sources'] : [])]}
              percent={status?.progress ?? (localStage === 'processing_sources' ? 2 : 5)}
              message={status?.message ?? GenerationMessages.ready}
              detail={
                status?.current_chapter
                  ? `Chapter ${status.current_chapter.number} of ${status.toc_details.chapter_count}: ${status.current_chapter.title} · ${status.words_so_far.toLocaleString()} words so far`
                  : view.projectId
                    ? `Project ${view.projectId}`
                    : null
              }
            />
          </section>
        )}

        {view.kind === 'complete' && <Completion status={view.status} title={view.title} onReset={reset} headingRef={heading} />}

        {view.kind === 'failed' && (
          <section className="card failure" role="alert" aria-labelledby="failed-title">
            <h2 id="failed-title" ref={heading} tabIndex={-1}>Generation Failed</h2>
            <p>{view.message}</p>
            {view.stage && <p className="muted">Failed at stage: {STAGE_LABELS[view.stage] ?? view.stage}</p>}
            <div className="path-buttons">
              <button type="button" className="button" onClick={reset}>Start Over</button>
              <button type="button" className="button button-secondary" onClick={() => window.location.reload()}>Reload Page</button>
            </div>
          </section>
        )}
      </main>
    </div>
  );
}

function Completion({ status, title, onReset, headingRef }: { status: OrchestrationStatus; title: string; onReset: () => void; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <section className="card" aria-labelledby="done-title">
      <h2 id="done-title" ref={headingRef} tabIndex={-1}>{GenerationMessages.done}</h2>
      <BookComplete
        book={{ projectId: status.project_id, title, author: status.author, chapters: status.toc_details.chapter_count, words: status.words_so_far, downloads: status.downloads }}
        source="one-shot"
        onAgain={onReset}
      />
    </section>
  );
}
