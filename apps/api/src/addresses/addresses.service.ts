import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { SavedAddress, User } from '../../../../libs/db/index.ts';
import { AddressBookMessages, ADDRESS_FIELDS, MAX_SAVED_ADDRESSES, type ShippingAddress } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';

const sameAddress = (a: ShippingAddress, b: ShippingAddress) => ADDRESS_FIELDS.every((field) => (a[field] ?? '').toLowerCase() === (b[field] ?? '').toLowerCase());

/** An author's address book: their own rows only; another author's id is not found. */
@Injectable()
export class AddressesService {
  constructor(private readonly em: EntityManager) {}

  list(user: AuthUser): Promise<SavedAddress[]> {
    return this.em.fork().find(SavedAddress, { user: user.id }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: MAX_SAVED_ADDRESSES });
  }

  /** Saves a checked address; one already in the book is answered as it is (created: false), a full book is a 409. */
  async save(user: AuthUser, address: ShippingAddress): Promise<{ row: SavedAddress; created: boolean }> {
    return this.em.fork().transactional(async (em) => {
      // One author's saves in turn, so two at once cannot pass the limit or save the same address twice.
      await em.getConnection().execute('select pg_advisory_xact_lock(hashtext(?))', [`saved-addresses:${user.id}`], 'all', em.getTransactionContext());
      const rows = await em.find(SavedAddress, { user: user.id });
      const same = rows.find((row) => sameAddress(row.address, address));
      if (same) return { row: same, created: false };
      if (rows.length >= MAX_SAVED_ADDRESSES) throw new ConflictException(AddressBookMessages.full);
      const row = em.create(SavedAddress, { id: randomUUID(), user: em.getReference(User, user.id), address, createdAt: new Date() });
      return { row, created: true };
    });
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    const em = this.em.fork();
    const row = await em.findOne(SavedAddress, { id, user: user.id });
    if (!row) throw new NotFoundException(AddressBookMessages.notFound);
    await em.remove(row).flush();
  }
}
