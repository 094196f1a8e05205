import type { EntityManager } from '@mikro-orm/core';
import { Sale } from '../../libs/db/index.ts';
import { isUuid, shopBookPath } from '../../libs/domain/index.ts';
import type { MailMessage, MailSettings } from '../../libs/mail/index.ts';
import { ebookDelivery } from '../../libs/mail/sale-messages.ts';
import { ebookDownloads } from '../../libs/sales/download-links.ts';

/**
 * `<saleId>` (the delivery) or `<saleId>:<resendId>` (fresh links the buyer asked for): the e-book's links, signed now,
 * to the address the sale was bought with. Only a paid e-book sale is mailed.
 */
export async function saleEbookMessages(em: EntityManager, id: string, settings: MailSettings): Promise<{ key: string; message: MailMessage }[]> {
  const [saleId = '', resendId] = id.split(':');
  if (!isUuid(saleId)) return [];
  const sale = await em.findOne(Sale, { id: saleId });
  if (!sale || sale.edition !== 'ebook' || (sale.status !== 'paid' && sale.status !== 'delivered')) return [];
  const portal = settings.portalUrl.replace(/\/+$/, '');
  const body = ebookDelivery({
    bookTitle: sale.bookTitle,
    bookAuthor: sale.bookAuthor,
    priceCents: sale.priceCents,
    currency: sale.currency,
    downloads: ebookDownloads(settings.downloadLinkKey, sale.id, Object.keys(sale.files), portal),
    shopUrl: sale.book ? `${portal}${shopBookPath(sale.book.id)}` : `${portal}/shop`,
    again: resendId !== undefined,
  });
  return [{ key: `sale-ebook:${id}`, message: { to: sale.buyerEmail, ...body } }];
}
