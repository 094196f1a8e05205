import type { EliteEventRecord, EliteQuoteRecord, EliteState, ShippingAddress, ShippingLevel } from '../../libs/domain/index.ts';

// The records the workflow hands these activities live in libs/domain (elite-workflow.ts), beside its state.

/** The activities of the `elite-<requestId>` workflow (activities/elite): each writes the projection or does one piece of I/O. */
export interface EliteActivities {
  /**
   * Writes one timeline event and the request's projection of `state` (status, step, proof, assignee, copies, the
   * payment's deadline, shipping address, print order, promises, the SLA flag and the earliest due time) in one
   * transaction. An event already recorded is not written again; the projection is written either way.
   */
  recordEliteEvent(requestId: string, event: EliteEventRecord, state: EliteState): Promise<void>;
  /** Stores a quote the team sent; an older open quote of the request becomes superseded. */
  saveEliteQuote(requestId: string, quote: EliteQuoteRecord): Promise<void>;
  /** Closes a quote: accepted, declined or expired. */
  closeEliteQuote(quoteId: string, status: 'accepted' | 'declined' | 'expired'): Promise<void>;
  /**
   * Opens the accepted quote's Stripe Checkout Session (once per quote; a checkout_sessions row naming the request so
   * the webhook's payment finds it) and records its page and deadline on the request. Answers where to pay.
   */
  openEliteCheckout(requestId: string, quoteId: string, payBy: string): Promise<{ sessionId: string; url: string }>;
  /**
   * Applies an uploaded revision: parses the manuscript (Markdown, `# ` chapters) with limits, keeps the chapters it
   * replaces, writes the new chapters to the request's book (creating the author's book for a request paid up front)
   * and counts a new packaging run. Answers the book's generator project and the run for `package-<projectId>-<run>`.
   * A manuscript without chapters fails with the non-retryable type 'RevisionRefused'.
   */
  applyEliteRevision(requestId: string, revisionId: string): Promise<{ projectId: string; run: number; chapters: number }>;
  /** Counts a new packaging run of the request's book (for a cover redrawn for the press); null when it has no book yet. */
  countEliteBookRun(requestId: string): Promise<{ projectId: string; run: number } | null>;
  /** Copies the book's current PDF and cover as proof round `round` and records it. */
  sendEliteProof(requestId: string, proof: { id: string; round: number; by: string; at: string; note: string | null }): Promise<void>;
  /** Records the author's decision on proof round `round`. */
  decideEliteProof(requestId: string, round: number, decision: { decision: 'approved' | 'changes_requested'; comment: string | null; by: string; at: string }): Promise<void>;
  /**
   * Creates the print order of the request's agreed copies (already paid by the request), with its own copies of the
   * book's files and the author's shipping address, in 'draft'; answers its id (the same order when retried).
   */
  createElitePrintOrder(requestId: string, order: { orderId: string; podPackageId: string; shippingLevel: ShippingLevel; at: string }): Promise<{ orderId: string }>;
  /** The print order's outcome once its workflow ended: status and tracking, for the request's timeline. */
  elitePrintOutcome(orderId: string): Promise<{ orderStatus: string; trackingId: string | null; carrierName: string | null; trackingUrls: string[]; errorMessage: string | null; shippingAddress: ShippingAddress }>;
}
