import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrintOrder, Sale, User } from '../../../../libs/db/index.ts';
import { defaultProductFor, InputMessages, printPriceFloor, printPriceProblem, SaleMessages, stripeFeeCents } from '../../../../libs/domain/index.ts';
import { waitForSubject } from '../../../../testing/mail-inbox.ts';
import { printStackForFile, TEST_ADDRESS } from '../../../../testing/print-orders.ts';
import { payAtTestCheckout, publishedBook, saleReaching } from '../../../../testing/shop-sales.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';

// Selling printed copies, and what authors and the back office see of their sales: the print price's floor, a print
// sale the Lulu simulator ships as a prepaid order of the sale's own, the Sales report, its CSV and the admin lists.
const stack = printStackForFile('sales', { AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let api: { app: INestApplication; url: string };
beforeAll(async () => {
  api = await serveApi(stack.config);
});
afterAll(async () => {
  await api?.app.close();
});
const { call, signUpAccount, signUpAs } = apiClient(() => api.url);
const deps = () => stack.engine.deps;
const em = () => stack.engine.deps.orm.em.fork();

describe('selling a book from the shop', () => {
  let author: { id: string; token: string };
  let bookId: string;
  beforeAll(async () => {
    author = await signUpAccount();
    bookId = await publishedBook(deps(), call, author, { shop_price: 9.99 }, { title: `Quiet Orchards ${randomUUID().slice(0, 6)}` });
  });

  it('refuses a print price below one copy’s printing plus card fees, with the numbers', async () => {
    const product = defaultProductFor({ trimSize: '6x9', paper: 'white' });
    const { printCents, minimumCents } = printPriceFloor(product);
    const below = (minimumCents - 1) / 100;
    const refused = await call('PATCH', `/book-projects/${bookId}/shop`, { shop_print_price: below }, author.token);
    expect(refused).toMatchObject({ status: 400, body: { message: printPriceProblem(below, product) } });
    expect(refused.body.message).toContain(`$${(minimumCents / 100).toFixed(2)}`);
    expect(refused.body.message).toContain(`printing costs $${(printCents / 100).toFixed(2)} a copy`);
    expect(minimumCents - stripeFeeCents(minimumCents)).toBeGreaterThanOrEqual(printCents);

    const accepted = await call('PATCH', `/book-projects/${bookId}/shop`, { shop_print_price: 24 }, author.token);
    expect(accepted).toMatchObject({ status: 200, body: { shop_print_price: 24, shop_price: 9.99 } });
    const page = await call('GET', `/shop/books/${bookId}`);
    expect(page.body.editions).toEqual([
      { kind: 'ebook', price: 9.99, currency: 'USD', formats: ['epub', 'pdf'] },
      { kind: 'print', price: 24, currency: 'USD', formats: [], trim_size: '6x9', page_count: 40 },
    ]);
  });

  it('prints a print sale as a prepaid order of the sale that the simulator ships; the author never sees the address', async () => {
    const email = `print-buyer-${randomUUID()}@example.com`;
    const order = { quantity: 2, shipping_address: TEST_ADDRESS, shipping_level: 'MAIL' };
    const quote = await call('POST', `/shop/books/${bookId}/print-quote`, order);
    expect(quote).toMatchObject({ status: 200, body: { quantity: 2, unit_price: 24, subtotal: 48, currency: 'USD' } });
    const total = quote.body.total as number;
    expect(total).toBeCloseTo(48 + (quote.body.shipping as number) + (quote.body.tax as number), 2);

    const checkout = await call('POST', `/shop/books/${bookId}/checkout`, { edition: 'print', email, ...order });
    expect(checkout.status).toBe(201);
    const saleId = checkout.body.sale_id as string;
    const hook = stack.sim.subscribe(`${api.url}/api/print/webhooks/lulu`);
    stack.sim.setPace(400);
    try {
      await payAtTestCheckout(api.url, checkout.body.url as string, email);
      const printing = await saleReaching(stack.engine.deps.orm, saleId, 'printing');
      expect(printing).toMatchObject({ priceCents: Math.round(total * 100), quantity: 2 });
      const shipped = await saleReaching(stack.engine.deps.orm, saleId, 'shipped', 90_000);
      expect(shipped.earningsCents).toBe(shipped.priceCents - stripeFeeCents(shipped.priceCents) - shipped.printCostCents);
      const printOrder = await em().findOneOrFail(PrintOrder, { id: shipped.printOrderId as string }, { populate: ['user'] });
      expect(printOrder).toMatchObject({ saleId, user: null, quantity: 2, contactEmail: email, orderStatus: 'shipped', shippingAddress: TEST_ADDRESS });
      expect(printOrder.history.some((e) => e.note === `Paid by sale ${saleId}`)).toBe(true);
      expect(printOrder.interiorKey).toBe(shipped.files.interior);
      await waitForSubject(email, 'has shipped');
    } finally {
      stack.sim.setPace('manual');
      stack.sim.webhooks.splice(stack.sim.webhooks.indexOf(hook), 1);
    }
    const orders = await call('GET', `/print/orders/user/${author.id}`, undefined, author.token);
    expect(JSON.stringify(orders.body)).not.toContain(TEST_ADDRESS.address_line1);
  }, 150_000);

  it('shows the author each paid sale with its fee, print cost and earnings, by month and as CSV; the back office sees them too', async () => {
    const email = `ebook-buyer-${randomUUID()}@example.com`;
    const checkout = await call('POST', `/shop/books/${bookId}/checkout`, { edition: 'ebook', email });
    await payAtTestCheckout(api.url, checkout.body.url as string, email);
    await saleReaching(stack.engine.deps.orm, checkout.body.sale_id as string, 'delivered');
    const sales = await em().find(Sale, { author: author.id, status: { $in: ['delivered', 'shipped'] } });
    expect(sales.map((s) => s.edition).sort()).toEqual(['ebook', 'print']);
    const cents = (pick: (s: Sale) => number) => sales.reduce((sum, s) => sum + pick(s), 0) / 100;

    const report = await call('GET', '/sales', undefined, author.token);
    expect(report.status).toBe(200);
    const ebook = (report.body.sales as { edition: string }[]).find((s) => s.edition === 'ebook');
    expect(ebook).toMatchObject({ book_id: bookId, price: 9.99, stripe_fee: 0.59, print_cost: 0, earnings: 9.4, status: 'delivered' });
    expect(JSON.stringify(report.body)).not.toContain('buyer-');
    expect(report.body.totals).toEqual({ sales: 2, gross: cents((s) => s.priceCents), stripe_fees: cents((s) => s.stripeFeeCents), print_costs: cents((s) => s.printCostCents), earnings: cents((s) => s.earningsCents) });
    expect(report.body.months).toEqual([{ month: new Date().toISOString().slice(0, 7), ...(report.body.totals as object) }]);
    // The account card says what the books sold.
    expect((await call('GET', '/subscription', undefined, author.token)).body).toMatchObject({ shop_sales: 2, shop_earnings: cents((s) => s.earningsCents) });
    // One edition's sales, and its totals alone; a bad filter is refused with its words.
    const printOnly = await call('GET', `/sales?edition=print&book=${bookId}`, undefined, author.token);
    expect((printOnly.body.sales as { edition: string }[]).map((s) => s.edition)).toEqual(['print']);
    expect(printOnly.body.totals).toMatchObject({ sales: 1, earnings: cents((s) => (s.edition === 'print' ? s.earningsCents : 0)) });
    expect((await call('GET', '/sales?edition=audiobook', undefined, author.token)).body).toMatchObject({ message: SaleMessages.invalidEdition });
    expect((await call('GET', `/sales?book=${randomUUID()}`, undefined, author.token)).body).toMatchObject({ sales: [], totals: { sales: 0 } });
    expect((await call('GET', '/sales')).status).toBe(401);
    const stranger = await signUpAccount();
    expect((await call('GET', '/sales', undefined, stranger.token)).body).toMatchObject({ sales: [], totals: { sales: 0 } });

    const csv = await fetch(`${api.url}/api/sales.csv`, { headers: { Authorization: `Bearer ${author.token}` } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('sale_id,paid_at,book_title,edition,quantity,status,price,stripe_fee,print_cost,earnings,currency');
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes(',ebook,'))).toContain(',9.99,0.59,0.00,9.40,USD');

    const admin = await signUpAs('admin', stack.config.DATABASE_URL);
    const list = await fetch(`${api.url}/api/admin/sales?filter=${encodeURIComponent(JSON.stringify({ author_id: author.id }))}`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(list.headers.get('x-total-count')).toBe('2');
    const rows = (await list.json()) as { id: string; earnings: number; buyer_email: string }[];
    expect(rows.map((r) => r.earnings).sort()).toEqual(sales.map((s) => s.earningsCents / 100).sort());
    const filtered = await fetch(`${api.url}/api/admin/sales?filter=${encodeURIComponent(JSON.stringify({ author_id: author.id, edition: 'print', status: 'shipped' }))}`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(((await filtered.json()) as unknown[]).length).toBe(1);
    // The author is found by e-mail (in any case), whatever other files' sellers earn; the count of authors found is in
    // the header react-admin reads.
    const { email: authorEmail } = await em().findOneOrFail(User, { id: author.id });
    const found = await fetch(`${api.url}/api/admin/sales/earnings?filter=${encodeURIComponent(JSON.stringify({ q: String(authorEmail).toUpperCase() }))}`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(found.headers.get('x-total-count')).toBe('1');
    expect(await found.json()).toEqual([{ id: author.id, author_email: authorEmail, currency: 'USD', ...(report.body.totals as object) }]);
    // Unfiltered, highest earnings first.
    const top = (await (await fetch(`${api.url}/api/admin/sales/earnings?range=[0,199]`, { headers: { Authorization: `Bearer ${admin}` } })).json()) as { earnings: number }[];
    expect(top.length).toBeGreaterThan(0);
    expect(top.map((row) => row.earnings)).toEqual(top.map((row) => row.earnings).sort((a, b) => b - a));
    const none = await fetch(`${api.url}/api/admin/sales/earnings?filter=${encodeURIComponent(JSON.stringify({ q: '%_nobody_%' }))}`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(await none.json()).toEqual([]);
    // A NUL spelled as a JSON escape is refused at the boundary, not handed to PostgreSQL.
    for (const path of ['/api/admin/sales/earnings', '/api/admin/sales']) {
      const nul = await fetch(`${api.url}${path}?filter=${encodeURIComponent('{"q":"a\\u0000"}')}`, { headers: { Authorization: `Bearer ${admin}` } });
      expect({ status: nul.status, body: await nul.json() }).toMatchObject({ status: 400, body: { message: InputMessages.nulCharacter('filter.q') } });
    }
    // Sorted by e-mail (the test cluster's C collation is the code-unit order), closed accounts' sales last.
    const byEmail = (await (await fetch(`${api.url}/api/admin/sales/earnings?sort=${encodeURIComponent('["author_email","ASC"]')}&range=[0,199]`, { headers: { Authorization: `Bearer ${admin}` } })).json()) as { author_email: string | null }[];
    const emails = byEmail.map((row) => row.author_email).filter((email) => email !== null);
    expect(emails).toEqual([...emails].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await call('GET', '/admin/sales', undefined, author.token)).status).toBe(403);
  });
});
