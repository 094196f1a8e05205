import { useState, type FormEvent } from 'react';
import type { ShopBookView, ShopEditionView } from '../../../libs/contracts/index.ts';
import { EliteDetailsMessages, isEmailAddress, SaleMessages } from '../../../libs/domain/index.ts';
import { ApiError } from '../api/client.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { FieldError, fieldAria } from '../components/FieldErrors.tsx';
import { money } from '../components/printFlow.ts';
import { startShopCheckout } from '../api/sales.ts';
import { buyFieldErrors } from './buying.ts';

/** The problem with the buyer's e-mail before anything is sent; null when it will do. */
export const emailProblem = (email: string): string | null => (!email.trim() ? SaleMessages.emailRequired : isEmailAddress(email) ? null : EliteDetailsMessages.emailInvalid);

/** The e-mail a purchase goes to: asked when signed out, the account's (editable) when signed in. */
export function BuyerEmail(props: { id: string; value: string; error: string | undefined; hint: string; autoFocus?: boolean; onChange: (value: string) => void }) {
  const { id, value, error, hint, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={id}>Your e-mail address</label>
      <input id={id} type="email" autoComplete="email" required autoFocus={props.autoFocus} value={value} onChange={(e) => onChange(e.target.value)} {...fieldAria(id, error, `${id}-hint`)} />
      <small id={`${id}-hint`} className="muted">{hint}</small>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Sends the buyer to the sale's checkout page; the API's refusals come back on their fields or above the button. */
export function useCheckout() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async (call: () => Promise<{ url: string }>, onDetails: (details: unknown) => boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      const { url } = await call();
      window.location.assign(url);
    } catch (error) {
      setBusy(false);
      const placed = error instanceof ApiError && onDetails(error.details);
      if (!placed) setProblem(error instanceof Error && error.message ? error.message : SaleMessages.checkoutFailed);
    }
  };
  return { busy, problem, setProblem, start };
}

/** The e-book: the buyer's e-mail, then Stripe's checkout. */
export function BuyEbookForm({ book, edition }: { book: ShopBookView; edition: ShopEditionView }) {
  const { user } = useAuth();
  const id = `buy-ebook-${book.id}`;
  const [email, setEmail] = useState(user?.email ?? '');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const checkout = useCheckout();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) {
      setErrors({ [`${id}-email`]: problem });
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    void checkout.start(
      () => startShopCheckout(book.id, { edition: 'ebook', email: email.trim() }),
      (details) => {
        const { fields } = buyFieldErrors(details, id);
        setErrors(fields);
        return Object.keys(fields).length > 0;
      },
    );
  };

  return (
    <form className="buy-form" onSubmit={submit} noValidate aria-label="Buy the e-book">
      <BuyerEmail
        id={`${id}-email`}
        value={email}
        error={errors[`${id}-email`]}
        hint="Your receipt and the download links go here."
        autoFocus
        onChange={(value) => {
          setEmail(value);
          setErrors({});
        }}
      />
      {checkout.problem && <p className="error-text" role="alert">{checkout.problem}</p>}
      <button type="submit" className="button" disabled={checkout.busy}>
        {checkout.busy ? 'Opening the checkout…' : `Pay ${money(edition.price, edition.currency)}`}
      </button>
    </form>
  );
}
