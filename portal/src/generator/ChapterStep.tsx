import { staged } from '../api/projects.ts';
import { ChapterStructure, useChapterLayout } from '../components/chapters/ChapterStructure.tsx';
import { ChapterWorkspace } from '../components/chapters/LazyChapterWorkspace.tsx';
import type { StagedBook } from './useStagedBook.ts';

/**
 * The staged pages' chapters: a tab per planned chapter (a written one opens), the chapter structure beside them
 * until the book is final, and the open chapter's workspace. `marks` is how a tab says where its chapter is: the
 * flows show ✓, … or ○; the wizard marks a written chapter only.
 */
export function ChapterStep({ book, marks, wordsPerMinute, onRegenerate }: {
  book: StagedBook;
  marks: 'progress' | 'written';
  wordsPerMinute?: number;
  onRegenerate?: (id: string, chapter: number) => Promise<unknown>;
}) {
  const layout = useChapterLayout();
  const { project, id, tab, writing, busy } = book;
  if (!project || !id) return null;
  const chapter = project.chapters.find((c) => c.chapter_number === tab);
  return (
    <>
      <div role="tablist" aria-label="Chapters" className="tabs">
        {(project.outline?.chapters ?? []).map((c) => {
          const written = project.chapters.some((w) => w.chapter_number === c.chapter_number);
          return (
            <button key={c.chapter_number} type="button" role="tab" aria-selected={tab === c.chapter_number} disabled={!written} onClick={() => book.setTab(c.chapter_number)}>
              {marks === 'written' ? (
                `${c.chapter_number}${written ? ' ✓' : ''}`
              ) : (
                <>
                  {c.chapter_number} <span aria-label={writing === c.chapter_number ? 'generating' : written ? 'done' : 'not yet'}>{writing === c.chapter_number ? '…' : written ? '✓' : '○'}</span>
                </>
              )}
            </button>
          );
        })}
      </div>
      {!project.finalized && (
        <ChapterStructure
          project={project}
          current={chapter?.chapter_number ?? null}
          disabled={Boolean(busy)}
          beforeChange={layout.beforeChange}
          onChanged={(after, n) => (book.setProject(after), layout.changed(), book.setTab(n ?? 1))}
          onWrite={(n) => staged.regenerate(id, n)}
        />
      )}
      {chapter && (
        <div role="tabpanel" aria-label={`Chapter ${chapter.chapter_number}`}>
          <h3>{chapter.chapter_number}. {chapter.chapter_title}</h3>
          <ChapterWorkspace
            key={`${id}-${layout.layout}-${chapter.chapter_number}`}
            projectId={id}
            chapter={chapter.chapter_number}
            language={project.language}
            readOnly={busy}
            {...(wordsPerMinute ? { wordsPerMinute } : {})}
            flushRef={layout.flushRef}
            onSaved={() => void book.refresh(id)}
            {...(onRegenerate ? { onRegenerate: () => onRegenerate(id, chapter.chapter_number) } : {})}
          />
        </div>
      )}
    </>
  );
}
