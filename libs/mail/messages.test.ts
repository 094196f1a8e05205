import { describe, expect, it } from 'vitest';
import { bookRequestConfirmation, bookRequestNotice, printStatusChange, purchaseReceipt, type PrintStatusFacts } from './messages.ts';

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
