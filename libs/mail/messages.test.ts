import { describe, expect, it } from 'vitest';
import { bookRequestConfirmation, bookRequestNotice, purchaseReceipt } from './messages.ts';

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
});
