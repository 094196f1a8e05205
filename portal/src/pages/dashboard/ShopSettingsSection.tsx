import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ShopSettingsRequest } from '../../../../libs/contracts/index.ts';
import { ProjectMessages, SHOP, SHOP_CATEGORIES, SHOP_DESCRIPTION_CHARS, shopBookPath, shopProblems, truncate } from '../../../../libs/domain/index.ts';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { apiFieldErrors, FieldError, fieldAria } from '../../components/FieldErrors.tsx';
import { money } from '../../components/printFlow.ts';
import { updateShopSettings, type BookProjectView } from '../../api/bookProjects.ts';
import './shopSettings.css';

const date = (iso: string) => new Date(iso).toLocaleDateString();

type FormField = 'price' | 'print-price' | 'category' | 'description' | 'isbn';
/** The API's names for the form's fields. */
const API_FIELDS: Record<string, FormField> = { shop_price: 'price', shop_print_price: 'print-price', shop_category: 'category', shop_description: 'description', isbn: 'isbn' };

/** The form's own checks, by form field: the shop's price rules hold for a print price too (the floor is the API's). */
function formProblems(settings: ShopSettingsRequest): Partial<Record<FormField, string>> {
  const problems = apiFieldErrors(shopProblems(settings), API_FIELDS);
  if (settings.shop_print_price !== null && settings.shop_print_price !== undefined) {
    const print = shopProblems({ shop_price: settings.shop_print_price })[0];
    if (print) problems['print-price'] = print.messages[0];
  }
  return problems;
}

/** Spec 3, 2.2, with issue 30's print price: the Publish to Shop toggle and the shop's settings of one book. */
export function ShopSettingsSection({ book }: { book: BookProjectView }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ price: '', printPrice: '', category: '', description: '', isbn: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  // The toggle answers at once; the server's answer confirms it, or puts it back with the reason.
  const [published, setPublished] = useState(book.published_to_shop);
  const [asking, setAsking] = useState(false);
  useEffect(() => setPublished(book.published_to_shop), [book.published_to_shop]);
  const fieldId = (field: FormField) => `${field}-${book.id}`;
  const save = useMutation({
    mutationFn: (settings: ShopSettingsRequest) => updateShopSettings(book.id, settings),
    onSuccess: () => {
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: ['book-projects'] });
    },
    onError: (error) => {
      setPublished(book.published_to_shop);
      // A refusal of a field (a print price below the copy's cost, with the numbers) goes beside that field.
      const onFields = error instanceof ApiError ? apiFieldErrors(error.details, API_FIELDS) : {};
      setErrors(onFields);
      const first = Object.keys(onFields)[0] as FormField | undefined;
      setProblem((first && onFields[first]) || error.message || ProjectMessages.shopUpdateFailed);
      if (editing && first) document.getElementById(fieldId(first))?.focus();
    },
  });

  const openForm = () => {
    setForm({
      price: String(book.shop_price ?? SHOP.defaultPrice),
      printPrice: book.shop_print_price === null || book.shop_print_price === undefined ? '' : String(book.shop_print_price),
      category: book.shop_category || SHOP.defaultCategory,
      description: book.shop_description ?? book.book_idea,
      isbn: book.isbn ?? '',
    });
    setProblem(null);
    setErrors({});
    setEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const settings: ShopSettingsRequest = {
      shop_price: Number(form.price),
      shop_print_price: form.printPrice.trim() ? Number(form.printPrice) : null,
      shop_category: form.category,
      shop_description: form.description,
      isbn: form.isbn.trim() || null,
    };
    const problems = formProblems(settings);
    setErrors(problems);
    // The first problem is also said above the buttons (announced), the field keeps its own message.
    const first = Object.keys(problems)[0] as FormField | undefined;
    setProblem((first && problems[first]) || null);
    if (first) return document.getElementById(fieldId(first))?.focus();
    save.mutate(settings);
  };
  const edit = (key: keyof typeof form, field: FormField) => (event: { target: { value: string } }) => {
    setForm({ ...form, [key]: event.target.value });
    setErrors({ ...errors, [field]: undefined });
  };
  const input = (field: FormField) => ({ id: fieldId(field), ...fieldAria(fieldId(field), errors[field]) });
  const description = book.shop_description ?? book.book_idea;
  const price = money(book.shop_price ?? SHOP.defaultPrice);
  const printPrice = book.shop_print_price === null || book.shop_print_price === undefined ? null : money(book.shop_print_price);

  return (
    <section className="shop-settings" aria-label="Shop Settings">
      <div className="item-head">
        <h4>Shop Settings</h4>
        <label className="toggle">
          <input
            type="checkbox"
            aria-label={`Publish to Shop: ${book.title}`}
            checked={published}
            disabled={save.isPending}
            onChange={(e) => {
              setEditing(false);
              // Publishing puts the book in front of buyers: asked first. Unpublishing is at once.
              if (e.target.checked) return setAsking(true);
              setPublished(false);
              save.mutate({ published_to_shop: false });
            }}
          />
          Publish to Shop
        </label>
      </div>
      {asking && (
        <ConfirmDialog
          title={`Publish “${book.title}” to the shop?`}
          confirm="Yes, Publish"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            setPublished(true);
            save.mutate({ published_to_shop: true });
          }}
        >
          <p>
            The e-book is listed at {price}
            {printPrice ? ` and printed copies at ${printPrice} each` : ''} in {book.shop_category || SHOP.defaultCategory}, described by {book.shop_description ? 'your marketing description' : 'your book idea'}. You can change these, or unpublish, at any time.
          </p>
        </ConfirmDialog>
      )}
      {problem && !editing && <p className="error-text" role="alert">{problem}</p>}
      {book.published_to_shop && !editing && (
        <div className="shop-read">
          <p role="status">
            Published to the shop. <Link to={shopBookPath(book.id)}>View in shop<span className="visually-hidden">: {book.title}</span></Link>
          </p>
          <button type="button" className="link-button" aria-label="Edit shop settings" onClick={openForm}>✎ Edit</button>
          <dl>
            <dt>Price</dt>
            <dd>{price}</dd>
            <dt>Print price</dt>
            <dd>{printPrice ? `${printPrice} a copy` : 'Not sold in print'}</dd>
            <dt>Category</dt>
            <dd>{book.shop_category || SHOP.defaultCategory}</dd>
            <dt>Published</dt>
            <dd>{book.published_at ? date(book.published_at) : 'Recently'}</dd>
            {book.isbn && (
              <>
                <dt>ISBN</dt>
                <dd>{book.isbn}</dd>
              </>
            )}
          </dl>
          {description && description !== book.book_idea && <p className="muted">{truncate(description, SHOP_DESCRIPTION_CHARS)}</p>}
        </div>
      )}
      {book.published_to_shop && editing && (
        <form className="shop-form" onSubmit={submit} noValidate>
          <div className="shop-prices">
            <div className="field">
              <label htmlFor={fieldId('price')}>Price (USD)</label>
              <input {...input('price')} type="number" step="0.01" min={SHOP.minPrice} value={form.price} onChange={edit('price', 'price')} />
              <FieldError id={fieldId('price')} error={errors.price} />
            </div>
            <div className="field">
              <label htmlFor={fieldId('print-price')}>Print price (per copy, USD)</label>
              <input
                {...input('print-price')}
                {...fieldAria(fieldId('print-price'), errors['print-price'], `${fieldId('print-price')}-hint`)}
                type="number"
                step="0.01"
                min={SHOP.minPrice}
                value={form.printPrice}
                onChange={edit('printPrice', 'print-price')}
              />
              <small id={`${fieldId('print-price')}-hint`} className="muted">Leave empty not to sell printed copies. Buyers pay shipping and tax on top.</small>
              <FieldError id={fieldId('print-price')} error={errors['print-price']} />
            </div>
          </div>
          <div className="field">
            <label htmlFor={fieldId('category')}>Category</label>
            <select {...input('category')} value={form.category} onChange={edit('category', 'category')}>
              {SHOP_CATEGORIES.map((c) => (
                <option key={c} value={c}>{c}</option>
              ))}
            </select>
            <FieldError id={fieldId('category')} error={errors.category} />
          </div>
          <div className="field">
            <label htmlFor={fieldId('description')}>Marketing Description</label>
            <textarea {...input('description')} rows={3} placeholder="How should this book be presented to customers?" value={form.description} onChange={edit('description', 'description')} />
            <FieldError id={fieldId('description')} error={errors.description} />
          </div>
          <div className="field">
            <label htmlFor={fieldId('isbn')}>ISBN (optional)</label>
            <input {...input('isbn')} placeholder="978-0-000-00000-0" value={form.isbn} onChange={edit('isbn', 'isbn')} />
            <FieldError id={fieldId('isbn')} error={errors.isbn} />
          </div>
          {problem && <p className="error-text" role="alert">{problem}</p>}
          <div className="path-buttons">
            <button type="submit" className="button button-small" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Changes'}</button>
            <button type="button" className="button button-secondary button-small" onClick={() => setEditing(false)}>Cancel</button>
          </div>
        </form>
      )}
    </section>
  );
}
