import { LockMode, type MikroORM } from '@mikro-orm/core';
import type { PrintOrderEvent } from '../../libs/contracts/index.ts';
import { EliteRequest, PrintOrder } from '../../libs/db/index.ts';
import { normalizedAddress, type ShippingAddress } from '../../libs/domain/index.ts';

/** Who corrected an address: the author, or the team from the back office (never named to the author). */
export interface AddressCorrection {
  address: ShippingAddress;
  by: { id: string; role: 'author' | 'team' };
  at: string;
}

const correctedNote = (correction: AddressCorrection) => {
  const { city, state, postcode, country } = correction.address;
  return `Shipping address corrected by ${correction.by.role === 'team' ? 'the team' : 'the author'}: ${[city, state, postcode, country].filter(Boolean).join(', ')}`;
};

/** The projections of address corrections, written by the print-order and Elite runs that took them. */
export function createAddressActivities({ orm }: { orm: MikroORM }) {
  return {
    /** The order's new address with a timeline entry; a retry of the same correction writes nothing more. */
    async recordPrintOrderAddress(orderId: string, correction: AddressCorrection): Promise<void> {
      await orm.em.fork().transactional(async (em) => {
        const order = await em.findOneOrFail(PrintOrder, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const event: PrintOrderEvent = { at: correction.at, order_status: order.orderStatus, lulu_status: order.luluStatus ?? null, note: correctedNote(correction) };
        if (order.history.some((e) => e.at === event.at && e.note === event.note)) return;
        order.shippingAddress = normalizedAddress(correction.address);
        order.history = [...order.history, event];
        // An Elite request's copies: the request the author and the team read goes where its order goes.
        await em.nativeUpdate(EliteRequest, { printOrderId: orderId }, { shippingAddress: order.shippingAddress });
      });
    },

    /** The Elite request's address (its run's state holds the same, so later projections carry it). */
    async recordEliteAddress(requestId: string, correction: AddressCorrection): Promise<void> {
      const em = orm.em.fork();
      const request = await em.findOneOrFail(EliteRequest, { id: requestId });
      request.shippingAddress = normalizedAddress(correction.address);
      await em.flush();
    },
  };
}
