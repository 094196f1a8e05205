import { proxyActivities, setHandler } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { AddressBookMessages, addressProblems, normalizedAddress, type EliteState } from '../../libs/domain/index.ts';
import { bookkeepingOptions } from '../activity-options.ts';
import { changeEliteAddressUpdate } from './address-messages.ts';

type Activities = ReturnType<typeof createActivities>;
const { recordEliteAddress } = proxyActivities<Activities>(bookkeepingOptions);

/** Why a correction is refused in the request's present state; null when it is taken. */
export function eliteAddressRefusal(state: Pick<EliteState, 'status' | 'shippingAddress'>, address: unknown): string | null {
  if (!state.shippingAddress) return AddressBookMessages.noAddressYet;
  if (state.status !== 'in_production') return AddressBookMessages.changeRefused;
  const problems = Object.values(addressProblems(address && typeof address === 'object' ? address : {}));
  return problems.length ? problems.join('. ') : null;
}

/**
 * The `changeAddress` update of an Elite run: the state takes the address at once (printing, started later, reads
 * it), and its write queues behind the timeline's, so the print order made after it carries it.
 */
export function handleEliteAddressChanges(requestId: string, state: EliteState, serially: <T>(work: () => Promise<T>) => Promise<T>): void {
  setHandler(
    changeEliteAddressUpdate,
    async ({ address, by }) => {
      state.shippingAddress = normalizedAddress(address);
      await serially(() => recordEliteAddress(requestId, { address: state.shippingAddress as NonNullable<EliteState['shippingAddress']>, by, at: new Date().toISOString() }));
    },
    {
      validator: ({ address }) => {
        const refusal = eliteAddressRefusal(state, address);
        if (refusal) throw new Error(refusal);
      },
    },
  );
}
