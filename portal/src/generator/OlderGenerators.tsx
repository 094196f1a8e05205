import { useState } from 'react';
import { legacyBriefProblem, stageReached, type WizardStage } from '../../../libs/domain/index.ts';
import type { ProjectView } from '../api/projects.ts';
import { saveBlob } from '../components/BookDownloads.tsx';
import type { ExportFile } from './exports.ts';

/** The file makers (Markdown and YAML libraries) load when a file is asked for, not with the page. */
type Exports = typeof import('./exports.ts');
const loadExports = () => import('./exports.ts');
import { Wizard, type WizardVariant } from './Wizard.tsx';
import type { BookBrief } from './BookBriefFields.tsx';

/** Files the older pages make in the browser from the book's text: the contents, a Quarto config, chapters, HTML. */
function ClientExports({ stage, project, html }: { stage: WizardStage; project: ProjectView; html: 'download' | 'view' }) {
  const [error, setError] = useState<string | null>(null);
  const [chapter, setChapter] = useState(1);
  const save = async (make: (x: Exports) => ExportFile) => {
    setError(null);
    try {
      const file = make(await loadExports());
      saveBlob(new Blob([file.content], { type: file.type }), file.name);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const view = async () => {
    setError(null);
    try {
      const file = (await loadExports()).htmlExport(project);
      const href = URL.createObjectURL(new Blob([file.content], { type: file.type }));
      window.open(href, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  if (!stageReached(stage, 'outline_generated')) return null;
  return (
    <div className="client-exports">
      <div className="book-actions">
        <button type="button" className="button button-secondary button-small" onClick={() => void save((x) => x.tocMarkdown(project))}>Download TOC (Markdown)</button>
        <button type="button" className="button button-secondary button-small" onClick={() => void save((x) => x.quartoConfig(project))}>Download _quarto.yml</button>
        {stageReached(stage, 'chapters_generated') && (
          <>
            <label className="inline-field">
              Chapter
              <select value={chapter} onChange={(e) => setChapter(Number(e.target.value))} aria-label="Chapter to download">
                {(project.outline?.chapters ?? []).map((c) => (
                  <option key={c.chapter_number} value={c.chapter_number}>{c.chapter_number}</option>
                ))}
              </select>
            </label>
            <button type="button" className="button button-secondary button-small" onClick={() => void save((x) => x.chapterQmd(project, chapter))}>Download chapter (.qmd)</button>
            {html === 'download' ? (
              <button type="button" className="button button-secondary button-small" onClick={() => void save((x) => x.htmlExport(project))}>Download HTML</button>
            ) : (
              <button type="button" className="button button-secondary button-small" onClick={() => void view()}>View HTML</button>
            )}
          </>
        )}
      </div>
      {error && <p className="error-text" role="alert">{error}</p>}
    </div>
  );
}

const legacyValidate = ({ title, author, idea }: BookBrief) => legacyBriefProblem({ title, author, idea });

/** /ai-generator-legacy: the older ten-step generator, the same stages under its own names, with its downloads. */
export const LEGACY: WizardVariant = {
  heading: 'AI Book Generator (classic)',
  storageKey: 'pressroom.legacy.project',
  source: 'legacy',
  titles: {
    idle: 'Book Details & Source Materials',
    project_created: 'Project Setup',
    outline_generated: 'Table of Contents',
    introduction_generated: 'Introduction',
    chapters_generated: 'Chapters',
    summary_generated: 'Summary',
    project_finalized: 'Structure Finalized',
    pdf_built: 'Build PDF',
    cover_generated: 'Cover Design',
    complete: 'Complete',
  },
  validate: legacyValidate,
  extras: (stage, project) => <ClientExports stage={stage} project={project} html="download" />,
};

/** /quarto (signed-in): the older Quarto demo on the real backend, with its PDF, zip and HTML view. */
export const QUARTO: WizardVariant = {
  heading: 'Quarto book generator',
  storageKey: 'pressroom.quarto.project',
  source: 'quarto',
  titles: { outline_generated: 'Outline', chapters_generated: 'Content', pdf_built: 'PDF' },
  validate: legacyValidate,
  extras: (stage, project) => <ClientExports stage={stage} project={project} html="view" />,
};

export const LegacyGenerator = () => <Wizard variant={LEGACY} />;
export const QuartoGenerator = () => <Wizard variant={QUARTO} />;
