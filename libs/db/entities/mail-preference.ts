import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.ts';

/** How a person wants each kind of news mailed (libs/domain/mail-preferences.ts); no row means the defaults. */
export const MailPreferenceSchema = defineEntity({
  name: 'MailPreference',
  tableName: 'mail_preferences',
  properties: {
    user: () => p.oneToOne(User).primary().owner().deleteRule('cascade'),
    choices: p.json<Record<string, string>>(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class MailPreference extends MailPreferenceSchema.class {}
MailPreferenceSchema.setClass(MailPreference);

/**
 * A piece of news kept for a person's digest, keyed like the message it stands for (so it is queued once). A digest
 * takes its items by setting `digestId`; `sentAt` once that digest's mail went out.
 */
export const MailDigestItemSchema = defineEntity({
  name: 'MailDigestItem',
  tableName: 'mail_digest_items',
  indexes: [{ properties: ['user', 'digestId'] }],
  properties: {
    key: p.string().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    category: p.string(),
    subject: p.string(),
    text: p.text(),
    queuedAt: p.datetime(),
    digestId: p.uuid().nullable(),
    sentAt: p.datetime().nullable(),
  },
});
export class MailDigestItem extends MailDigestItemSchema.class {}
MailDigestItemSchema.setClass(MailDigestItem);
