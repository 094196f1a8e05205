import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  BOOK_FILES,
  CARD_IDEA_CHARS,
  generationLabel,
  ProjectMessages,
  resumePath,
  statusLabel,
  truncate,
} from '../../../../libs/domain/index.ts';
import { PreviewStrip } from '../../components/OwnedImage.tsx';
import { RebuildNotice } from '../../components/chapters/RebuildNotice.tsx';
import { EliteServiceButton } from '../../elite/EliteServiceButton.tsx';
import { BookDownloads } from '../../components/BookDownloads.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { PrintServicePanel } from '../../print/PrintServicePanel.tsx';
import { deleteBookProject, type BookProjectView } from '../../api/bookProjects.ts';
import { ShopSettingsSection } from './ShopSettingsSection.tsx';

// Loaded when an author first orders a print copy: the dashboard's first load does without it.
const PrintOrderWizard = lazy(async () => ({ default: (await import('../../print/PrintOrderWizard.tsx')).PrintOrderWizard }));

const date = (iso: string) => new Date(iso).toLocaleDateString();

function DeleteDialog({ book, onClose }: { book: BookProjectView; onClose: (error?: string) => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteBookProject(book.id),
    // The confirmation closes after the attempt, whatever its outcome.
    onSettled: (_data, error) => {
      void queryClient.invalidateQueries({ queryKey: ['book-projects'] });
      onClose(error ? ProjectMessages.deleteFailed(error.message) : undefined);
    },
  });
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={`delete-${book.id}`}>
        <h3 id={`delete-${book.id}`}>Delete “{book.title}”?</h3>
        <p>{ProjectMessages.deleteConfirm}</p>
        <div className="path-buttons">
          <button type="button" className="button button-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting...' : 'Yes, Delete'}
          </button>
          <button type="button" className="button button-secondary" disabled={remove.isPending} onClick={() => onClose()}>Cancel</button>
        </div>
      </div>
    </div>
  );
}

/** One saved book on the dashboard (document 3, 2.1 and 2.2). */
export function BookProjectCard({ book }: { book: BookProjectView }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The print wizard, open on a product when it comes from a print service.
  const [ordering, setOrdering] = useState<{ podPackageId?: string } | null>(null);
  const navigate = useNavigate();
  const chapters = book.chapters_data ?? [];
  const completed = book.generation_status === 'completed';
  const showContent = completed || (book.toc_data?.length ?? 0) > 0 || chapters.length > 0 || book.word_count > 0;
  const downloads = { pdf: book.pdf_blob_url, 'cover-pdf': book.cover_blob_url, zip: book.quarto_project_url, epub: book.epub_url, docx: book.docx_url };

  return (
    <li className="card book-card">
      <div className="item-head">
        <div>
          <h3 className="book-title" lang={book.language} dir="auto">{book.title}</h3>
          <p className="muted">by {book.author}</p>
        </div>
        <div className="badges">
          <span className={`status status-${book.status}`}>{statusLabel(book.status)}</span>
          <span className={`status status-${book.generation_status}`}>{generationLabel(book.generation_status)}</span>
          <span className={`status ${book.published_to_shop ? 'status-published' : 'status-other'}`}>{book.published_to_shop ? 'Published' : 'Not published'}</span>
        </div>
      </div>
      <p className="muted">
        Created {date(book.created_at)}
        {book.page_count ? ` · ${book.page_count} pages` : book.estimated_length ? ` · about ${book.estimated_length} pages planned` : ''}
      </p>
      <p dir="auto">{truncate(book.book_idea, CARD_IDEA_CHARS)}</p>

      {showContent && (
        <div className="generated-content" aria-label="Generated Content">
          <h4>Generated Content</h4>
          <ul className="facts">
            {book.word_count > 0 && chapters.length > 0 && <li>Words: {book.word_count.toLocaleString()}</li>}
            {book.page_count && <li>Pages: {book.page_count}</li>}
            {chapters.length > 0 ? <li>Chapters: {chapters.length}</li> : <li>Type: Complete Book</li>}
            {book.completed_at && <li>Completed: {date(book.completed_at)}</li>}
          </ul>
        </div>
      )}

      {(completed || book.status === 'complete') && (
        <BookDownloads title={book.title} downloads={downloads} label={(kind) => BOOK_FILES[kind].label}>
          {(book.previews.pages.length > 0 || book.previews.cover) && (
            <button type="button" className="button button-secondary button-small" aria-expanded={previewing} onClick={() => setPreviewing(!previewing)}>
              {previewing ? 'Hide preview' : 'Preview'}
            </button>
          )}
          {completed && book.pdf_blob_url && (
            <button type="button" className="button button-small" onClick={() => setOrdering({})}>Order Print Copy</button>
          )}
          {completed && (
            <Link className="button button-secondary button-small" to={`/projects/${book.project_id}/edit`} aria-label={`Edit ${book.title}`}>
              Edit
            </Link>
          )}
          {completed && <EliteServiceButton book={book} />}
          <button type="button" className="button button-danger button-small" onClick={() => setConfirming(true)}>Delete Project</button>
        </BookDownloads>
      )}
      {!completed && book.status !== 'complete' && (
        <div className="path-buttons">
          <Link className="button button-small" to={resumePath(book)} aria-label={`Resume ${book.title}`}>
            {book.generation_status === 'generating' ? 'Watch progress' : 'Resume'}
          </Link>
          <button type="button" className="button button-danger button-small" onClick={() => setConfirming(true)}>Delete Project</button>
        </div>
      )}
      {completed && book.files_built_at && (
        <p className="muted">
          Files built <time dateTime={book.files_built_at}>{new Date(book.files_built_at).toLocaleString()}</time>
        </p>
      )}
      {completed && <RebuildNotice projectId={book.project_id} outdated={book.files_outdated} onRebuilt={() => queryClient.invalidateQueries({ queryKey: ['book-projects'] })} />}
      {error && <p className="error-text" role="alert">{error}</p>}
      {previewing && <PreviewStrip previews={book.previews} />}
      {completed && (
        <>
          <PrintServicePanel book={book} onOrder={(podPackageId) => setOrdering({ podPackageId })} />
          <ShopSettingsSection book={book} />
        </>
      )}
      {ordering && (
        <Suspense fallback={<Spinner label="Opening the print order…" />}>
          <PrintOrderWizard
            book={book}
            {...(ordering.podPackageId ? { podPackageId: ordering.podPackageId } : {})}
            onClose={() => setOrdering(null)}
            onPlaced={(order) => {
              setOrdering(null);
              void navigate(`/dashboard?print_order=${encodeURIComponent(order.order_id)}`);
            }}
          />
        </Suspense>
      )}
      {confirming && (
        <DeleteDialog
          book={book}
          onClose={(failure) => {
            setConfirming(false);
            if (failure) setError(failure);
          }}
        />
      )}
    </li>
  );
}
