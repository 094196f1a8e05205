import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { reserveUnaskedMail } from '../../../../libs/db/index.ts';
import type { UnaskedMailKind } from '../../../../libs/domain/index.ts';
import { TooManyRequestsException } from '../common/too-many-requests.exception.ts';

/**
 * The one door for mail sent to an address its owner did not ask from: every such message is counted per recipient
 * in PostgreSQL (see UNASKED_MAIL_CAPS), whoever asks for it and from whatever client address.
 */
@Injectable()
export class UnaskedMailService {
  constructor(private readonly em: EntityManager) {}

  /** Counts one message to each recipient; false, counting nothing, when one of them has had its fill. */
  async allow(kind: UnaskedMailKind, recipients: readonly string[]): Promise<boolean> {
    return (await reserveUnaskedMail(this.em.fork(), kind, recipients)) === null;
  }

  /** The same, for a caller who may hear of the cap: over it, the 429 of every other limit. */
  async take(kind: UnaskedMailKind, recipients: readonly string[]): Promise<void> {
    const waitMs = await reserveUnaskedMail(this.em.fork(), kind, recipients);
    if (waitMs !== null) throw new TooManyRequestsException(waitMs);
  }
}
