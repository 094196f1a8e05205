import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OfferMessages, type ProductId } from '../../../libs/domain/index.ts';
import { CheckoutButton } from './CheckoutButton.tsx';
import type { Checkout } from './useCheckout.ts';

/** A checkout as useCheckout gives it once the server has listed its offers: here, without a real AI. */
const checkout = (pending: ProductId | null = null): Checkout => ({
  pending,
  error: null,
  start: () => Promise.resolve(),
  unavailable: (product) => (product === 'ai-book-generator' ? OfferMessages.realAiOff : null),
});

describe('a checkout button', () => {
  it('for an offer the server cannot fulfil is disabled and says why, next to it', () => {
    const html = renderToStaticMarkup(<CheckoutButton checkout={checkout()} product="ai-book-generator">Generate</CheckoutButton>);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="([^"]+)"/);
    const described = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<small id="${described}" class="muted">${OfferMessages.realAiOff.replace("'", '&#x27;')}</small>`);
  });

  it('for an offer on sale is enabled, with nothing beside it, until a checkout starts', () => {
    const idle = renderToStaticMarkup(<CheckoutButton checkout={checkout()} product="elite-service">Elite</CheckoutButton>);
    expect(idle).not.toContain('disabled');
    expect(idle).not.toContain('<small');
    expect(renderToStaticMarkup(<CheckoutButton checkout={checkout('elite-service')} product="elite-service">Elite</CheckoutButton>)).toContain('disabled=""');
  });
});
