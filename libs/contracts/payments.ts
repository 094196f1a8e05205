import type { BookCreditStatus, PaymentStatus, ProductId } from '../domain/index.ts';

/** GET /api/checkout/products: the offers in the spec's order, with this server's Stripe price ids. */
export interface CheckoutProduct {
  id: ProductId;
  priceId: string;
  name: string;
  description: string;
  mode: 'payment';
  price: number;
  currency: string;
  returnPath: string;
  /** Whether it can be bought on this server; when not, why (the AI Book Generator needs a real AI provider). */
  available: boolean;
  unavailableReason: string | null;
}

/** POST /api/create-checkout-session. */
export interface CreateCheckoutSessionRequest {
  priceId: string;
  mode?: 'payment';
  /** Default: the portal's /success. */
  successUrl?: string;
  /** Default: the page the buyer came from (the portal's home when unknown). */
  cancelUrl?: string;
}

/** GET /api/subscription: the Account Status card (the spec's subscription view, plus the caller's unspent book credits). */
export interface SubscriptionView {
  subscription_status: string;
  price_id: string | null;
  product_name: string | null;
  book_credits: number;
  /** Paid purchases of any kind (offers, Elite quotes, print orders): the card never offers a first purchase after one. */
  purchases: number;
  /** The caller's Elite requests still open (not completed, declined, expired or cancelled). */
  elite_requests: number;
  /** What the caller's books have sold in the shop: paid sales, and their earnings in USD (the Sales tab has each). */
  shop_sales: number;
  shop_earnings: number;
}

/** GET /api/payments (the caller's own) and the back office's payments. */
export interface PaymentView {
  id: string;
  user_id: string | null;
  email: string | null;
  /** The offer bought, or null for a print order's payment (then print_order_id names the order). */
  product_id: ProductId | null;
  print_order_id: string | null;
  product_name: string;
  price_id: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  stripe_session_id: string;
  stripe_payment_intent_id: string | null;
  stripe_customer_id: string | null;
  created_at: string;
  paid_at: string | null;
  /** Credits this payment granted (AI Book Generator): their state now. */
  credit_status: BookCreditStatus | null;
}

/** GET /api/admin/payments: a payment with the e-mail of the account it belongs to (which may differ from the checkout's). */
export interface PaymentAdminView extends PaymentView {
  user_email: string | null;
  /** Why the session did not charge what Pressroom created it for (status 'mismatch'); null otherwise. */
  mismatch: string | null;
}

/** POST /api/elite/project-details: the visible fields, then the hidden ones the form records (§3). */
export interface EliteProjectDetailsRequest {
  name: string;
  email: string;
  bookTopic: string;
  bookDescription: string;
  timeline?: string;
  additionalNotes?: string;
  /** The Checkout Session this form follows (from /success?session_id=…): links a signed-out buyer's form to the payment. */
  sessionId?: string;
  /** Honeypot: people leave it empty; a filled one is accepted and silently dropped. */
  botField?: string;
  hidden?: Partial<Record<'formName' | 'subject' | 'serviceType' | 'paymentStatus' | 'submittedAt' | 'customerEmail' | 'projectSummary' | 'wordCount' | 'formVersion' | 'price', string>>;
}
export interface EliteProjectDetailsResponse {
  id: string;
  message: string;
}

/** POST /api/book-requests: a signed-in author's request to the team (form_submissions). */
export interface CreateBookRequestRequest {
  name: string;
  email: string;
  book_topic: string;
  book_style?: string;
  book_description: string;
  additional_notes?: string;
}
