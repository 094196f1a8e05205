import type { MikroORM } from '@mikro-orm/core';
import type { CheckoutDeps } from '../../libs/payments/index.ts';
import type { PrintProvider } from '../../libs/print/provider.ts';
import type { StorageService } from '../../libs/storage/index.ts';
import { createEliteCheckoutActivities } from './checkout.ts';
import { createElitePrintActivities } from './print.ts';
import { createEliteProjectionActivities } from './projection.ts';
import { createEliteProofActivities } from './proofs.ts';
import { createEliteQuoteActivities } from './quotes.ts';
import { createEliteRevisionActivities } from './revision.ts';
import type { EliteActivities } from './types.ts';

/** Everything the `elite-<requestId>` workflow calls: the projection and timeline, quotes, payment, revisions, proofs and printing. */
export function createEliteActivities(deps: { orm: MikroORM; storage: StorageService; checkout: CheckoutDeps; printProvider: PrintProvider }) {
  return {
    ...createEliteProjectionActivities(deps),
    ...createEliteQuoteActivities(deps),
    ...createEliteCheckoutActivities(deps),
    ...createEliteRevisionActivities(deps),
    ...createEliteProofActivities(deps),
    ...createElitePrintActivities(deps),
  } satisfies EliteActivities;
}
