import { defineEntity, p } from '@mikro-orm/core';
import { BOOK_REQUEST_STATUSES, type BookRequestStatus } from '../../domain/index.ts';
import { User } from './user.ts';

/** One status a request took: when, and who set it (the author for pending, a team member's e-mail afterwards). */
export interface BookRequestStatusEntry {
  status: BookRequestStatus;
  by: string;
  at: string;
}

/** A person's request for a book from the team (the spec's form_submissions). */
export const BookRequestSchema = defineEntity({
  name: 'BookRequest',
  tableName: 'form_submissions',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    name: p.string(),
    email: p.string(),
    bookTopic: p.string(),
    bookStyle: p.string().nullable(),
    bookDescription: p.text(),
    additionalNotes: p.text().nullable(),
    status: p.enum(BOOK_REQUEST_STATUSES).default('pending'),
    createdAt: p.datetime().onCreate(() => new Date()),
    // Written by the request's workflow (workflows/book-request): the answer's deadline, its breach, each status change.
    respondBy: p.datetime().nullable(),
    overdueAt: p.datetime().nullable(),
    statusHistory: p.json<BookRequestStatusEntry[]>().defaultRaw(`'[]'`),
  },
});
export class BookRequest extends BookRequestSchema.class {}
BookRequestSchema.setClass(BookRequest);
