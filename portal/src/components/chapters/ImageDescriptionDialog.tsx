import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BOOK_IMAGE_LIMITS, BookImageMessages } from '../../../../libs/domain/index.ts';

export interface ImageDescription {
  alt: string;
  decorative: boolean;
}

/**
 * Asked when an image is chosen for the chapter: its description for readers who cannot see it (the alt text of every
 * format), or that it only decorates. Nothing is made up for the author.
 */
export function ImageDescriptionDialog({ fileName, onDescribed, onCancel }: { fileName: string; onDescribed: (description: ImageDescription) => void; onCancel: () => void }) {
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const hintId = useId();
  const problemId = useId();

  useEffect(() => field.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!decorative && !alt.trim()) {
      setProblem(BookImageMessages.altRequired);
      field.current?.focus();
      return;
    }
    onDescribed({ alt: decorative ? '' : alt.trim(), decorative });
  };

  return (
    <div className="dialog-backdrop">
      <form className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onSubmit={submit} noValidate>
        <h3 id={titleId}>Describe the image</h3>
        <p className="muted">{fileName}</p>
        <label htmlFor={`${titleId}-alt`}>Description</label>
        <textarea
          id={`${titleId}-alt`}
          ref={field}
          rows={3}
          maxLength={BOOK_IMAGE_LIMITS.altMax}
          value={alt}
          disabled={decorative}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            setAlt(e.target.value);
            setProblem(null);
          }}
        />
        <p id={hintId} className="muted">What a reader who cannot see it should know: screen readers read it, and the printed book shows it as the caption.</p>
        <label className="toggle">
          <input
            type="checkbox"
            checked={decorative}
            onChange={(e) => {
              setDecorative(e.target.checked);
              setProblem(null);
            }}
          />
          Decorative: it adds nothing a reader would miss, so it needs no words
        </label>
        {problem && (
          <p id={problemId} className="error-text" role="alert">
            {problem}
          </p>
        )}
        <div className="path-buttons">
          <button type="button" className="button button-secondary" onClick={onCancel}>Cancel</button>
          <button type="submit" className="button">Insert image</button>
        </div>
      </form>
    </div>
  );
}
