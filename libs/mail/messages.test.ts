import { describe, expect, it } from 'vitest';
import { mailDigest } from './digest-messages.ts';
import { eliteEventFacts } from '../../testing/elite-event-facts.ts';
import { eliteAuthorUpdate, eliteRequestNotice, eliteTeamUpdate } from './elite-messages.ts';
import { bookRequestConfirmation, bookRequestNotice, printStatusChange, purchaseReceipt, RECEIPT_GRANTS, type PrintStatusFacts } from './messages.ts';

const request = {
  id: 'b7c1',
  name: 'Ada <script>alert(1)</script>',
  email: 'ada@example.com',
  bookTopic: 'Bees & cities',
  bookStyle: null,
  bookDescription: 'Line one\nline "two"',
  additionalNotes: null,
  dashboardUrl: 'https://pressroom.example/dashboard',
};

describe('mail bodies', () => {
  it('escape what a person typed in the HTML and keep it verbatim in the text', () => {
    const mail = bookRequestConfirmation(request);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Bees &amp; cities');
    expect(mail.html).toContain('Line one<br>line &quot;two&quot;');
    expect(mail.text).toContain('Hello Ada <script>alert(1)</script>,');
    expect(mail.text).toContain('Description: Line one\nline "two"');
  });

  it('leave out rows with no value', () => {
    const notice = bookRequestNotice(request);
    expect(notice.text).not.toContain('Style:');
    expect(notice.text).not.toContain('Notes:');
    expect(notice.subject).toBe('New book request from Ada <script>alert(1)</script>: Bees & cities');
  });

  it('show the amount in the currency of the payment', () => {
    const receipt = purchaseReceipt({
      productName: 'AI Book Generator',
      amountCents: 9900,
      currency: 'usd',
      paidAt: new Date('2026-11-22T10:00:00Z'),
      sessionId: 'cs_test_1',
      grants: 'One book.',
      dashboardUrl: 'https://pressroom.example/dashboard',
    });
    expect(receipt.subject).toBe('Your receipt: AI Book Generator');
    expect(receipt.text).toContain('Amount: $99.00');
    expect(receipt.text).toContain('Reference: cs_test_1');
    expect(receipt.html).toContain('<a href="https://pressroom.example/dashboard">Go to your dashboard</a>');
  });

  it('say in the receipt what each purchase gives, the Elite Service with the contact the spec promises', () => {
    const receipt = (grants: string) => purchaseReceipt({ productName: 'Elite Service', amountCents: 49_900, currency: 'usd', paidAt: new Date('2026-11-22T10:00:00Z'), sessionId: 'cs_test_2', grants, dashboardUrl: 'https://pressroom.example/dashboard' });
    expect(receipt(RECEIPT_GRANTS.elite).text).toContain('Thank you for your purchase. Our team will contact you within 24 hours; complete your project details to get started.');
    expect(receipt(RECEIPT_GRANTS.book_credit).text).toContain('You can now write one complete book with a paid AI model.');
    expect(new Set(Object.values(RECEIPT_GRANTS)).size).toBe(Object.keys(RECEIPT_GRANTS).length);
  });

  describe('print status', () => {
    const order: PrintStatusFacts = {
      orderId: 'o-1',
      status: 'unpaid',
      bookTitle: 'Bees & cities',
      quantity: 1,
      totalCents: 849,
      currency: 'USD',
      errorMessage: null,
      payBy: new Date('2026-11-23T10:00:00Z'),
      paymentUrl: 'https://pressroom.example/api/stripe/test-checkout/cs_1',
      trackingId: null,
      carrierName: null,
      trackingUrls: [],
      dashboardUrl: 'https://pressroom.example/dashboard',
    };

    it('asks for the payment with its link and deadline while unpaid', () => {
      const mail = printStatusChange(order);
      expect(mail.subject).toBe('Your print order of Bees & cities is waiting for your payment');
      expect(mail.text).toContain('Mon, 23 Nov 2026 10:00:00 GMT');
      expect(mail.text).toContain('Quantity: 1 copy');
      expect(mail.text).toContain('Total: $8.49');
      expect(mail.text).toContain(`Pay for your order: ${order.paymentUrl}`);
    });

    it('gives the tracking once shipped, and the reason when the order ends early', () => {
      const shipped = printStatusChange({ ...order, status: 'shipped', quantity: 10, trackingId: 'SIM1', carrierName: 'USPS', trackingUrls: ['https://t.example/1', 'https://t.example/2'] });
      expect(shipped.subject).toBe('Your print order of Bees & cities has shipped');
      expect(shipped.text).toContain('Quantity: 10 copies');
      expect(shipped.text).toContain('Tracking: SIM1\n');
      expect(shipped.text).toContain('Track your package: https://t.example/1');
      expect(shipped.html).toContain('https://t.example/1<br>https://t.example/2');
      const failed = printStatusChange({ ...order, status: 'failed', errorMessage: 'Interior file is not a PDF.' });
      expect(failed.subject).toBe('Your print order of Bees & cities could not be printed');
      expect(failed.text).toContain('The printer could not print your order. Interior file is not a PDF.');
      expect(failed.text).toContain('See your print orders: https://pressroom.example/dashboard');
    });
  });
});

describe('Elite request mail', () => {
  const facts = eliteEventFacts();

  it("lists the quote for the author, escaped in the HTML, with a link to the request's page", () => {
    const mail = eliteAuthorUpdate(facts);
    expect(mail.subject).toBe('Your Elite Service quote: Bees & <b>cities</b>');
    expect(mail.text).toContain('Amount: $1,500.00');
    expect(mail.text).toContain('Valid until: Sun, 06 Dec 2026 10:00:00 GMT');
    expect(mail.html).toContain('Editing<br>Cover');
    expect(mail.html).toContain('Hi &quot;Ada&quot;');
    expect(mail.html).not.toContain('<b>cities</b>');
    expect(mail.html).toContain('<a href="https://pressroom.example/elite-requests/r-1">See your request</a>');
  });

  it('links the team to the back office and the run, and tells a late payment apart', () => {
    const mail = eliteTeamUpdate({ ...facts, kind: 'paid', refundDue: true, note: 'A payment (cs_1) arrived while the request was expired: a refund is due' });
    expect(mail.subject).toBe('Refund due: a late payment for Bees & <b>cities</b>');
    expect(mail.text).toContain('Note: A payment (cs_1) arrived');
    expect(mail.text).toContain('Open the request in the back office: https://pressroom.example/admin/elite-requests/r-1/show');
    expect(mail.text).toContain('Its workflow in the Temporal UI: https://temporal.example/namespaces/default/workflows/elite-r-1');
    expect(eliteAuthorUpdate({ ...facts, kind: 'paid', refundDue: true }).subject).toBe('Your payment for Bees & <b>cities</b> will be refunded');
    expect(eliteAuthorUpdate({ ...facts, kind: 'paid' }).subject).toBe('Payment received: production of Bees & <b>cities</b> begins');
  });

  it("carries every field of a new request's notification payload, leaving out the empty ones", () => {
    const mail = eliteRequestNotice(
      {
        user_id: 'u-1',
        type: 'elite_service_request',
        data: {
          book_id: null,
          book_title: null,
          book_author: null,
          book_idea: null,
          book_created: null,
          pdf_available: false,
          cover_available: false,
          user_name: 'Ada',
          user_email: 'ada@example.com',
          user_phone: null,
          contact_method: 'email',
          preferred_timeline: '2-weeks',
          print_quantity: null,
          budget_range: null,
          additional_requirements: '<script>x</script>',
          request_date: '2026-11-22T10:00:00.000Z',
          dashboard_url: 'https://pressroom.example/dashboard',
          book_pdf_url: null,
          book_cover_url: null,
        },
      },
      { requestId: 'r-1', adminUrl: facts.adminUrl, runUrl: facts.runUrl },
    );
    expect(mail.subject).toBe('New Elite Service request from Ada: a book paid up front');
    for (const line of ['user_id: u-1', 'type: elite_service_request', 'pdf_available: false', 'contact_method: email', 'request_date: 2026-11-22T10:00:00.000Z']) expect(mail.text).toContain(line);
    expect(mail.text).not.toContain('book_title:');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
  });
});

describe('a digest', () => {
  it('lists each piece of news on its own line, in the text and in the HTML', () => {
    const at = new Date('2026-11-29T08:00:00Z');
    const digest = mailDigest([{ category: 'print_progress', subject: 'Your order is at the printer', queuedAt: at }, { category: 'print_progress', subject: 'Your order is being printed', queuedAt: at }], { dashboardUrl: 'https://pressroom.test/dashboard', preferencesUrl: 'https://pressroom.test/account' });
    expect(digest.text).toMatch(/- Your order is at the printer .*\n- Your order is being printed/);
    expect(digest.html).toMatch(/- Your order is at the printer [^<]*<br>- Your order is being printed/);
  });
});
