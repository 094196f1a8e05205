import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { plural, type BookFileKind } from '../../../libs/domain/index.ts';
import { PreviewStrip } from '../components/OwnedImage.tsx';
import { projectPreviews } from '../api/projects.ts';
import { BookDownloads } from '../components/BookDownloads.tsx';
import { SaveToAccount } from './SaveToAccount.tsx';

export interface FinishedBook {
  projectId: string;
  title: string;
  author: string;
  chapters: number;
  words: number;
  downloads: Partial<Record<BookFileKind, string>>;
}

/**
 * What every generator shows when a book is done: what it is, its first pages, its files under its own name, and
 * how to keep it; `children` come before the downloads (e.g. the notice that the files are older than the text).
 */
export function BookComplete({ book, source, onAgain, children }: { book: FinishedBook; source: string; onAgain: () => void; children?: ReactNode }) {
  const previews = useQuery({ queryKey: ['previews', book.projectId, book.downloads.pdf], queryFn: () => projectPreviews(book.projectId) });
  const pages = previews.data?.page_count;
  return (
    <div className="book-complete">
      <p>
        “{book.title}” by {book.author}: {plural(book.chapters, 'chapter')}, {plural(book.words, 'word')}
        {pages ? `, ${plural(pages, 'page')}` : ''}.
      </p>
      {previews.data && <PreviewStrip previews={previews.data} />}
      {children}
      <h3>Downloads</h3>
      <BookDownloads title={book.title} downloads={book.downloads} />
      <h3>Keep it</h3>
      <SaveToAccount projectId={book.projectId} source={source} label="Save to Account" variant={source === 'one-shot' ? 'one-shot' : 'wizard'} />
      <p>
        <Link to="/dashboard">Go to My Books</Link> · <button type="button" className="link-button" onClick={onAgain}>Generate another book</button>
      </p>
    </div>
  );
}
