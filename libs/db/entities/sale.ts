import { defineEntity, p } from '@mikro-orm/core';
import { EDITION_KINDS, SALE_STATUSES, SHIPPING_LEVELS, type EbookFormat, type ShippingAddress } from '../../domain/index.ts';
import { BookProject } from './book-project.ts';
import { User } from './user.ts';

/**
 * One purchase from the shop (issue 30). Its `sale-<id>` workflow owns it; activities write this projection. The book
 * may go (set null): the buyer keeps the files, copied to the sale's own keys when it was made, and the title.
 */
export const SaleSchema = defineEntity({
  name: 'Sale',
  tableName: 'sales',
  properties: {
    id: p.uuid().primary(),
    book: () => p.manyToOne(BookProject).nullable().deleteRule('set null').index(),
    /** The seller: the book's author when it was sold (a closed account leaves the buyer's purchase in place). */
    author: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    bookTitle: p.string(),
    bookAuthor: p.string(),
    buyerEmail: p.string().index(),
    buyer: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    edition: p.enum(EDITION_KINDS),
    quantity: p.integer(),
    /** The edition's files as sold: e-book formats by name, or the print files (interior, cover). */
    files: p.json<Partial<Record<EbookFormat | 'interior' | 'cover', string>>>(),
    /** Print only: the book's product, trim and page count as sold. */
    podPackageId: p.string().nullable(),
    pageCount: p.integer().nullable(),
    /** Cents: what the buyer pays in all, the card fee, printing with shipping and tax, and what the author earns. */
    priceCents: p.integer(),
    unitPriceCents: p.integer(),
    shippingCents: p.integer().default(0),
    taxCents: p.integer().default(0),
    stripeFeeCents: p.integer().default(0),
    printCostCents: p.integer().default(0),
    earningsCents: p.integer().default(0),
    currency: p.string(),
    status: p.enum(SALE_STATUSES).default('awaiting_payment'),
    shippingAddress: p.json<ShippingAddress>().nullable(),
    shippingLevel: p.enum(SHIPPING_LEVELS).nullable(),
    printOrderId: p.uuid().nullable(),
    checkoutSessionId: p.string().nullable().unique(),
    paidAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Sale extends SaleSchema.class {}
SaleSchema.setClass(Sale);
