// Shapes PostgreSQL keeps in jsonb columns (libs/db entities) and the API also serves: defined here, so the database
// depends on the domain and not on the API's contracts (libs/contracts re-exports them as its wire shapes).

import type { EliteBudget, EliteContactMethod, ElitePrintQuantity, EliteTimeline } from './elite.ts';
import type { PrintOrderStatus } from './print.ts';

/** A chapter as the saved book lists it (its chapters_data, derived from the project's chapters). */
export interface SavedChapter {
  id: string;
  chapterNumber: number;
  title: string;
  slug: string;
  description: string;
  key_points: string[];
  target_words: number;
  word_count: number;
  status: 'generated';
  generated_at: string;
}

/** Where a price, an option or an order came from: the print provider, or the built-in mock it fell back to (§1, §9). */
export type PrintSource = 'provider' | 'mock';

/** One status change of a print order, as its timeline shows it (print_orders.history). */
export interface PrintOrderEvent {
  at: string;
  order_status: PrintOrderStatus;
  lulu_status: string | null;
  note?: string;
}

/** The §3 "Elite service request data": what the team is sent, kept on the request as it was at submission. */
export interface EliteRequestData {
  book_id: string | null;
  book_title: string | null;
  book_author: string | null;
  book_idea: string | null;
  book_created: string | null;
  pdf_available: boolean;
  cover_available: boolean;
  user_name: string;
  user_email: string;
  user_phone: string | null;
  contact_method: EliteContactMethod;
  preferred_timeline: EliteTimeline | string | null;
  print_quantity: ElitePrintQuantity | null;
  budget_range: EliteBudget | null;
  additional_requirements: string | null;
  request_date: string;
  dashboard_url: string;
  book_pdf_url: string | null;
  book_cover_url: string | null;
}

export type EliteQuoteStatus = 'open' | 'accepted' | 'declined' | 'expired' | 'superseded';
