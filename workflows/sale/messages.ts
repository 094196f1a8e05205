import { defineSignal } from '@temporalio/workflow';
import type { Duration } from '@temporalio/common';
import type { EditionKindValue, SaleStatusValue } from '../../libs/domain/index.ts';

export interface SaleInput {
  saleId: string;
  edition: EditionKindValue;
  /** How long the sale waits for its payment before it expires (default SALE_PAYMENT_WINDOW_MS). */
  paymentWindow?: Duration;
}

export interface SaleOutcome {
  status: SaleStatusValue;
}

/** The sale's Checkout Session was paid (sent by the payment workflow of the webhook's event). */
export const salePaidSignal = defineSignal<[{ sessionId: string }]>('salePaid');
