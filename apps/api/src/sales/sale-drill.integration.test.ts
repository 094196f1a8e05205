import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sale } from '../../../../libs/db/index.ts';
import { ebookMailSubject } from '../../../../libs/domain/index.ts';
import { drillServices, FaultDrill, waitFor } from '../../../../testing/fault-drill.ts';
import { mailTo } from '../../../../testing/mail-inbox.ts';
import { payAtTestCheckout, publishedBook } from '../../../../testing/shop-sales.ts';
import { apiClient, markVerified, serveApi } from '../../../../testing/test-server.ts';

// The fault drill for a shop sale: an e-book paid at the checkout, then the worker, PostgreSQL, the Temporal server or
// MinIO kill -9'd while the payment and the sale's workflows run, and started again; each sale is delivered, once.
let drill: FaultDrill;
let api: { app: INestApplication; url: string };
beforeAll(async () => {
  drill = await FaultDrill.start();
  api = await serveApi(drill.config);
}, 120_000);
afterAll(async () => {
  await api?.app.close();
  await drill?.destroy();
});
const { call } = apiClient(() => api.url);
const sql = async <T>(query: string, params: unknown[] = []) => (await drill.deps.orm.em.fork().getConnection().execute(query, params)) as T[];
const saleStatus = (id: string) => drill.deps.orm.em.fork().findOne(Sale, { id }).then((sale) => sale?.status, () => undefined);

describe('shop sales through the fault drill', () => {
  it('are each paid once, delivered once and mailed once though a service was killed mid-sale', async () => {
    const signedUp = await call('POST', '/auth/signup', { email: `drill-author-${randomUUID()}@example.com`, password: 'a sturdy passphrase' });
    const author = { id: (signedUp.body.user as { id: string }).id, token: signedUp.body.access_token as string };
    await markVerified(author.id, drill.config.DATABASE_URL);
    const bookId = await publishedBook(drill.deps, call, author, { shop_price: 9.5 }, { title: `Storm Drill ${randomUUID().slice(0, 6)}` });

    const sales: { service: string; saleId: string; email: string }[] = [];
    for (const service of drillServices) {
      const email = `drill-${service}-${randomUUID()}@example.com`;
      const checkout = await call('POST', `/shop/books/${bookId}/checkout`, { edition: 'ebook', email });
      expect(checkout.status).toBe(201);
      const saleId = checkout.body.sale_id as string;
      // Paid: the webhook has started the payment's workflow, which tells the sale's; the service dies under them.
      await payAtTestCheckout(api.url, checkout.body.url as string, email);
      await drill.bounce(service);
      await waitFor(`the sale paid before ${service} was killed to be delivered`, async () => (await saleStatus(saleId)) === 'delivered', 90_000);
      sales.push({ service, saleId, email });
    }

    for (const { service, saleId, email } of sales) {
      // The e-book's links and the receipt, each once (every mail arrives before its workflow records it).
      await waitFor(`both mails to the ${service} drill's buyer`, async () => (await mailTo(email)).length >= 2, 30_000);
      const [sale] = await sql<{ book_title: string }>('select book_title from sales where id = ?', [saleId]);
      const title = sale?.book_title ?? '';
      const subjects = (await mailTo(email)).map((mail) => mail.subject).sort();
      expect(subjects, service).toEqual([ebookMailSubject(title), `Your receipt: ${title} (e-book)`].sort());
      // One sale, one payment, paid once.
      expect(await sql('select id from sales where buyer_email = ?', [email]), service).toHaveLength(1);
      const payments = await sql<{ status: string; amount: number }>('select status, amount from payments where sale_id = ?', [saleId]);
      expect(payments, service).toEqual([{ status: 'paid', amount: 950 }]);
      const deliveries = await sql<{ key: string }>('select key from mail_deliveries where recipient = ?', [email]);
      expect(deliveries, service).toHaveLength(2);
    }
    // Nothing crashed on its own: the API (in this process) and the worker rode out every outage.
    expect(drill.crashes).toEqual({ worker: 0, postgres: 0, minio: 0, temporal: 0 });
  }, 300_000);
});
