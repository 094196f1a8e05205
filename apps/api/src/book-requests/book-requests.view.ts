import type { BookRequestAdminView, BookRequestView } from '../../../../libs/contracts/index.ts';
import type { BookRequest } from '../../../../libs/db/index.ts';
import { BOOK_REQUEST_NEXT, type BookRequestStatus } from '../../../../libs/domain/index.ts';

/** The author's view of their request: the timeline without the team members' addresses. */
export function toBookRequestView(request: BookRequest): BookRequestView {
  return {
    id: request.id,
    user_id: request.user.id,
    name: request.name,
    email: request.email,
    book_topic: request.bookTopic,
    book_style: request.bookStyle ?? null,
    book_description: request.bookDescription,
    additional_notes: request.additionalNotes ?? null,
    status: request.status,
    created_at: request.createdAt.toISOString(),
    respond_by: request.respondBy?.toISOString() ?? null,
    overdue_at: request.overdueAt?.toISOString() ?? null,
    status_history: request.statusHistory.map(({ status, at }) => ({ status, at })),
  };
}

/** The back office's view: who changed what, and where the request may go next. */
export function toBookRequestAdminView(request: BookRequest): BookRequestAdminView {
  return { ...toBookRequestView(request), status_history: request.statusHistory, next_statuses: [...BOOK_REQUEST_NEXT[request.status as BookRequestStatus]] };
}
