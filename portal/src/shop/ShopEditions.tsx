import { useState } from 'react';
import type { ShopBookView, ShopEditionView } from '../../../libs/contracts/index.ts';
import { money } from '../components/printFlow.ts';
import { BuyEbookForm } from './BuyEbookForm.tsx';
import { BuyPrintForm } from './BuyPrintForm.tsx';

function editionTitle(edition: ShopEditionView): { name: string; facts: string } {
  if (edition.kind === 'ebook') return { name: 'E-book', facts: edition.formats.map((f) => f.toUpperCase()).join(' and ') };
  const facts = [edition.trim_size ? `${edition.trim_size} paperback` : 'Paperback', edition.page_count ? `${edition.page_count} pages` : null].filter(Boolean).join(', ');
  return { name: 'Printed copy', facts: `${facts}; printed on demand and shipped to you` };
}

function Edition({ book, edition }: { book: ShopBookView; edition: ShopEditionView }) {
  const [open, setOpen] = useState(false);
  const { name, facts } = editionTitle(edition);
  const panel = `buy-${edition.kind}-${book.id}-panel`;
  const titleId = `edition-${edition.kind}-${book.id}`;
  return (
    <li className="card shop-edition" aria-labelledby={titleId}>
      <div className="item-head">
        <h3 id={titleId}>{name}</h3>
        <p className="shop-price">
          {money(edition.price, edition.currency)}
          {edition.kind === 'print' && <span className="muted"> a copy</span>}
        </p>
      </div>
      <p className="muted">{facts}</p>
      <button type="button" className={open ? 'button button-secondary' : 'button'} aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        {open ? 'Close' : edition.kind === 'ebook' ? 'Buy the e-book' : 'Buy printed copies'}
      </button>
      <div id={panel} hidden={!open}>
        {open && (edition.kind === 'ebook' ? <BuyEbookForm book={book} edition={edition} /> : <BuyPrintForm book={book} edition={edition} />)}
      </div>
    </li>
  );
}

/** What a published book sells, each edition with its price and its Buy button. */
export function ShopEditions({ book }: { book: ShopBookView }) {
  if (!book.editions?.length) return null;
  return (
    <section aria-labelledby="shop-buy">
      <h2 id="shop-buy">Buy this book</h2>
      <ul className="shop-editions">
        {book.editions.map((edition) => (
          <Edition key={edition.kind} book={book} edition={edition} />
        ))}
      </ul>
    </section>
  );
}
