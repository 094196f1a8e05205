import { useState, type FormEvent } from 'react';
import type { ShopBookView, ShopEditionView, ShopPrintQuote, ShopPrintQuoteRequest } from '../../../libs/contracts/index.ts';
import { OFFERED_SHIPPING, SALE_QUANTITY, SaleMessages, type ShippingLevel } from '../../../libs/domain/index.ts';
import { ApiError } from '../api/client.ts';
import { AddressForm } from '../components/AddressForm.tsx';
import { AddressBookChoice, useAddressBook } from '../components/AddressBook.tsx';
import { useAuth } from '../components/AuthContext.tsx';
import { FieldError, fieldAria } from '../components/FieldErrors.tsx';
import { addressRequest } from '../components/addressFlow.ts';
import { copies, money } from '../components/printFlow.ts';
import { useAddressForm } from '../components/useAddressForm.ts';
import { quotePrintCopies, startShopCheckout } from '../api/sales.ts';
import { BuyerEmail, emailProblem, useCheckout } from './BuyEbookForm.tsx';
import { buyFieldErrors } from './buying.ts';

const quantityProblem = (value: string): string | null => {
  const n = Number(value);
  return Number.isInteger(n) && n >= SALE_QUANTITY.min && n <= SALE_QUANTITY.max ? null : SaleMessages.quantity;
};

function QuoteSummary({ quote }: { quote: ShopPrintQuote }) {
  const c = quote.currency;
  return (
    <div className="buy-quote" role="status" aria-live="polite">
      <dl className="summary">
        <dt>{copies(quote.quantity)} × {money(quote.unit_price, c)}</dt>
        <dd>{money(quote.subtotal, c)}</dd>
        <dt>Shipping</dt>
        <dd>{money(quote.shipping, c)}</dd>
        <dt>Tax</dt>
        <dd>{money(quote.tax, c)}</dd>
        <dt>Total</dt>
        <dd><strong>{money(quote.total, c)}</strong></dd>
      </dl>
      {quote.estimated_delivery && <p className="muted">Estimated delivery: {quote.estimated_delivery}</p>}
    </div>
  );
}

/** Printed copies: where to, how fast and how many, a price with shipping and tax, then Stripe's checkout. */
export function BuyPrintForm({ book, edition }: { book: ShopBookView; edition: ShopEditionView }) {
  const { user } = useAuth();
  const id = `buy-print-${book.id}`;
  const addressForm = useAddressForm(`${id}-address`);
  const addressBook = useAddressBook();
  const [quantity, setQuantity] = useState('1');
  const [level, setLevel] = useState<ShippingLevel>(OFFERED_SHIPPING[0].level);
  const [email, setEmail] = useState(user?.email ?? '');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  // A price holds for what it was asked for: any change asks again.
  const [quote, setQuote] = useState<ShopPrintQuote | null>(null);
  const [quoting, setQuoting] = useState(false);
  const checkout = useCheckout();

  const changed = () => {
    setQuote(null);
    checkout.setProblem(null);
  };
  const showDetails = (details: unknown): boolean => {
    const { fields, address } = buyFieldErrors(details, id);
    setErrors(fields);
    addressForm.show(address);
    const first = Object.keys(fields)[0] ?? (Object.keys(address)[0] ? `${addressForm.idPrefix}-${Object.keys(address)[0]}` : undefined);
    if (first) document.getElementById(first)?.focus();
    return Boolean(first);
  };
  /** The request, or null after marking what is missing (the first field in error takes the focus). */
  const request = (): ShopPrintQuoteRequest | null => {
    const own: Partial<Record<string, string>> = {};
    const q = quantityProblem(quantity);
    if (q) own[`${id}-quantity`] = q;
    const e = emailProblem(email);
    if (e) own[`${id}-email`] = e;
    setErrors(own);
    const addressOk = addressForm.check();
    const first = Object.keys(own)[0];
    if (addressOk && first) document.getElementById(first)?.focus();
    if (!addressOk || first) return null;
    return { quantity: Number(quantity), shipping_address: addressRequest(addressForm.address), shipping_level: level };
  };

  const getPrice = async () => {
    const asked = request();
    if (!asked) return;
    setQuoting(true);
    checkout.setProblem(null);
    try {
      setQuote(await quotePrintCopies(book.id, asked));
    } catch (error) {
      if (!(error instanceof ApiError && showDetails(error.details))) checkout.setProblem(error instanceof Error ? error.message : SaleMessages.checkoutFailed);
    } finally {
      setQuoting(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!quote) return void getPrice();
    const asked = request();
    if (!asked) return;
    void checkout.start(async () => {
      const started = await startShopCheckout(book.id, { edition: 'print', email: email.trim(), ...asked });
      await addressBook.keep(addressForm.address);
      return started;
    }, showDetails);
  };

  return (
    <form className="buy-form" onSubmit={submit} noValidate aria-label="Buy printed copies">
      <fieldset>
        <legend>Ship to</legend>
        <AddressBookChoice
          book={addressBook}
          idPrefix={addressForm.idPrefix}
          address={addressForm.address}
          onPick={(picked) => {
            addressForm.pick(picked);
            changed();
          }}
        >
          <AddressForm
            address={addressForm.address}
            errors={addressForm.errors}
            idPrefix={addressForm.idPrefix}
            onEdit={(field, value) => {
              addressForm.edit(field, value);
              changed();
            }}
            onBlur={addressForm.blur}
          />
        </AddressBookChoice>
      </fieldset>
      <fieldset className="buy-shipping">
        <legend>Shipping</legend>
        {OFFERED_SHIPPING.map((option, i) => (
          <label key={option.level} className="provider">
            <input
              type="radio"
              name={`${id}-level`}
              {...(i === 0 ? { id: `${id}-level` } : {})}
              value={option.level}
              checked={level === option.level}
              onChange={() => {
                setLevel(option.level);
                changed();
              }}
            />
            {option.label} ({option.days})
          </label>
        ))}
        <FieldError id={`${id}-level`} error={errors[`${id}-level`]} />
      </fieldset>
      <div className="field buy-quantity">
        <label htmlFor={`${id}-quantity`}>Copies</label>
        <input
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          min={SALE_QUANTITY.min}
          max={SALE_QUANTITY.max}
          step={1}
          value={quantity}
          onChange={(e) => {
            setQuantity(e.target.value);
            setErrors({});
            changed();
          }}
          {...fieldAria(`${id}-quantity`, errors[`${id}-quantity`])}
        />
        <FieldError id={`${id}-quantity`} error={errors[`${id}-quantity`]} />
      </div>
      <BuyerEmail
        id={`${id}-email`}
        value={email}
        error={errors[`${id}-email`]}
        hint="Your receipt and the tracking of your parcel go here."
        onChange={(value) => {
          setEmail(value);
          setErrors({});
          checkout.setProblem(null);
        }}
      />
      <p className="muted">{money(edition.price, edition.currency)} a copy; shipping and tax depend on the address.</p>
      {quote && <QuoteSummary quote={quote} />}
      {checkout.problem && <p className="error-text" role="alert">{checkout.problem}</p>}
      <div className="path-buttons">
        {quote ? (
          <button type="submit" className="button" disabled={checkout.busy}>
            {checkout.busy ? 'Opening the checkout…' : `Pay ${money(quote.total, quote.currency)}`}
          </button>
        ) : (
          <button type="submit" className="button" disabled={quoting}>
            {quoting ? 'Getting the price…' : 'Get price'}
          </button>
        )}
      </div>
    </form>
  );
}
