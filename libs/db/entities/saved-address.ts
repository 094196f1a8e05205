import { defineEntity, p } from '@mikro-orm/core';
import type { ShippingAddress } from '../../domain/index.ts';
import { User } from './user.ts';

/** An address in an author's address book (GET/POST/DELETE /api/addresses), checked by the shipping address rule when saved. */
export const SavedAddressSchema = defineEntity({
  name: 'SavedAddress',
  tableName: 'saved_addresses',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    address: p.json<ShippingAddress>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class SavedAddress extends SavedAddressSchema.class {}
SavedAddressSchema.setClass(SavedAddress);
