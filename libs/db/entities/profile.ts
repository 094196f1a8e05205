import { defineEntity, p } from '@mikro-orm/core';
import { AUTH_PROVIDERS, ROLES } from '../../domain/index.ts';
import { User } from './user.ts';

/** The spec's profile, keyed by the user's id and created with the user. */
export const ProfileSchema = defineEntity({
  name: 'Profile',
  tableName: 'profiles',
  properties: {
    /** The profile's id is its user's id. */
    user: () => p.oneToOne(User).primary().owner().fieldName('id').deleteRule('cascade'),
    email: p.string().nullable(),
    role: p.enum(ROLES).default('user'),
    subscriptionStatus: p.string().default('free'),
    booksGenerated: p.integer().default(0),
    totalApiCalls: p.integer().default(0),
    totalCost: p.decimal('number').precision(12).scale(4).default(0),
    authProvider: p.enum(AUTH_PROVIDERS).default('email'),
    onboardingCompleted: p.boolean().default(false),
    marketingEmailsEnabled: p.boolean().default(true),
    fullName: p.string().nullable(),
    phone: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Profile extends ProfileSchema.class {}
ProfileSchema.setClass(Profile);
