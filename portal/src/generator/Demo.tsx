import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  COLOR_SCHEMES,
  DEFAULT_WRITING_STYLE,
  DEMO_MESSAGES,
  DEMO_PRESETS,
  DESIGN_STYLES,
  projectName,
  readingMinutes,
  TARGET_LENGTHS,
  WORDS_PER_PAGE,
  wordsForPages,
} from '../../../libs/domain/index.ts';
import { apiFetch } from '../api/client.ts';
import { OwnedImage, PreviewStrip } from '../components/OwnedImage.tsx';
import { projectPreviews, staged, streamChapters, type BuildStatus, type Previews, type ProjectView } from './api.ts';
import { BookDownloads, saveBlob } from './BookDownloads.tsx';

const STEPS = ['Idea', 'Structure', 'Content', 'Export', 'Cover'] as const;
const MOCK = 'mock';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/** /demo: the five steps on the free mock provider, signed out. */
export function Demo() {
  const [step, setStep] = useState(1);
  const [form, setForm] = useState({ title: '', author: '', idea: '', pages: 100 });
  const [project, setProject] = useState<ProjectView | null>(null);
  const [build, setBuild] = useState<BuildStatus | null>(null);
  const [previews, setPreviews] = useState<Previews | null>(null);
  const [cover, setCover] = useState({ style: 'modern', scheme: 'professional' });
  const [coverUrl, setCoverUrl] = useState<string | null>(null);
  const [tab, setTab] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [apiError, setApiError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function work(label: string, task: () => Promise<void>) {
    setBusy(label);
    setApiError(null);
    try {
      await task();
    } catch (e) {
      setApiError((e as Error).message || 'An error occurred');
    } finally {
      setBusy(null);
    }
  }

  const generateStructure = () => {
    if (!form.title.trim() || !form.author.trim() || !form.idea.trim()) return setFormError(DEMO_MESSAGES.required);
    setFormError(null);
    void work('Generating the structure…', async () => {
      const created = await staged.create({ name: projectName(form.title), title: form.title.trim(), author: form.author.trim(), topic: form.idea.trim(), writing_style: DEFAULT_WRITING_STYLE, total_target_words: wordsForPages(form.pages), ai_model: MOCK });
      await staged.outline(created.project_id, { title: form.title.trim(), author: form.author.trim(), book_idea: form.idea.trim(), ai_model: MOCK });
      setProject(await staged.project(created.project_id));
      setStep(2);
    });
  };

  const generateContent = (id: string) =>
    work('Writing the introduction…', async () => {
      await staged.introduction(id, MOCK);
      setBusy('Writing the chapters…');
      await streamChapters(id, MOCK, (e) => {
        if (e.event === 'chapter_start') setBusy(`Writing chapter ${e.data.chapter_number} of ${e.data.total_chapters}…`);
      });
      setBusy('Writing the summary…');
      await staged.summary(id, MOCK);
      await staged.finalize(id);
      setProject(await staged.project(id));
      setTab(1);
      setStep(3);
    });

  const exportBook = (id: string) =>
    work('Typesetting the PDF, EPUB and Quarto project…', async () => {
      let status = await staged.buildStatus(id);
      while (status.status !== 'complete') {
        if (status.status === 'error') throw new Error(`Build failed: ${status.error ?? status.message}`);
        await sleep(1000);
        status = await staged.buildStatus(id);
      }
      setBuild(status);
      setPreviews(await projectPreviews(id));
      setStep(4);
    });

  const makeCover = (id: string) =>
    work('Designing the cover…', async () => {
      await apiFetch(`/api/projects/${id}/generate-cover`, { method: 'POST', body: JSON.stringify({ ai_model: MOCK, design_style: cover.style, color_scheme: cover.scheme }) });
      setBuild(await staged.buildStatus(id));
      setCoverUrl(`/api/projects/${id}/download/cover-png?inline=1&v=${Date.now()}`);
    });

  const id = project?.project_id;
  const chapter = project?.chapters.find((c) => c.chapter_number === tab);
  const words = project?.chapters.reduce((sum, c) => sum + c.word_count, 0) ?? 0;

  return (
    <div className="page">
      <header className="static-header">
        <Link to="/">← Back to Home</Link>
        <Link className="button button-small" to="/signup">Try Full Version</Link>
      </header>
      <main className="static-main generator">
        <h1>
          Free demo {apiError && <span className="badge badge-error">API Error</span>}
        </h1>
        <ol className="wizard-steps" aria-label="Steps">
          {STEPS.map((s, i) => (
            <li key={s} className={i + 1 < step || done ? 'done' : i + 1 === step ? 'current' : ''} aria-current={i + 1 === step ? 'step' : undefined}>
              {i + 1}. {s}
            </li>
          ))}
        </ol>
        {apiError && (
          <div className="error-banner" role="alert">
            <strong>API Error</strong>: {apiError}
          </div>
        )}

        {done ? (
          <section className="card">
            <h2>Demo complete</h2>
            <p>That was the whole flow on sample content. Create a free account to write your own book with a real AI model and keep it in My Books.</p>
            <Link className="button" to="/signup">Start Creating Your Book</Link>
          </section>
        ) : (
          <section className="card stage-card" aria-labelledby="step-title">
            <h2 id="step-title">{STEPS[step - 1]}</h2>

            {step === 1 && (
              <div>
                <p className="muted">Start from an example, or describe your own book.</p>
                <div className="path-buttons">
                  {DEMO_PRESETS.map((p) => (
                    <button key={p.label} type="button" className="button button-secondary button-small" onClick={() => setForm({ ...form, title: p.title, author: p.author, idea: p.idea })}>
                      {p.label}
                    </button>
                  ))}
                </div>
                <div className="field">
                  <label htmlFor="d-title">Book Title</label>
                  <input id="d-title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor="d-author">Author Name</label>
                  <input id="d-author" value={form.author} onChange={(e) => setForm({ ...form, author: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor="d-idea">Book Idea Description</label>
                  <textarea id="d-idea" rows={3} value={form.idea} onChange={(e) => setForm({ ...form, idea: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor="d-length">Target Length</label>
                  <select id="d-length" value={form.pages} onChange={(e) => setForm({ ...form, pages: Number(e.target.value) })}>
                    {TARGET_LENGTHS.map((l) => (
                      <option key={l.pages} value={l.pages}>{l.label} ({l.pages}{l.pages === 300 ? '+' : ''} pages)</option>
                    ))}
                  </select>
                </div>
                {formError && <p className="error-text" role="alert">{formError}</p>}
              </div>
            )}

            {step === 2 && project && (
              <div>
                <ol className="toc">
                  {(project.outline?.chapters ?? []).map((c) => (
                    <li key={c.chapter_number}>
                      <strong>{c.chapter_title}</strong> <span className="muted">· ~{c.estimated_pages} pages</span>
                      <ul>{c.chapter_ideas.map((idea) => <li key={idea}>{idea}</li>)}</ul>
                    </li>
                  ))}
                </ol>
                <p className="muted">
                  {project.outline?.chapters.length ?? 0} chapters · ~{Math.round(project.total_target_words / WORDS_PER_PAGE)} pages · {project.total_target_words.toLocaleString()} words planned
                </p>
              </div>
            )}

            {step === 3 && project && (
              <div>
                <div role="tablist" aria-label="Chapters" className="tabs">
                  {project.chapters.map((c) => (
                    <button key={c.chapter_number} type="button" role="tab" aria-selected={tab === c.chapter_number} onClick={() => setTab(c.chapter_number)}>
                      {c.chapter_number}
                    </button>
                  ))}
                </div>
                {chapter && (
                  <div role="tabpanel">
                    <h3>{chapter.chapter_number}. {chapter.chapter_title}</h3>
                    <p className="muted">{chapter.word_count.toLocaleString()} words · {chapter.estimated_pages} pages · {readingMinutes(chapter.word_count)} min read</p>
                    <textarea className="chapter-text" readOnly rows={10} value={chapter.content} aria-label="Chapter text" />
                  </div>
                )}
                <p className="muted">Book: {project.chapters.length} chapters, {words.toLocaleString()} words, about {Math.round(words / WORDS_PER_PAGE)} pages, {readingMinutes(words)} minutes to read.</p>
              </div>
            )}

            {step === 4 && project && build && (
              <div>
                {previews && <PreviewStrip previews={previews} />}
                <BookDownloads title={project.title} downloads={build.downloads} />
                <button type="button" className="button button-secondary button-small" onClick={() => saveBlob(new Blob([markdownOf(project)], { type: 'text/markdown' }), `${projectName(project.title)}.md`)}>
                  Download Markdown
                </button>
                <p className="muted">{build.page_count} pages, typeset for 6x9 in print.</p>
              </div>
            )}

            {step === 5 && project && id && (
              <div>
                <div className="field">
                  <label htmlFor="d-style">Design style</label>
                  <select id="d-style" value={cover.style} onChange={(e) => setCover({ ...cover, style: e.target.value })}>
                    {DESIGN_STYLES.map((s) => <option key={s} value={s}>{s}</option>)}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="d-scheme">Colour scheme</label>
                  <select id="d-scheme" value={cover.scheme} onChange={(e) => setCover({ ...cover, scheme: e.target.value })}>
                    {COLOR_SCHEMES.map((s) => <option key={s} value={s}>{s}</option>)}
                  </select>
                </div>
                <button type="button" className="button button-secondary" disabled={Boolean(busy)} onClick={() => void makeCover(id)}>Generate AI Cover</button>
                {coverUrl && <OwnedImage key={coverUrl} src={coverUrl} alt="Front cover" className="demo-cover" />}
                {coverUrl && build && <BookDownloads title={project.title} downloads={{ 'cover-pdf': build.downloads['cover-pdf'] }} />}
              </div>
            )}

            {busy && <p className="muted" aria-live="polite">{busy}</p>}
            <div className="path-buttons">
              {step > 1 && <button type="button" className="button button-secondary" disabled={Boolean(busy)} onClick={() => setStep(step - 1)}>Back</button>}
              {step === 1 && <button type="button" className="button" disabled={Boolean(busy)} onClick={generateStructure}>Generate Structure</button>}
              {step === 2 && id && <button type="button" className="button" disabled={Boolean(busy)} onClick={() => (project?.chapters.length ? setStep(3) : void generateContent(id))}>Generate Content</button>}
              {step === 3 && id && <button type="button" className="button" disabled={Boolean(busy)} onClick={() => (build ? setStep(4) : void exportBook(id))}>Generate PDF</button>}
              {step === 4 && <button type="button" className="button" disabled={Boolean(busy)} onClick={() => setStep(5)}>Create Cover</button>}
              {step === 5 && <button type="button" className="button" disabled={Boolean(busy) || !coverUrl} onClick={() => setDone(true)}>Complete Demo</button>}
            </div>
          </section>
        )}
      </main>
    </div>
  );
}
