import type { LuluStatus, PrintOrderEvent, PrintOrderStatus, PrintProduct, PrintSource, ShippingAddress, ShippingLevel } from '../domain/index.ts';
import type { PaymentView } from './payments.ts';

/** Where a price, an option or an order came from, and an order's timeline entry: kept as the database stores them (libs/domain). */
export type { PrintOrderEvent, PrintSource };

/** GET /api/print/products. */
export interface PrintProductsResponse {
  products: PrintProduct[];
  source: PrintSource;
}

/** POST /api/print/validate: our preflight of the book's files, then the provider's. */
export interface ValidatePrintRequest {
  book_project_id: string;
  pod_package_id: string;
  /** Ignored when present: the files are the book project's own. */
  interior_pdf_url?: string;
  cover_pdf_url?: string;
}
export interface ValidatePrintResponse {
  isValid: boolean;
  errors: string[];
  warnings: string[];
  suggestions: string[];
  page_count: number | null;
  source: PrintSource;
}

/** POST /api/print/calculate (§3.5). */
export interface CalculatePrintRequest {
  pod_package_id: string;
  quantity: number;
  page_count?: number;
  shipping_address: ShippingAddress;
  shipping_level: ShippingLevel;
}
export interface ShippingOptionView {
  level: ShippingLevel;
  label: string;
  cost: number;
  days: string;
}
export interface PrintCosts {
  unit_cost: number;
  printing_cost: number;
  shipping_cost: number;
  tax?: number;
  total: number;
  currency: string;
}
export interface CalculatePrintResponse {
  costs: PrintCosts;
  shipping_options: ShippingOptionView[];
  estimated_delivery: string;
  source: PrintSource;
}

/** POST /api/print/orders (§7.1). user_id must be the caller's; the files are the book project's own. */
export interface CreatePrintOrderRequest {
  book_project_id: string;
  user_id?: string;
  pod_package_id: string;
  quantity: number;
  shipping_address: ShippingAddress;
  shipping_level: ShippingLevel;
  contact_email: string;
  external_id?: string;
}

/** GET /api/print/orders/{id}, GET /api/print/orders/user/{userId} (the dashboard's list view, §3.6, plus what the pages need). */
export interface PrintOrderView {
  order_id: string;
  /** Null once the book has been deleted (the order keeps its own copies of the files). */
  book_project_id: string | null;
  book_title: string;
  book_author: string;
  pod_package_id: string;
  quantity: number;
  shipping_address: ShippingAddress;
  shipping_level: ShippingLevel;
  contact_email: string;
  external_id: string;
  unit_cost: number;
  printing_cost: number;
  shipping_cost: number;
  tax: number | null;
  total_cost: number;
  currency: string;
  cost_source: PrintSource;
  order_status: PrintOrderStatus;
  lulu_status: LuluStatus | string | null;
  lulu_job_id: string | null;
  tracking_id: string | null;
  carrier_name: string | null;
  tracking_urls: string[];
  error_message: string | null;
  /** Where the author pays while the order is unpaid (the checkout page); null once paid or closed. */
  payment_url: string | null;
  pay_by: string | null;
  created_at: string;
  updated_at: string;
  shipped_at: string | null;
  cover_pdf_url: string | null;
  progress: number;
  history: PrintOrderEvent[];
  /**
   * Set when the order prints an Elite request's copies: they are included in what the author paid for the request
   * (the accepted quote, or the Elite fee), not priced apart; the costs above are only the provider's for the record.
   */
  elite_included?: { request_id: string; amount_cents: number | null; currency: string | null } | null;
}

/** The in-app notification of a print status change (§3.9). */
export interface PrintStatusNotification {
  user_id: string;
  type: 'print_order_status';
  data: {
    book_title: string;
    book_id: string;
    print_order_id: string;
    user_name: string;
    new_status: PrintOrderStatus;
    old_status: PrintOrderStatus;
    destination: string;
  };
}

/** GET /api/admin/print-orders(/:id): an order for the back office, with its owner, its payment and its run in Temporal. */
export interface PrintOrderAdminView extends PrintOrderView {
  /** react-admin's record id (the order's id). */
  id: string;
  /** The author who ordered; null for a shop sale's copies (sale_id), whose buyer is user_email. */
  user_id: string | null;
  user_email: string | null;
  sale_id: string | null;
  paid_at: string | null;
  overdue: boolean;
  /** The order's latest payment (a Checkout Session's), if any. */
  payment: PaymentView | null;
  workflow_id: string;
  /** The order's run in the Temporal UI. */
  workflow_url: string;
}
