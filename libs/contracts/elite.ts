import type {
  EliteAction,
  EliteBudget,
  EliteContactMethod,
  EliteEventKind,
  ElitePrintQuantity,
  ElitePromiseName,
  EliteProofState,
  EliteQuoteStatus,
  EliteRequestData,
  EliteStatus,
  EliteStep,
  EliteTimeline,
  PrintOrderStatus,
  ShippingAddress,
  ShippingLevel,
  PaperType,
  TrimSizeId,
} from '../domain/index.ts';
import type { PaymentView } from './payments.ts';

/** POST /api/elite-requests: the modal on a completed book card (§2, §5). */
export interface CreateEliteRequestRequest {
  book_id: string;
  contact_method: EliteContactMethod;
  preferred_timeline: EliteTimeline;
  print_quantity: ElitePrintQuantity;
  budget_range: EliteBudget;
  additional_requirements?: string;
  /** The author's name and phone as they want to be contacted (the profile has neither). */
  user_name?: string;
  user_phone?: string;
}

/** The §3 "Elite service request data", and a quote's status: kept as the database stores them (libs/domain). */
export type { EliteQuoteStatus, EliteRequestData };

/** The §3 notification payload (send-notification's body): type elite_service_request and the request data. */
export interface EliteNotification {
  user_id: string;
  type: 'elite_service_request';
  data: EliteRequestData;
}

/** A quote the team sent: the amount the author pays (USD cents), the copies it agrees, when and what. */
export interface EliteQuoteView {
  id: string;
  amount_cents: number;
  currency: string;
  copies: number;
  timeline: string;
  includes: string[];
  message: string;
  sent_by: string;
  sent_at: string;
  valid_until: string;
  status: EliteQuoteStatus;
}

/** One proof round: the book's PDF and cover as sent to the author, and the author's decision. */
export interface EliteProofView {
  round: number;
  note: string | null;
  sent_by: string;
  sent_at: string;
  decision: 'approved' | 'changes_requested' | null;
  comment: string | null;
  decided_at: string | null;
  /** Where the caller downloads this round's files (the author's or the back office's route). */
  pdf_url: string;
  cover_url: string;
}

/** One entry of the request's timeline: every workflow event, with who made it (an e-mail, or null for the system). */
export interface EliteEventView {
  id: string;
  at: string;
  kind: EliteEventKind;
  by: string | null;
  note: string | null;
  step: EliteStep | null;
}

/** A promise of §9 with its timer: when it is due, when it was met, reminded and breached. */
export interface ElitePromiseView {
  name: ElitePromiseName;
  label: string;
  due_at: string;
  met_at: string | null;
  reminded_at: string | null;
  breached_at: string | null;
}

export interface ElitePrintOrderSummary {
  id: string;
  order_status: PrintOrderStatus;
  quantity: number;
  tracking_id: string | null;
  carrier_name: string | null;
  tracking_urls: string[];
  shipped_at: string | null;
}

/** GET /api/elite-requests(/:id): the author's view of their request. */
export interface EliteRequestView {
  id: string;
  status: EliteStatus;
  status_label: string;
  /** The production step in hand and whether it has started; the proof round's state. */
  step: EliteStep | null;
  step_started: boolean;
  proof_state: EliteProofState | null;
  prepaid: boolean;
  book: { id: string; title: string; author: string; pdf_available: boolean; cover_available: boolean; trim_size: TrimSizeId; paper: PaperType } | null;
  /** The topic of a request paid up front (its project details), else the book's title. */
  topic: string;
  contact_method: EliteContactMethod;
  preferred_timeline: string | null;
  print_quantity: ElitePrintQuantity | null;
  budget_range: EliteBudget | null;
  additional_requirements: string | null;
  user_name: string;
  user_email: string;
  user_phone: string | null;
  /** The quote in force (open or accepted), null before one is sent. */
  quote: EliteQuoteView | null;
  /** Where the author pays an accepted quote, while it is unpaid. */
  checkout_url: string | null;
  pay_by: string | null;
  copies: number | null;
  shipping_address: ShippingAddress | null;
  print_order: ElitePrintOrderSummary | null;
  promises: ElitePromiseView[];
  sla_breached: boolean;
  /** The earliest promise not yet met. */
  due_at: string | null;
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
  timeline: EliteEventView[];
  proofs: EliteProofView[];
  /** What the caller may do now (buttons). */
  actions: EliteAction[];
  /**
   * In the answer to an action only: true when the request's run took the action and is still carrying it out (its
   * result shows in this view shortly: look again); absent once it is done.
   */
  working?: boolean;
}

/** GET /api/admin/elite-requests(/:id): the back office's view, with the author, the team and the run. */
export interface EliteRequestAdminView extends EliteRequestView {
  user_id: string;
  assignee: { id: string; email: string } | null;
  quotes: EliteQuoteView[];
  payments: PaymentView[];
  request_data: EliteRequestData;
  /** Each uploaded manuscript; chapters and package_run are null until the workflow has applied it. */
  revisions: { id: string; filename: string; by: string; at: string; chapters: number | null; package_run: number | null }[];
  workflow: { id: string; url: string };
}

/** POST /api/admin/elite-requests/:id/quote. The amount is in US dollars. */
export interface SendEliteQuoteRequest {
  amount: number;
  copies: number;
  timeline: string;
  includes: string[];
  message: string;
}
export interface AssignEliteRequest {
  assignee_id: string;
}
export interface EliteStepRequest {
  note?: string;
}
export interface SendEliteProofRequest {
  note?: string;
}
export interface StartElitePrintingRequest {
  pod_package_id?: string;
  shipping_level?: ShippingLevel;
}
/** POST /api/elite-requests/:id/accept: where to pay. */
export interface EliteCheckoutResponse {
  /** Null while the run is still opening the checkout (`working`): the request's view has it shortly. */
  checkout_url: string | null;
  working?: boolean;
}
export interface ApproveEliteProofRequest {
  shipping_address: ShippingAddress;
}
export interface RequestEliteChangesRequest {
  comment: string;
}
export interface CancelEliteRequestRequest {
  reason: string;
}
export interface DeclineEliteQuoteRequest {
  reason?: string;
}

/** GET /api/admin/books(/:id): an author's book project or generator run, for the team and operators. */
export interface AdminBookView {
  /** The generator project's id (every run has one; a saved book adds book_project_id). */
  id: string;
  book_project_id: string | null;
  user_id: string | null;
  user_email: string | null;
  title: string;
  author: string;
  provider: string;
  mode: string;
  stage: string;
  failed_stage: string | null;
  error: string | null;
  cost_usd: number;
  provider_calls: number;
  page_count: number | null;
  word_count: number;
  build_status: string | null;
  package_runs: number;
  files: { kind: 'pdf' | 'cover' | 'cover-png' | 'epub' | 'docx' | 'zip'; size: number; url: string }[];
  preview_urls: string[];
  workflows: { id: string; url: string }[];
  created_at: string;
  updated_at: string;
}

/** GET /api/admin/stats: the back office's dashboard. */
export interface AdminStatsResponse {
  open_requests_by_status: { status: EliteStatus; count: number }[];
  sla_breaches_this_week: number;
  /** Median hours from a request to its first quote, over the last 90 days; null with none quoted. */
  median_hours_to_quote: number | null;
  books_per_day: { day: string; generated: number; failed: number }[];
  revenue_by_month: { month: string; amount_cents: number; currency: string }[];
}
