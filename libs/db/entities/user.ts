import { defineEntity, p } from '@mikro-orm/core';

/** A person who can sign in: by e-mail (or phone) and password, or by Google. */
export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.string().nullable().unique(),
    phone: p.string().nullable().unique(),
    passwordHash: p.text().nullable().hidden(),
    emailVerified: p.boolean().default(false),
    googleSubject: p.string().nullable().unique().hidden(),
    /** A requested new e-mail, applied only once the link sent to it is followed (its token stored as SHA-256). */
    pendingEmail: p.string().nullable(),
    pendingEmailTokenHash: p.string().nullable().unique().hidden(),
    pendingEmailExpiresAt: p.datetime().nullable(),
    /** The name authors see for a team member; libs/domain/team.ts decides what they see without one. */
    displayName: p.string().nullable(),
    /** A password someone else chose (npm run create-admin): the back office asks for a new one before anything else. */
    passwordChangeRequired: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);
