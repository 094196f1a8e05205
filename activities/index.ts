import type { MikroORM } from '@mikro-orm/core';
import type { ProviderId } from '../libs/domain/index.ts';
import type { StorageService } from '../libs/storage/index.ts';
import type { TextProvider } from '../libs/ai/index.ts';
import type { Mailer, MailSettings } from '../libs/mail/index.ts';
import type { CheckoutDeps } from '../libs/payments/index.ts';
import type { PrintProvider } from '../libs/print/provider.ts';
import { createBookRequestActivities } from './book-requests/status.ts';
import { createOutlineEditActivities } from './generation/outline-edit.ts';
import { createAssistActivities } from './editing/assist.ts';
import { createWritingActivities } from './generation/writing.ts';
import { withBookProgress } from './generation/progress.ts';
import { createEliteActivities } from './elite/index.ts';
import { createCanaryActivities } from './health/canary.ts';
import { createMailActivities } from './notify/mail.ts';
import { createStepPruningActivities } from './maintenance/step-pruning.ts';
import { createPaymentActivities } from './payments/fulfil.ts';
import { createAddressActivities } from './print/address.ts';
import { createPrintCheckoutActivities } from './print/checkout.ts';
import { createPrintJobActivities } from './print/jobs.ts';
import { createPrintOrderActivities } from './print/order.ts';
import { createRenderActivities } from './render/build.ts';
import { createSaleActivities } from './sales/index.ts';
import { heartbeating } from './heartbeat.ts';

export interface ActivityDeps {
  orm: MikroORM;
  storage: StorageService;
  providers: Partial<Record<ProviderId, TextProvider>>;
  mailer: Mailer;
  mailSettings: MailSettings;
  /** Stripe, for payments the workflows start (a print order's checkout, an Elite request's quote). */
  checkout: CheckoutDeps;
  printProvider: PrintProvider;
}

/** Every activity the worker registers, bound to its dependencies. Each area adds its factory here. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createCanaryActivities(deps),
    ...withBookProgress(deps.orm, createWritingActivities(deps)),
    ...createAssistActivities(deps),
    ...createOutlineEditActivities(deps),
    ...heartbeating(createRenderActivities(deps)),
    ...heartbeating(createMailActivities(deps)),
    ...createStepPruningActivities(deps),
    ...createPaymentActivities(deps),
    ...createBookRequestActivities(deps),
    ...createPrintOrderActivities(deps),
    ...createPrintCheckoutActivities(deps),
    ...createPrintJobActivities(deps),
    ...createAddressActivities(deps),
    ...createEliteActivities(deps),
    ...createSaleActivities(deps),
  };
}
