import { BOOK_STYLES, CHAPTER_COUNTS, contentComplete, DEMO_PRESETS, estimatedPages, plural, projectName, readingMinutes, type ProviderId } from '../../../libs/domain/index.ts';
import { staged, type Previews, type ProjectView } from '../api/projects.ts';
import { BookDownloads, saveBlob } from '../components/BookDownloads.tsx';
import { RebuildNotice } from '../components/chapters/RebuildNotice.tsx';
import { OwnedImage, PreviewStrip } from '../components/OwnedImage.tsx';
import { BookBriefFields, type BookBrief } from './BookBriefFields.tsx';
import { ChapterSettingsFields, type ChapterSettingsValue } from './ChapterSettingsFields.tsx';
import { ChapterStep } from './ChapterStep.tsx';
import { CoverChoiceFields, type CoverChoiceValue } from './CoverChoiceFields.tsx';
import { MockLanguageNotice } from './MockLanguageNotice.tsx';
import { OutlineEditor } from './OutlineEditor.tsx';
import type { ProviderOption } from '../../../libs/contracts/index.ts';
import { ProviderToggle } from './ProviderToggle.tsx';
import { chapterWords } from './stagedBook.ts';
import type { StagedBook } from './useStagedBook.ts';

/** The steps of the demo and the workflow (document 2, 2.4–2.6), each as the page shows it. */

export type TaskStatus = 'pending' | 'processing' | 'completed' | 'error';
export type FlowForm = BookBrief & { provider: ProviderId };

/** Idea: the brief (the demo's presets above it), the provider, and the tasks the structure runs. */
export function IdeaStep({ isDemo, form, onForm, fieldErrors, onFiles, providers, formError, tasks }: {
  isDemo: boolean;
  form: FlowForm;
  onForm: (form: FlowForm) => void;
  fieldErrors: Partial<Record<'title' | 'author' | 'idea', string>>;
  onFiles: (files: File[]) => void;
  providers: ProviderOption[] | undefined;
  formError: string | null;
  tasks: { label: string; status: TaskStatus }[];
}) {
  return (
    <div>
      {isDemo && (
        <>
          <p className="muted">Start from an example, or describe your own book.</p>
          <div className="path-buttons">
            {DEMO_PRESETS.map((p) => (
              <button key={p.label} type="button" className="button button-secondary button-small" onClick={() => onForm({ ...form, title: p.title, author: p.author, idea: p.idea })}>
                {p.label}
              </button>
            ))}
          </div>
        </>
      )}
      <BookBriefFields value={form} onChange={(brief) => onForm({ ...form, ...brief })} errors={fieldErrors} minimums={!isDemo} {...(isDemo ? {} : { onFiles })} />
      {!isDemo && <ProviderToggle providers={providers} value={form.provider} onChange={(provider) => onForm({ ...form, provider })} />}
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
  );
}

/** Structure: the planned chapters (editable until they are written), re-planning, and how the content is written. */
export function StructureStep({ book, structure, onStructure, onReplan, content, onContent }: {
  book: StagedBook;
  structure: { chapters: number; style: string };
  onStructure: (structure: { chapters: number; style: string }) => void;
  onReplan: () => void;
  content: ChapterSettingsValue;
  onContent: (content: ChapterSettingsValue) => void;
}) {
  const { project, busy } = book;
  if (!project) return null;
  const planned = project.outline?.chapters ?? [];
  const plannedWords = project.total_target_words;
  const contentReady = contentComplete(project);
  return (
    <div>
      <p>{project.topic}</p>
      <div className="structure-settings">
        <label className="inline-field">
          Chapters
          <select value={structure.chapters} onChange={(e) => onStructure({ ...structure, chapters: Number(e.target.value) })} aria-label="Chapters">
            {CHAPTER_COUNTS.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
        <label className="inline-field">
          Style
          <select value={structure.style} onChange={(e) => onStructure({ ...structure, style: e.target.value })} aria-label="Style">
            {BOOK_STYLES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <button type="button" className="button button-secondary button-small" disabled={Boolean(busy) || contentReady} onClick={onReplan}>Apply</button>
      </div>
      <OutlineEditor project={project} onSaved={book.setProject} disabled={Boolean(busy) || project.finalized}>
        <ol className="toc">
          {planned.map((c) => (
            <li key={c.chapter_number}>
              <strong>{c.chapter_title}</strong> <span className="muted">· ~{c.estimated_pages} pages</span>
              <ul>{c.chapter_ideas.map((idea) => <li key={idea}>{idea}</li>)}</ul>
            </li>
          ))}
        </ol>
      </OutlineEditor>
      <ChapterSettingsFields value={content} onChange={onContent} chapters={planned} disabled={contentReady} />
      <p className="muted stats">
        {plural(planned.length, 'chapter')} · about {estimatedPages(plannedWords)} pages · {Math.round(plannedWords * 0.9).toLocaleString()}-{Math.round(plannedWords * 1.1).toLocaleString()} words
      </p>
    </div>
  );
}

/** Content: the chapters as they are written, and finishing a book that stopped before its content was done. */
export function ContentStep({ book, wordsPerMinute, onFinish }: { book: StagedBook; wordsPerMinute: number; onFinish: () => void }) {
  const { project, id, busy } = book;
  if (!project) return null;
  const words = chapterWords(project);
  const contentReady = contentComplete(project);
  return (
    <div>
      <ChapterStep
        book={book}
        marks="progress"
        wordsPerMinute={wordsPerMinute}
        {...(project.finalized ? {} : { onRegenerate: (bookId: string, n: number) => staged.regenerate(bookId, n).then(() => book.refresh(bookId)) })}
      />
      {id && !contentReady && !busy && (
        <div className="notice">
          <p>This book stopped before its content was finished. Finishing writes only what is missing (no written chapter or introduction is written again), then the summary.</p>
          <button type="button" className="button button-secondary" onClick={onFinish}>Finish writing</button>
        </div>
      )}
      {project.chapters.length > 0 && (
        <p className="muted">
          {contentReady ? 'Book' : 'Written so far'}: {plural(project.chapters.length, 'chapter')}, {plural(words, 'word')}, about {estimatedPages(words)} pages, {plural(readingMinutes(words, wordsPerMinute), 'minute')} to read.
        </p>
      )}
    </div>
  );
}

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

/** Export (the demo) or Make your PDF (the workflow): the build, its pages, and the book's files. */
export function ExportStep({ book, previews, onBuild, onRebuilt }: { book: StagedBook; previews: Previews | null; onBuild: () => void; onRebuilt: () => Promise<void> }) {
  const { project, id, build, busy } = book;
  if (!project || !id) return null;
  const pdfReady = build?.status === 'complete';
  return (
    <div>
      {!pdfReady && (
        <button type="button" className="button" disabled={Boolean(busy)} onClick={onBuild}>Build PDF</button>
      )}
      {build && !pdfReady && <p className="muted" aria-live="polite">{build.message}</p>}
      {pdfReady && build && (
        <>
          <RebuildNotice projectId={id} outdated={project.files_outdated} onRebuilt={onRebuilt} />
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
          <p className="muted">{build.page_count} pages, typeset for 6x9 in print · {project.chapters.length} chapters · {chapterWords(project).toLocaleString()} words.</p>
        </>
      )}
    </div>
  );
}

/** Cover: the design choice, the cover made, and its file. */
export function CoverStep({ book, cover, onCover, coverUrl, onMake }: { book: StagedBook; cover: CoverChoiceValue; onCover: (cover: CoverChoiceValue) => void; coverUrl: string | null; onMake: () => void }) {
  const { project, build, busy } = book;
  if (!project) return null;
  return (
    <div>
      <CoverChoiceFields value={cover} onChange={onCover} disabled={Boolean(busy)} />
      <button type="button" className="button button-secondary" disabled={Boolean(busy)} onClick={onMake}>Generate AI Cover</button>
      {coverUrl && <OwnedImage key={coverUrl} src={coverUrl} alt="Front cover" className="demo-cover" />}
      {coverUrl && build && <BookDownloads title={project.title} downloads={{ 'cover-pdf': build.downloads['cover-pdf'] }} />}
    </div>
  );
}
