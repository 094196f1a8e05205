import { DEFAULT_LANGUAGE_TAG, DEFAULT_TARGET_PAGES, estimatedPages, TARGET_LENGTHS, wordsForPages } from '../../../libs/domain/index.ts';
import { FieldError, fieldAria } from '../components/FieldErrors.tsx';
import { LanguagePicker } from '../components/LanguagePicker.tsx';

/**
 * The brief every generator asks for (/demo, /workflow, /ai-generator, /one-shot): one vocabulary, one unit. A book's
 * length is chosen in pages, the unit of the book the author gets; the words it asks the AI for follow from it. Its
 * language is picked from the languages books are written in (English by default).
 */
export interface BookBrief {
  title: string;
  author: string;
  idea: string;
  pages: number;
  /** The BCP 47 tag of the language the book is written in (sent as `language`). */
  language: string;
}

export const EMPTY_BRIEF: BookBrief = { title: '', author: '', idea: '', pages: DEFAULT_TARGET_PAGES, language: DEFAULT_LANGUAGE_TAG };

/** The field labels, also the error summary's names for them (its links go to the fields by these ids). */
export const BRIEF_LABELS = { title: 'Book Title', author: 'Author Name', idea: 'Describe your book idea' } as const;

/** The target length a book was created with (its words back to the pages option that made them). */
export const pagesOf = (words: number) => TARGET_LENGTHS.find((l) => wordsForPages(l.pages) === words)?.pages ?? DEFAULT_TARGET_PAGES;

const lengthLabel = (pages: number) => `${TARGET_LENGTHS.find((l) => l.pages === pages)?.label ?? 'Custom'} (about ${estimatedPages(wordsForPages(pages))} pages)`;

export const SOURCE_TYPES = '.md,.txt,.docx,.pdf';

interface Props {
  value: BookBrief;
  onChange?: (brief: BookBrief) => void;
  errors?: Partial<Record<'title' | 'author' | 'idea', string>>;
  /** Show the minimum lengths the API holds the brief to (the demo only needs the fields filled). */
  minimums?: boolean;
  /** A started book's brief, shown as it was: it cannot change (a second start would make a second book). */
  readOnly?: boolean;
  /** Source files to ground the book in (absent: the page takes none). */
  onFiles?: (files: File[]) => void;
}

export function BookBriefFields({ value, onChange, errors = {}, minimums = true, readOnly = false, onFiles }: Props) {
  const set = (change: Partial<BookBrief>) => onChange?.({ ...value, ...change });
  const hint = (id: string, text: string) => (minimums && !readOnly ? <small id={`${id}-hint`}>{text}</small> : null);
  const hintId = (id: string) => (minimums && !readOnly ? `${id}-hint` : undefined);
  return (
    <>
      {(['title', 'author'] as const).map((id) => (
        <div className="field" key={id}>
          <label htmlFor={id}>{BRIEF_LABELS[id]}</label>
          <input id={id} dir="auto" value={value[id]} readOnly={readOnly} onChange={(e) => set({ [id]: e.target.value })} {...fieldAria(id, errors[id], hintId(id))} />
          <FieldError id={id} error={errors[id]} />
          {hint(id, 'At least 3 characters.')}
        </div>
      ))}
      <div className="field">
        <label htmlFor="idea">{BRIEF_LABELS.idea}</label>
        <textarea id="idea" rows={3} dir="auto" value={value.idea} readOnly={readOnly} placeholder="What is the book about, and for whom?" onChange={(e) => set({ idea: e.target.value })} {...fieldAria('idea', errors.idea, hintId('idea'))} />
        <FieldError id="idea" error={errors.idea} />
        {hint('idea', 'At least 10 characters.')}
      </div>
      <LanguagePicker value={value.language} onChange={(language) => set({ language })} readOnly={readOnly} />
      <div className="field">
        <label htmlFor="length">Target Length</label>
        {readOnly ? (
          <input id="length" value={lengthLabel(value.pages)} readOnly />
        ) : (
          <select id="length" value={value.pages} onChange={(e) => set({ pages: Number(e.target.value) })} aria-describedby="length-hint">
            {TARGET_LENGTHS.map((l) => <option key={l.pages} value={l.pages}>{lengthLabel(l.pages)}</option>)}
          </select>
        )}
        {!readOnly && <small id="length-hint">About {wordsForPages(value.pages).toLocaleString('en-US')} words; the AI plans the chapters.</small>}
      </div>
      {onFiles && !readOnly && (
        <div className="field">
          <label htmlFor="sources">Source files (optional)</label>
          <input id="sources" type="file" multiple accept={SOURCE_TYPES} aria-describedby="sources-hint" onChange={(e) => onFiles([...(e.target.files ?? [])])} />
          <small id="sources-hint">Up to 5 files, 10 MB in total: MD, TXT, DOCX, PDF. Chapters cite them.</small>
        </div>
      )}
    </>
  );
}
