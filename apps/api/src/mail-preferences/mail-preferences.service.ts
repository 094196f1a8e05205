import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import { MailPreference, User } from '../../../../libs/db/index.ts';
import { MAIL_CATEGORIES, MAIL_CATEGORY_INFO, mailCategoriesFor, mailPreferences, MailPreferenceMessages, MUST_KNOW_NOTE, type Role } from '../../../../libs/domain/index.ts';
import type { MailPreferencesView } from '../../../../libs/contracts/index.ts';
import type { UpdateMailPreferencesDto } from './mail-preferences.dto.ts';

/** The caller's own mail preferences: one row per user, the defaults until they choose. */
@Injectable()
export class MailPreferencesService {
  constructor(private readonly em: EntityManager) {}

  async get(userId: string, role: Role): Promise<MailPreferencesView> {
    const stored = await this.em.findOne(MailPreference, { user: userId });
    return this.view(stored?.choices ?? null, role);
  }

  async update(userId: string, role: Role, dto: UpdateMailPreferencesDto): Promise<MailPreferencesView> {
    const allowed = mailCategoriesFor(role);
    const changes: Record<string, string> = {};
    for (const category of MAIL_CATEGORIES) {
      const choice = dto[category];
      if (choice === undefined) continue;
      if (!allowed.includes(category)) throw new BadRequestException({ message: MailPreferenceMessages.unknown(category), details: [{ field: category, messages: [MailPreferenceMessages.unknown(category)] }] });
      changes[category] = choice;
    }
    const stored = await this.em.findOne(MailPreference, { user: userId });
    const choices = { ...mailPreferences(stored?.choices ?? null), ...changes };
    if (stored) stored.choices = choices;
    else this.em.create(MailPreference, { user: this.em.getReference(User, userId), choices });
    await this.em.flush();
    return this.view(choices, role);
  }

  private view(stored: Record<string, unknown> | null, role: Role): MailPreferencesView {
    const chosen = mailPreferences(stored);
    return {
      categories: mailCategoriesFor(role).map((category) => ({ category, label: MAIL_CATEGORY_INFO[category].label, about: MAIL_CATEGORY_INFO[category].about, choice: chosen[category] })),
      must_know: MUST_KNOW_NOTE,
    };
  }
}
