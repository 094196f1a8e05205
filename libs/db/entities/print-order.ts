import { defineEntity, p } from '@mikro-orm/core';
import { PRINT_ORDER_STATUSES, SHIPPING_LEVELS, type PrintOrderEvent, type PrintSource, type ShippingAddress } from '../../domain/index.ts';
import { BookProject } from './book-project.ts';
import { User } from './user.ts';

/**
 * An order of printed copies (spec document 3, §3.6). Its `print-<id>` workflow owns the process; activities write
 * this projection, which the dashboard, the back office and the API read.
 */
export const PrintOrderSchema = defineEntity({
  name: 'PrintOrder',
  tableName: 'print_orders',
  properties: {
    id: p.uuid().primary(),
    /** The author who ordered; null for a sale's copies, which belong to the sale (the author never sees the buyer's address). */
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').index(),
    /** The shop sale these copies were bought with (prepaid by it). */
    saleId: p.uuid().nullable().index(),
    /** The book printed; the order outlives a deleted book (its title, author and files were taken at order time). */
    bookProject: () => p.manyToOne(BookProject).nullable().deleteRule('set null'),
    bookTitle: p.string(),
    bookAuthor: p.string(),
    podPackageId: p.string(),
    quantity: p.integer(),
    pageCount: p.integer().nullable(),
    shippingAddress: p.json<ShippingAddress>(),
    shippingLevel: p.enum(SHIPPING_LEVELS),
    contactEmail: p.string(),
    externalId: p.string().unique(),
    unitCost: p.decimal('number').precision(10).scale(2),
    printingCost: p.decimal('number').precision(10).scale(2),
    shippingCost: p.decimal('number').precision(10).scale(2),
    tax: p.decimal('number').precision(10).scale(2).nullable(),
    totalCost: p.decimal('number').precision(10).scale(2),
    currency: p.string(),
    costSource: p.string().$type<PrintSource>(),
    orderStatus: p.enum(PRINT_ORDER_STATUSES).default('draft'),
    luluStatus: p.string().nullable(),
    luluJobId: p.string().nullable(),
    trackingId: p.string().nullable(),
    carrierName: p.string().nullable(),
    trackingUrls: p.json<string[]>().default([]),
    errorMessage: p.text().nullable(),
    /** Storage keys of the interior and cover PDFs sent to the provider (copied at order time). */
    interiorKey: p.text().nullable(),
    coverKey: p.text().nullable(),
    /** The checkout page of the order's payment while it is unpaid, its session, and when an unpaid order is cancelled. */
    paymentUrl: p.text().nullable(),
    stripeSessionId: p.string().nullable(),
    payBy: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    shippedAt: p.datetime().nullable(),
    history: p.json<PrintOrderEvent[]>().default([]),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class PrintOrder extends PrintOrderSchema.class {}
PrintOrderSchema.setClass(PrintOrder);

/** An in-app notification (e.g. §3.9's print_order_status payload), newest first on the author's dashboard. */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    type: p.string(),
    data: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    readAt: p.datetime().nullable(),
  },
});
export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);
