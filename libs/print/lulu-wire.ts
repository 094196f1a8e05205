// The Lulu Print API's wire format, following its public OpenAPI document: Lulu's own field names, which the client
// (lulu.ts) sends and reads and the simulator (testing/print-simulator) speaks.

export const LULU_TOKEN_PATH = '/auth/realms/glasstree/protocol/openid-connect/token';
export const LULU_SIGNATURE_HEADER = 'Lulu-HMAC-SHA256';
export const LULU_STATUS_TOPIC = 'PRINT_JOB_STATUS_CHANGED';

export interface LuluAddress {
  name?: string;
  street1: string;
  street2?: string;
  city: string;
  state_code?: string;
  country_code: string;
  postcode: string;
  phone_number: string;
  email?: string;
}

export interface LuluLineItemStatus {
  name: string;
  messages?: { error?: string; info?: string; timestamp?: string; tracking_id?: string; tracking_urls?: string | string[]; carrier_name?: string; url?: string | string[] };
}

export interface LuluLineItem {
  id: number;
  external_id?: string | null;
  title?: string;
  quantity: number;
  status?: LuluLineItemStatus;
  printable_normalization?: { pod_package_id: string; interior: { source_url: string }; cover: { source_url: string } };
  tracking_id?: string | null;
  tracking_urls?: string[] | null;
  carrier_name?: string | null;
}

export interface LuluPrintJob {
  id: number;
  external_id?: string | null;
  contact_email: string;
  status: { name: string; message?: string | null; changed?: string };
  line_items: LuluLineItem[];
  shipping_address: LuluAddress;
  shipping_level: string;
  date_created?: string;
  date_modified?: string;
}

/** Lulu's money amounts are decimal strings. */
export interface LuluCost {
  total_cost_excl_tax: string;
  total_cost_incl_tax: string;
  total_tax: string;
  tax_rate?: string;
}

export interface LuluCostCalculation {
  line_item_costs: (LuluCost & { quantity: number; cost_excl_discounts?: string })[];
  shipping_cost: LuluCost;
  fulfillment_cost?: LuluCost;
  total_cost_excl_tax: string;
  total_cost_incl_tax: string;
  total_tax: string;
  currency: string;
}

export interface LuluShippingOption {
  id: number;
  level: string;
  cost_excl_tax: string | null;
  currency: string;
  total_days_min?: number;
  total_days_max?: number;
  min_delivery_date?: string;
  max_delivery_date?: string;
  traceable?: boolean;
}

export interface LuluFileValidation {
  id: number;
  source_url: string;
  status: string | null;
  errors?: string[] | null;
  page_count?: number | string | null;
}

export interface LuluWebhook {
  id: string;
  is_active: boolean;
  topics: string[];
  url: string;
}

/** What Lulu posts to a webhook: the topic and, for PRINT_JOB_STATUS_CHANGED, the print job as GET /print-jobs/{id}/ shows it. */
export interface LuluWebhookPayload {
  topic: string;
  data: LuluPrintJob;
}
