import { useQuery } from '@tanstack/react-query';
import { GenerationMessages, type WizardStage } from '../../../libs/domain/index.ts';
import { projectPreviews, type BuildStatus, type ProjectView } from '../api/projects.ts';
import { bookTextProps } from '../components/bookText.ts';
import { PreviewStrip } from '../components/OwnedImage.tsx';
import { BookBriefFields, pagesOf } from './BookBriefFields.tsx';
import { OutlineEditor } from './OutlineEditor.tsx';

/** What each stage shows: the outline, the introduction, the summary, the built book. */
export function StageBody({ stage, project, toc, build, busy, onOutlineSaved, modelName }: {
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
