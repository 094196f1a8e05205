import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BookProjectView } from '../../../libs/contracts/index.ts';
import { defaultProductFor, PRINT_SERVICES, PrintMessages, trimLabel } from '../../../libs/domain/index.ts';
import { OwnedImage } from '../components/OwnedImage.tsx';
import { BookDownloads } from '../components/BookDownloads.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { regenerateCover } from '../api/print.ts';
import { coverPlan } from '../components/printFlow.ts';

type PrintService = (typeof PRINT_SERVICES)[number];

const SERVICE_TEXT: Record<PrintService['id'], (trim: string) => string> = {
  amazon_kdp: (trim) => `${trim} paperback for self-upload: download the interior PDF and a KDP cover with the right spine, then upload both to Amazon KDP yourself.`,
  lulu: (trim) => `${trim} paperback printed by Lulu: Pressroom sends your files to the printer and ships the copies to you.`,
};

/**
 * The cover preview of a print service (§2.7, §4.5): the book's cover is drawn again for the service's template when
 * it has none or was drawn for another one, otherwise reused. Lulu goes on into the order wizard; Amazon KDP ends
 * with the package to upload yourself.
 */
function CoverPreviewDialog({ book, service, onClose, onOrder }: { book: BookProjectView; service: PrintService; onClose: () => void; onOrder: () => void }) {
  const queryClient = useQueryClient();
  // Decided when the dialog opens: the regenerated cover changes the book's template while the dialog is still open.
  const [plan] = useState(() => coverPlan(book, service.template));
  const [kdpPackage, setKdpPackage] = useState(false);
  const regenerate = useMutation({
    mutationFn: () => regenerateCover(book.project_id, service.template),
    retry: false,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['book-projects'] }),
  });
  const started = useRef(false);
  useEffect(() => {
    if (plan === 'regenerate' && !started.current) {
      started.current = true;
      regenerate.mutate();
    }
  }, [plan, regenerate]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !regenerate.isPending) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, regenerate.isPending]);

  // A fresh cover has the same address as the old one: the drawing's time keeps the browser from showing the old image.
  const coverPng = regenerate.data ? `${regenerate.data.cover_png_url}?inline=1&v=${regenerate.submittedAt}` : book.cover_png_url ? `${book.cover_png_url}?inline=1` : null;
  const coverPdf = regenerate.data?.cover_pdf_url ?? book.cover_blob_url;
  const waiting = regenerate.isPending || (plan === 'regenerate' && regenerate.isIdle);
  const ready = plan === 'reuse' || regenerate.isSuccess;

  return (
    <div className="dialog-backdrop">
      <div className="dialog dialog-wide" role="dialog" aria-modal="true" aria-labelledby="cover-preview-title">
        <h3 id="cover-preview-title">{kdpPackage ? 'Your Amazon KDP package' : `${service.label} Cover Preview`}</h3>
        <dl className="summary">
          <dt>Title</dt>
          <dd>{book.title}</dd>
          <dt>Author</dt>
          <dd>{book.author}</dd>
          <dt>Pages</dt>
          <dd>{book.page_count ?? '—'}</dd>
          <dt>Template</dt>
          <dd>{service.label}</dd>
        </dl>
        {kdpPackage ? (
          <>
            <p>Upload both files at Amazon KDP (Paperback, trim 6 x 9 in): the interior PDF as the manuscript and the cover PDF as a print-ready cover.</p>
            <BookDownloads
              title={book.title}
              downloads={{ pdf: book.pdf_blob_url, 'cover-pdf': coverPdf }}
              label={(kind) => (kind === 'pdf' ? 'Interior PDF' : 'KDP Cover PDF')}
            />
            <div className="path-buttons">
              <button type="button" className="button" onClick={onClose}>Done</button>
            </div>
          </>
        ) : (
          <>
            <p>
              {plan === 'regenerate'
                ? `The cover is regenerated for the ${service.label} template, with a spine sized for ${book.page_count ?? 'the book’s'} pages.`
                : `Your existing cover already uses the ${service.label} template and is reused.`}
            </p>
            {waiting ? (
              <div className="center">
                <Spinner label="Regenerating your cover…" />
                <p className="muted">{PrintMessages.coverRegenerating}</p>
              </div>
            ) : regenerate.isError ? (
              <div role="alert">
                <p className="error-text">{PrintMessages.regenerateFailed}</p>
                <button type="button" className="button button-secondary button-small" onClick={() => regenerate.mutate()}>Try Again</button>
              </div>
            ) : coverPng ? (
              <div className="preview-strip">
                <OwnedImage src={coverPng} alt={`${service.label} cover`} className="preview-cover" />
              </div>
            ) : null}
            <div className="path-buttons">
              <button type="button" className="button button-secondary" onClick={onClose}>Cancel</button>
              <button type="button" className="button" disabled={!ready} onClick={() => (service.id === 'lulu' ? onOrder() : setKdpPackage(true))}>
                Proceed to Print Order
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * 'Select Print Service' (§2.6) on a completed book with a PDF. Lulu is handled by Pressroom: after the cover it
 * opens the order wizard on the 6x9 paperback (`onOrder`), a real order rather than a quote by e-mail.
 */
export function PrintServicePanel({ book, onOrder }: { book: BookProjectView; onOrder: (podPackageId: string) => void }) {
  const [open, setOpen] = useState(false);
  const [service, setService] = useState<PrintService | null>(null);
  if (book.generation_status !== 'completed' || !book.pdf_blob_url) return null;
  return (
    <section className="print-services" aria-label="Print Service">
      <button type="button" className="button button-secondary button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
        Select Print Service
      </button>
      {open && (
        <ul className="print-service-list">
          {PRINT_SERVICES.map((s) => (
            <li key={s.id}>
              <button type="button" className="card card-link print-service" onClick={() => setService(s)}>
                <strong>{s.label}</strong>
                <span className="muted">{SERVICE_TEXT[s.id](trimLabel(book.trim_size))}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {service && (
        <CoverPreviewDialog
          book={book}
          service={service}
          onClose={() => setService(null)}
          onOrder={() => {
            setService(null);
            setOpen(false);
            onOrder(defaultProductFor({ trimSize: book.trim_size, paper: book.paper }).spec.pod_package_id);
          }}
        />
      )}
    </section>
  );
}
