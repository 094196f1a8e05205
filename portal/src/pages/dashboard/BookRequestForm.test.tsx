import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BookRequestDialog } from './BookRequestForm.tsx';

const render = (email: string) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <BookRequestDialog name="Grace Author" email={email} onClose={() => undefined} />
    </QueryClientProvider>,
  );

describe('the book request dialog', () => {
  it("shows the account's e-mail, labelled and read-only, with why it cannot be changed; the rest is the author's", () => {
    const html = render('grace@example.com');
    expect(html).toContain('<label for="request-email">Email Address</label>');
    const input = /<input id="request-email"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('value="grace@example.com"');
    expect(input).toContain('readOnly=""');
    expect(input).toContain('aria-describedby="request-email-hint"');
    expect(html).toMatch(/<p id="request-email-hint"[^>]*>Your account(&#x27;|&apos;|')s address: we send the confirmation there\.<\/p>/);
    // The rest of the request is the author's to write.
    for (const id of ['request-name', 'request-book_topic', 'request-book_description', 'request-additional_notes']) {
      const tag = new RegExp(`<(input|textarea) id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(tag, id).not.toBe('');
      expect(tag, id).not.toContain('readOnly');
    }
  });
});
