import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BookProjectView, PrintOrderView, ProfileView } from '../../../libs/contracts/index.ts';
import {
  clampQuantity,
  externalIdAt,
  OFFERED_SHIPPING,
  PAPER_LABELS,
  PRINT_QUANTITY,
  PrintMessages,
  printProduct,
  productsForBook,
  QUICK_QUANTITIES,
  trimLabel,
  unitPrice,
  type ShippingLevel,
} from '../../../libs/domain/index.ts';
import { apiFetch, newActionKey } from '../api/client.ts';
import { useAuth } from '../components/AuthContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { AddressForm } from '../components/AddressForm.tsx';
import { AddressBookChoice, useAddressBook } from '../components/AddressBook.tsx';
import { useAddressStep } from './useAddressStep.ts';
import { useAddressForm } from '../components/useAddressForm.ts';
import { calculatePrint, createPrintOrder, fetchPrintProducts, waitForPayment } from '../api/print.ts';
import { addressErrors, addressRequest, reviewProblem } from '../components/addressFlow.ts';
import {
  addressLines,
  cheapestLevel,
  clampStep,
  copies,
  isFinalOrder,
  money,
  shippingLabel,
  tierLines,
  WIZARD_STEPS,
  type WizardStep,
} from '../components/printFlow.ts';

export type PrintBook = Pick<BookProjectView, 'id' | 'project_id' | 'title' | 'author' | 'page_count' | 'cover_blob_url' | 'cover_pdf_template' | 'trim_size' | 'paper'>;


/** Said wherever a price came from the built-in mock rather than the print provider. */
export function EstimatedPrice() {
  return (
    <p className="notice notice-warning" role="note">
      <strong>Estimated price</strong> — the print provider could not be reached, so these costs are our estimate; the checkout shows the amount you pay.
    </p>
  );
}

/**
 * The four-step print order wizard (§2.4, §5.1–5.2): product and quantity, address, shipping with live costs,
 * review. Placing the order creates it, then sends the author to its checkout; an order that has no checkout page
 * after a short wait goes to `onPlaced` instead (the dashboard shows it).
 */
export function PrintOrderWizard({ book, podPackageId, onClose, onPlaced }: { book: PrintBook; podPackageId?: string; onClose: () => void; onPlaced: (order: PrintOrderView) => void }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: ['profile', user?.id], queryFn: () => apiFetch<ProfileView>('/api/profile'), enabled: Boolean(user) });
  const products = useQuery({ queryKey: ['print-products'], queryFn: fetchPrintProducts, staleTime: Infinity });
  const [step, setStep] = useState<WizardStep>(1);
  const [podPackage, setPodPackage] = useState<string | null>(podPackageId ?? null);
  const [quantityText, setQuantityText] = useState(String(PRINT_QUANTITY.min));
  const form = useAddressForm('print');
  const { address } = form;
  const [level, setLevel] = useState<ShippingLevel | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const quantity = clampQuantity(quantityText);
  const product = podPackage ? (products.data?.products.find((p) => p.spec.pod_package_id === podPackage) ?? printProduct(podPackage) ?? null) : null;
  const request = addressRequest(address);
  const addressReady = Object.keys(addressErrors(address)).length === 0;
  const asked = level ?? OFFERED_SHIPPING[0].level;
  const calculationQuery = {
    queryKey: ['print-calculate', podPackage, quantity, book.page_count, request, asked],
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      calculatePrint(
        { pod_package_id: podPackage as string, quantity, ...(book.page_count ? { page_count: book.page_count } : {}), shipping_address: request, shipping_level: asked },
        signal,
      ),
    staleTime: 60_000,
  };
  const calculation = useQuery({
    ...calculationQuery,
    enabled: step >= 3 && Boolean(podPackage) && addressReady,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const addressBook = useAddressBook();
  const addressStep = useAddressStep(form, addressBook, () => queryClient.fetchQuery({ ...calculationQuery, retry: false }), () => go(3));
  const options = calculation.data?.shipping_options ?? [];
  const costs = calculation.data && !calculation.isPlaceholderData && level === asked ? calculation.data.costs : null;

  // The cheapest option is preselected once the options are known.
  useEffect(() => {
    if (level === null && calculation.data && !calculation.isPlaceholderData) setLevel(cheapestLevel(calculation.data.shipping_options));
  }, [level, calculation.data, calculation.isPlaceholderData]);

  // One order per wizard: Place Order sent again (after a lost answer) is answered with the order already made.
  const [orderKey] = useState(newActionKey);
  const place = useMutation({
    mutationFn: async () => {
      const contact = profile.data?.email ?? user?.email;
      if (!user || !contact || !product || !level) throw new Error(PrintMessages.missingInformation);
      const created = await createPrintOrder({
        book_project_id: book.id,
        user_id: user.id,
        pod_package_id: product.spec.pod_package_id,
        quantity,
        shipping_address: request,
        shipping_level: level,
        contact_email: contact,
        external_id: externalIdAt(new Date()),
      }, orderKey);
      const order = await waitForPayment(created);
      // An order that ended before its payment (its files refused, say) says why here, where the author can act on it.
      if (!order.payment_url && isFinalOrder(order)) throw new Error(order.error_message || PrintMessages.createFailedRetry);
      return order;
    },
    retry: false,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['print-orders'] }),
    onSuccess: (order) => {
      if (order.payment_url) {
        setRedirecting(true);
        window.location.assign(order.payment_url);
      } else onPlaced(order);
    },
  });
  const busy = place.isPending || redirecting;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, busy]);

  const go = (to: number) => {
    setStepError(null);
    setStep(clampStep(to));
  };
  const forward = () => {
    if (step === 1 && !product) return setStepError(PrintMessages.selectProduct);
    if (step === 2) return void addressStep.leave();
    if (step === 3 && !level) return setStepError(PrintMessages.selectShipping);
    if (step === 3 && !costs) return;
    go(step + 1);
  };
  const problem = reviewProblem({ product, address: step === 4 ? address : null, level, total: costs?.total ?? null, agreed });
  const missing = problem === PrintMessages.missingInformation;

  return (
    <div className="dialog-backdrop">
      <div className="dialog dialog-wide print-wizard" role="dialog" aria-modal="true" aria-labelledby="print-wizard-title">
        <div className="item-head">
          <div>
            <h3 id="print-wizard-title">Order Print Copy</h3>
            <p className="muted">{book.title} by {book.author}</p>
          </div>
          <button type="button" className="link-button" aria-label="Close" disabled={busy} onClick={onClose}>✕</button>
        </div>
        <ol className="wizard-steps" aria-label="Steps">
          {WIZARD_STEPS.map((label, i) => (
            <li key={label} className={i + 1 === step ? 'current' : i + 1 < step ? 'done' : ''} aria-current={i + 1 === step ? 'step' : undefined}>
              {i + 1}. {label}
            </li>
          ))}
        </ol>
        <h4>{WIZARD_STEPS[step - 1]}</h4>

        {step === 1 &&
          (products.isPending ? (
            <Spinner label="Loading print options…" />
          ) : products.isError ? (
            <div role="alert">
              <p className="error-text">{products.error.message}</p>
              <button type="button" className="button button-secondary button-small" onClick={() => void products.refetch()}>Try Again</button>
            </div>
          ) : (
            <>
              <fieldset className="print-products">
                <legend>Print option</legend>
                <p className="muted">
                  Printed at {trimLabel(book.trim_size)} on {PAPER_LABELS[book.paper].toLowerCase()} paper, as set in the book's settings.
                </p>
                {productsForBook(products.data.products, { trimSize: book.trim_size, paper: book.paper }).map((p) => (
                  <label key={p.spec.pod_package_id} className={`print-product ${podPackage === p.spec.pod_package_id ? 'selected' : ''}`}>
                    <input
                      type="radio"
                      name="print-product"
                      value={p.spec.pod_package_id}
                      checked={podPackage === p.spec.pod_package_id}
                      onChange={() => {
                        setPodPackage(p.spec.pod_package_id);
                        setStepError(null);
                      }}
                    />
                    <span>
                      <strong>{p.spec.name}</strong> {p.popular && <span className="badge">Popular</span>}
                      <br />
                      <span className="muted">{p.spec.description}</span>
                      <br />
                      <span className="tiers">{tierLines(p).join(' · ')}</span>
                      <br />
                      <span>{money(unitPrice(p, quantity))} per copy at {copies(quantity)}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <div className="field">
                <span className="field-label">Quantity</span>
                <div className="quick-quantities" role="group" aria-label="Quick quantities">
                  {QUICK_QUANTITIES.map((q) => (
                    <button key={q} type="button" className={`button button-small ${quantity === q ? '' : 'button-secondary'}`} aria-pressed={quantity === q} onClick={() => setQuantityText(String(q))}>
                      {q}
                    </button>
                  ))}
                </div>
                <label htmlFor="print-quantity">Custom quantity ({PRINT_QUANTITY.min}–{PRINT_QUANTITY.max})</label>
                <input
                  id="print-quantity"
                  type="number"
                  min={PRINT_QUANTITY.min}
                  max={PRINT_QUANTITY.max}
                  step={1}
                  value={quantityText}
                  onChange={(e) => setQuantityText(e.target.value)}
                  onBlur={() => setQuantityText(String(quantity))}
                />
              </div>
              {product && (
                <p>
                  <strong>{copies(quantity)}</strong> of {product.spec.name}: {money(unitPrice(product, quantity) * quantity)} before shipping
                </p>
              )}
            </>
          ))}

        {step === 2 && (
          <AddressBookChoice
            book={addressBook}
            idPrefix={form.idPrefix}
            address={address}
            onPick={(picked) => {
              form.pick(picked);
              setLevel(null);
              addressStep.clear();
            }}
          >
            <AddressForm
              idPrefix={form.idPrefix}
              address={address}
              errors={form.errors}
              onBlur={form.blur}
              onEdit={(field, value) => {
                form.edit(field, value);
                setLevel(null);
                addressStep.clear();
              }}
            />
          </AddressBookChoice>
        )}
        {step === 2 && addressStep.refusal && <p className="error-text" role="alert">{addressStep.refusal}</p>}

        {step === 3 &&
          (calculation.isError ? (
            <div role="alert">
              <p className="error-text">{calculation.error.message}</p>
              <button type="button" className="button" onClick={() => void calculation.refetch()}>Try Again</button>
            </div>
          ) : !calculation.data ? (
            <Spinner label="Calculating shipping costs…" />
          ) : options.length === 0 ? (
            <p className="error-text" role="alert">{PrintMessages.noShippingOptions}</p>
          ) : (
            <>
              {calculation.data.source === 'mock' && <EstimatedPrice />}
              <fieldset className="print-products">
                <legend>Shipping option</legend>
                {options.map((option) => (
                  <label key={option.level} className={`print-product ${level === option.level ? 'selected' : ''}`}>
                    <input
                      type="radio"
                      name="print-shipping"
                      value={option.level}
                      checked={level === option.level}
                      onChange={() => {
                        setLevel(option.level);
                        setStepError(null);
                      }}
                    />
                    <span>
                      <strong>{option.label}</strong> — {money(option.cost)}
                      <br />
                      <span className="muted">{option.days}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              {costs ? (
                <p>
                  Total: <strong>{money(costs.total, costs.currency)}</strong> · estimated delivery {calculation.data.estimated_delivery}
                </p>
              ) : (
                <Spinner label="Calculating shipping costs…" />
              )}
            </>
          ))}

        {step === 4 &&
          (missing || !product || !level || !costs ? (
            <p className="error-text" role="alert">{PrintMessages.missingInformation}</p>
          ) : (
            <div className="print-review">
              {calculation.data?.source === 'mock' && <EstimatedPrice />}
              <dl className="summary">
                <dt>Book</dt>
                <dd>{book.title} by {book.author}</dd>
                <dt>Print option</dt>
                <dd>{product.spec.name}</dd>
                <dt>Quantity</dt>
                <dd>{copies(quantity)}</dd>
                <dt>Ship to</dt>
                <dd>{addressLines(request).join(' · ')}</dd>
                <dt>Shipping</dt>
                <dd>{shippingLabel(level)}{calculation.data?.estimated_delivery ? ` (estimated delivery ${calculation.data.estimated_delivery})` : ''}</dd>
              </dl>
              <h4>Cost breakdown</h4>
              <dl className="summary costs">
                <dt>Printing ({copies(quantity)} × {money(costs.unit_cost, costs.currency)})</dt>
                <dd>{money(costs.printing_cost, costs.currency)}</dd>
                <dt>Shipping</dt>
                <dd>{money(costs.shipping_cost, costs.currency)}</dd>
                {costs.tax !== undefined && (
                  <>
                    <dt>Tax</dt>
                    <dd>{money(costs.tax, costs.currency)}</dd>
                  </>
                )}
                <dt><strong>Total</strong></dt>
                <dd><strong>{money(costs.total, costs.currency)}</strong></dd>
              </dl>
              <label className="toggle">
                <input type="checkbox" checked={agreed} disabled={busy} onChange={(e) => setAgreed(e.target.checked)} />
                I agree to the <Link to="/terms" target="_blank">terms and conditions</Link>
              </label>
              {!agreed && <p className="muted">{PrintMessages.agreeTerms}</p>}
              {place.isError && <p className="error-text" role="alert">{place.error.message}</p>}
              {busy && (
                <div className="center">
                  <Spinner label={redirecting ? 'Taking you to the secure payment page…' : 'Placing your order…'} />
                  <p className="muted">{redirecting ? 'Taking you to the secure payment page…' : 'Placing your order…'}</p>
                </div>
              )}
            </div>
          ))}

        {stepError && <p className="error-text" role="alert">{stepError}</p>}
        <div className="path-buttons">
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => (step === 1 ? onClose() : go(step - 1))}>
            {step === 1 ? 'Cancel' : 'Back'}
          </button>
          {step === 1 && <button type="button" className="button" disabled={products.isPending || products.isError} onClick={forward}>Continue to Shipping</button>}
          {step === 2 && (
            <button type="button" className="button" disabled={addressStep.checking} onClick={forward}>
              {addressStep.checking ? 'Checking the address…' : 'Continue to Shipping Options'}
            </button>
          )}
          {step === 3 && !calculation.isError && (
            <button type="button" className="button" disabled={options.length === 0 || calculation.isFetching} onClick={forward}>Review Order</button>
          )}
          {step === 4 && costs && !missing && (
            <button type="button" className="button button-accent" disabled={problem !== null || busy || !user} onClick={() => place.mutate()}>
              {place.isPending ? 'Placing Order...' : `Place Order - ${money(costs.total, costs.currency)}`}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
