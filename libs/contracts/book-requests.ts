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
}
