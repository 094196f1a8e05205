import type { BookRequestStatus } from '../domain/index.ts';

/** GET /api/book-requests: one of the caller's requests to the Elite team. */
export interface BookRequestView {
  id: string;
  user_id: string;
  name: string;
  email: string;
  book_topic: string;
  book_style: string | null;
  book_description: string;
  additional_notes: string | null;
  status: BookRequestStatus;
  created_at: string;
  /** When the team promised to answer (24 hours after the request), once its workflow has recorded it. */
  respond_by: string | null;
  /** Set when respond_by passed with the request still pending: the promise was broken then. */
  overdue_at: string | null;
  /** Every status the request has had, oldest first (it starts pending). */
  status_history: BookRequestStatusChange[];
}

export interface BookRequestStatusChange {
  status: BookRequestStatus;
  at: string;
}

/** The back office's book requests: who made each change, and the statuses the request may take next. */
export interface BookRequestAdminView extends BookRequestView {
  status_history: (BookRequestStatusChange & { by: string })[];
  next_statuses: BookRequestStatus[];
}

/** POST /api/admin/book-requests/{id}/status. */
export interface ChangeBookRequestStatusRequest {
  status: BookRequestStatus;
}
