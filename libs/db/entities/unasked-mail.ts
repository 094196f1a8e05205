import { defineEntity, p } from '@mikro-orm/core';
import { UNASKED_MAIL_KINDS } from '../../domain/index.ts';

/** One message sent to `recipient` that its owner did not send themselves (see UNASKED_MAIL_CAPS); kept a day, for the caps. */
export const UnaskedMailSchema = defineEntity({
  name: 'UnaskedMail',
  tableName: 'unasked_mails',
  indexes: [{ properties: ['recipient', 'sentAt'] }],
  properties: {
    id: p.uuid().primary(),
    recipient: p.string(),
    kind: p.enum(UNASKED_MAIL_KINDS),
    sentAt: p.datetime(),
  },
});
export class UnaskedMail extends UnaskedMailSchema.class {}
UnaskedMailSchema.setClass(UnaskedMail);
