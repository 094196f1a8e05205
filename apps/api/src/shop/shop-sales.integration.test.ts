import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookProject, GeneratorProject, MailDelivery, Payment, Sale, StripeEvent } from '../../../../libs/db/index.ts';
import { ebookMailSubject, SaleMessages, ShopMessages, stripeFeeCents } from '../../../../libs/domain/index.ts';
import { downloadLinkKey, downloadPath, signDownloadToken } from '../../../../libs/sales/download-links.ts';
import { eventually } from '../../../../testing/index.ts';
import { mailTo, waitForSubject } from '../../../../testing/mail-inbox.ts';
import { printStackForFile, TEST_ADDRESS } from '../../../../testing/print-orders.ts';
import { epubBytes, linksIn, payAtTestCheckout, publishedBook, replaceEpub, saleReaching } from '../../../../testing/shop-sales.ts';
import { postWebhook } from '../../../../testing/stripe-events.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';

// Buying an e-book from the shop as a signed-out visitor: the checkout, the test payment page, the sale's workflow,
// the mail with its signed links, and what those links do and do not open.
const stack = printStackForFile('shop-sales', { AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let api: { app: INestApplication; url: string };
beforeAll(async () => {
  api = await serveApi(stack.config);
});
afterAll(async () => {
  await api?.app.close();
});
const { call, signUpAccount } = apiClient(() => api.url);
const deps = () => stack.engine.deps;
const em = () => stack.engine.deps.orm.em.fork();
const download = async (path: string) => {
  const response = await fetch(`${api.url}${path}`);
  return { status: response.status, disposition: response.headers.get('content-disposition'), body: Buffer.from(await response.arrayBuffer()) };
};

/** A signed-out buyer's paid e-book of `bookId`: the sale, the mail's links by format, and the buyer's address. */
async function buyEbook(bookId: string): Promise<{ sale: Sale; links: Record<string, string>; email: string }> {
  const email = `buyer-${randomUUID()}@example.com`;
  const checkout = await call('POST', `/shop/books/${bookId}/checkout`, { edition: 'ebook', email });
  expect(checkout.status).toBe(201);
  const saleId = checkout.body.sale_id as string;
  expect(await call('GET', `/shop/sales/${saleId}`)).toMatchObject({ status: 200, body: { sale_id: saleId, status: 'awaiting_payment', edition: 'ebook', mailed_to: null } });
  const back = await payAtTestCheckout(api.url, checkout.body.url as string, email);
  expect(back).toContain(`/shop/purchase/${saleId}?session_id=`);
  const sale = await saleReaching(stack.engine.deps.orm, saleId, 'delivered');
  const mail = await waitForSubject(email, ebookMailSubject(sale.bookTitle));
  return { sale, links: linksIn(mail.text), email };
}

describe('an e-book bought from the shop', () => {
  let author: { id: string; token: string };
  let bookId: string;
  beforeAll(async () => {
    author = await signUpAccount();
    bookId = await publishedBook(deps(), call, author, { shop_price: 12.5 }, { title: `Harbour Lights ${randomUUID().slice(0, 6)}` });
  });

  it('is offered with its formats, paid at the checkout, mailed as signed links that serve the files it was sold with', async () => {
    const page = await call('GET', `/shop/books/${bookId}`);
    expect(page.body.editions).toEqual([{ kind: 'ebook', price: 12.5, currency: 'USD', formats: ['epub', 'pdf'] }]);

    const { sale, links, email } = await buyEbook(bookId);
    expect(sale).toMatchObject({ priceCents: 1250, stripeFeeCents: stripeFeeCents(1250), printCostCents: 0, earningsCents: 1250 - stripeFeeCents(1250), buyerEmail: email });
    expect(await call('GET', `/shop/sales/${sale.id}`)).toMatchObject({ body: { status: 'delivered', mailed_to: `b•••@example.com` } });
    expect(await em().findOneOrFail(Payment, { saleId: sale.id })).toMatchObject({ status: 'paid', amount: 1250, productId: null });

    expect(Object.keys(links).sort()).toEqual(['epub', 'pdf']);
    const epub = await download(links.epub as string);
    expect(epub.status).toBe(200);
    expect(epub.disposition).toMatch(/^attachment;/);
    expect(epub.body.equals(epubBytes(`first build of ${bookId}`))).toBe(true);

    // A rebuild makes a new edition: the buyer's link still serves what they bought; a new buyer gets the new file.
    await replaceEpub(deps(), bookId, epubBytes('second build'));
    expect((await download(links.epub as string)).body.equals(epubBytes(`first build of ${bookId}`))).toBe(true);
    const second = await buyEbook(bookId);
    expect((await download(second.links.epub as string)).body.equals(epubBytes('second build'))).toBe(true);
  });

  it('delivers nothing twice for a replayed webhook, and nothing for a forged one', async () => {
    const { sale, email } = await buyEbook(bookId);
    const payment = await em().findOneOrFail(Payment, { saleId: sale.id });
    const stored = await em().findOneOrFail(StripeEvent, { id: payment.lastEventId as string });
    const secret = stack.config.STRIPE_WEBHOOK_SECRET as string;
    // The same event again, and a new event for the same paid session.
    expect((await postWebhook(api.url, stored.payload, secret)).status).toBe(200);
    expect((await postWebhook(api.url, { ...stored.payload, id: `evt_${randomUUID().replaceAll('-', '')}` }, secret)).status).toBe(200);
    // Signed with another secret: refused before anything is stored.
    expect((await postWebhook(api.url, { ...stored.payload, id: `evt_${randomUUID().replaceAll('-', '')}` }, 'whsec_not_the_real_one')).status).toBe(400);
    // Forged for an unpaid sale: signed wrongly, it never pays it.
    const unpaid = await call('POST', `/shop/books/${bookId}/checkout`, { edition: 'ebook', email });
    const forged = { ...stored.payload, id: `evt_${randomUUID().replaceAll('-', '')}`, data: { object: { ...(stored.payload.data as { object: object }).object, id: 'cs_test_forged', metadata: { sale_id: unpaid.body.sale_id } } } };
    expect((await postWebhook(api.url, forged, 'whsec_not_the_real_one')).status).toBe(400);

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await mailTo(email)).filter((m) => m.subject === ebookMailSubject(sale.bookTitle))).toHaveLength(1);
    expect(await em().count(MailDelivery, { key: `sale-ebook:${sale.id}` })).toBe(1);
    expect(await em().count(Payment, { saleId: sale.id })).toBe(1);
    expect(await em().findOneOrFail(Sale, { id: sale.id })).toMatchObject({ status: 'delivered', stripeFeeCents: sale.stripeFeeCents, earningsCents: sale.earningsCents });
    expect(await em().findOneOrFail(Sale, { id: unpaid.body.sale_id as string })).toMatchObject({ status: 'awaiting_payment', paidAt: null });
  });

  it("does not open another sale's files with a link, and refuses forged and expired links with how to get new ones", async () => {
    const a = await buyEbook(bookId);
    const b = await buyEbook(bookId);
    const [token = ''] = (a.links.epub as string).split('/').slice(-2);
    const [saleA, expiry, signature] = decodeURIComponent(token).split('.');
    expect(saleA).toBe(a.sale.id);
    // Sale A's signature on sale B's id, B's link with a changed expiry, and a made-up token.
    for (const forged of [`${b.sale.id}.${expiry}.${signature}`, `${b.sale.id}.${Number(expiry) + 1}.${signature}`, 'not-a-token']) {
      const answer = await call('GET', `/shop/downloads/${encodeURIComponent(forged)}/epub`);
      expect(answer, forged).toMatchObject({ status: 404, body: { message: SaleMessages.linkInvalid } });
    }
    expect((await call('GET', `/shop/downloads/${encodeURIComponent(token)}/docx`)).status).toBe(404);

    const key = downloadLinkKey(stack.config);
    const expired = downloadPath(signDownloadToken(key, a.sale.id, new Date(Date.now() - 1000)), 'epub');
    expect(await call('GET', expired.replace(/^\/api/, ''))).toMatchObject({ status: 410, body: { message: SaleMessages.linkExpired } });

    // Asking again mails fresh links to the address that bought; the answer is the same for any address.
    for (const email of [a.email, `nobody-${randomUUID()}@example.com`]) {
      expect(await call('POST', '/shop/downloads/resend', { email })).toMatchObject({ status: 202, body: { message: SaleMessages.resendAccepted } });
    }
    const mails = await eventually(
      async () => (await mailTo(a.email)).filter((m) => m.subject === ebookMailSubject(a.sale.bookTitle)),
      (found) => found.length >= 2,
    );
    expect(mails).toHaveLength(2);
    const fresh = linksIn(mails.find((m) => m.text.includes('fresh download links'))?.text ?? '');
    expect((await download(fresh.epub as string)).status).toBe(200);
    expect((await call('POST', '/shop/downloads/resend', { email: 'not an address' })).status).toBe(400);
  });

  it('stops selling once unpublished or deleted, but keeps every delivered link working', async () => {
    const own = await publishedBook(deps(), call, author, { shop_price: 5 });
    const { links, email } = await buyEbook(own);
    expect((await call('PATCH', `/book-projects/${own}/shop`, { published_to_shop: false }, author.token)).status).toBe(200);
    expect(await call('POST', `/shop/books/${own}/checkout`, { edition: 'ebook', email })).toMatchObject({ status: 404, body: { message: ShopMessages.notFound } });
    expect((await download(links.epub as string)).status).toBe(200);
    expect((await call('DELETE', `/book-projects/${own}`, undefined, author.token)).status).toBe(200);
    expect((await download(links.pdf as string)).status).toBe(200);
  });

  it('lists a signed-in buyer’s e-books in their library', async () => {
    const buyer = await signUpAccount();
    const checkout = await fetch(`${api.url}/api/shop/books/${bookId}/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify({ edition: 'ebook' }),
    });
    const { sale_id: saleId, url } = (await checkout.json()) as { sale_id: string; url: string };
    await payAtTestCheckout(api.url, url, `library-${randomUUID()}@example.com`);
    await saleReaching(stack.engine.deps.orm, saleId, 'delivered');
    const library = await call('GET', '/library', undefined, buyer.token);
    expect(library.status).toBe(200);
    const item = (library.body as unknown as { sale_id: string; book_id: string; downloads: { format: string; url: string }[] }[]).find((i) => i.sale_id === saleId);
    expect(item?.book_id).toBe(bookId);
    expect(item?.downloads.map((d) => d.format)).toEqual(['epub', 'pdf']);
    expect((await download(item?.downloads[0]?.url as string)).status).toBe(200);
    expect((await call('GET', '/library')).status).toBe(401);
  });

  it('refuses a checkout without an e-mail when signed out, and a print edition that is not offered', async () => {
    expect(await call('POST', `/shop/books/${bookId}/checkout`, { edition: 'ebook' })).toMatchObject({ status: 400, body: { message: SaleMessages.emailRequired } });
    expect((await call('POST', `/shop/books/${bookId}/checkout`, { edition: 'audio', email: 'a@example.com' })).status).toBe(400);
    const print = { edition: 'print', email: 'a@example.com', quantity: 1, shipping_address: TEST_ADDRESS, shipping_level: 'MAIL' };
    expect(await call('POST', `/shop/books/${bookId}/checkout`, print)).toMatchObject({ status: 409, body: { message: SaleMessages.noPrintEdition } });
    expect((await call('GET', `/shop/sales/${randomUUID()}`)).status).toBe(404);

    // Text changed since the files were built: not sold until rebuilt, whatever the edition.
    const outdated = await publishedBook(deps(), call, author, { shop_print_price: 30 });
    const book = await em().findOneOrFail(BookProject, { id: outdated }, { populate: ['generatorProject'] });
    await em().nativeUpdate(GeneratorProject, { id: book.generatorProject.id }, { builtAt: new Date(Date.now() - 60_000), textUpdatedAt: new Date() });
    expect(await call('POST', `/shop/books/${outdated}/checkout`, { edition: 'ebook', email: 'a@example.com' })).toMatchObject({ status: 409, body: { message: SaleMessages.filesOutdated } });
    expect(await call('POST', `/shop/books/${outdated}/checkout`, print)).toMatchObject({ status: 409, body: { message: SaleMessages.filesOutdated } });
    expect(await em().count(Sale, { book: outdated })).toBe(0);
  });
});
