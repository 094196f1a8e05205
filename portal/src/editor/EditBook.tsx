import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { staged } from '../api/projects.ts';
import { BookSettings } from './BookSettings.tsx';
import { OwnCover } from './OwnCover.tsx';
import { ManuscriptDownloads } from './ManuscriptDownloads.tsx';
import { ChapterStructure, useChapterLayout } from '../components/chapters/ChapterStructure.tsx';
import { ChapterTabs } from '../components/chapters/ChapterTabs.tsx';
import { ChapterWorkspace } from '../components/chapters/ChapterWorkspace.tsx';
import { RebuildNotice } from '../components/chapters/RebuildNotice.tsx';
import { RemovedChapters } from './RemovedChapters.tsx';

/**
 * /projects/:id/edit: a saved book's settings (its language) and its chapters, one tab each, with the editor, the AI
 * Writing Assistant and the versions, and a notice to rebuild the files once they are older than the text.
 */
export function EditBook() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const project = useQuery({ queryKey: ['project', id], queryFn: () => staged.project(id) });
  const [tab, setTab] = useState<number | null>(null);
  const layout = useChapterLayout();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['project', id] });
  const rebuilt = () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['book-projects'] })]);

  const chapters = [...(project.data?.chapters ?? [])].sort((a, b) => a.chapter_number - b.chapter_number).map((c) => ({ number: c.chapter_number, title: c.chapter_title }));
  const current = tab ?? chapters[0]?.number ?? null;
  const currentTitle = chapters.find((c) => c.number === current)?.title;
  const panelId = 'chapter-panel';

  return (
    <div className="page">
      <header className="static-header">
        <Link to="/dashboard">← My Books</Link>
      </header>
      <main id="main" className="static-main generator edit-book">
        {project.isPending && <p className="muted">Loading your book…</p>}
        {project.error && <p className="error-banner" role="alert">{project.error.message}</p>}
        {project.data && (
          <>
            <h1 lang={project.data.language} dir="auto">{project.data.title}</h1>
            <p className="muted">by {project.data.author} · your changes save as you type, and every save is a version you can go back to. You can also add, move and remove chapters.</p>
            <ManuscriptDownloads projectId={id} title={project.data.title} beforeDownload={layout.beforeChange} />
            <BookSettings
              project={project.data}
              onChanged={(after) => {
                queryClient.setQueryData(['project', id], after);
                void queryClient.invalidateQueries({ queryKey: ['book-projects'] });
              }}
            />
            <OwnCover project={project.data} onChanged={() => void refresh()} />
            <RebuildNotice projectId={id} outdated={project.data.files_outdated} onRebuilt={rebuilt} />
            {chapters.length === 0 || current === null ? (
              <p>This book has no chapters to edit yet.</p>
            ) : (
              <section className="card">
                <ChapterTabs chapters={chapters} current={current} panelId={panelId} onPick={setTab} />
                <ChapterStructure
                  project={project.data}
                  current={current}
                  beforeChange={layout.beforeChange}
                  onChanged={(after, chapter) => {
                    queryClient.setQueryData(['project', id], after);
                    layout.changed();
                    setTab(chapter);
                    void queryClient.invalidateQueries({ queryKey: ['removed-chapters', id] });
                  }}
                  onWrite={(n) => staged.regenerate(id, n)}
                />
                <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-tab-${current}`}>
                  <h2 className="visually-hidden">
                    Chapter {current}: {currentTitle}
                  </h2>
                  <ChapterWorkspace key={`${layout.layout}-${current}`} projectId={id} chapter={current} language={project.data.language} flushRef={layout.flushRef} onSaved={() => void refresh()} notes />
                </div>
              </section>
            )}
            <RemovedChapters
              projectId={id}
              onPutBack={(chapter) => {
                layout.changed();
                setTab(chapter.number);
                void refresh();
              }}
            />
          </>
        )}
      </main>
    </div>
  );
}
