import { Migration } from '@mikro-orm/migrations';
import { BOOK_LANGUAGES, DEFAULT_LANGUAGE_TAG, findBookLanguage } from '../../domain/index.ts';

/**
 * A book's language becomes its BCP 47 tag: each name books were stored under (English, French, Japanese…) becomes
 * the tag of the listed language it names, any other value English's; new books default to en.
 */
export class Migration20261128000000_language_tags extends Migration {
  override async up(): Promise<void> {
    const stored = (await this.execute(`select distinct "language" from "generator_projects";`)).map((row) => String(row.language));
    for (const language of stored) {
      const tag = findBookLanguage(language)?.tag ?? DEFAULT_LANGUAGE_TAG;
      if (tag !== language) await this.execute(`update "generator_projects" set "language" = ? where "language" = ?;`, [tag, language]);
    }
    this.addSql(`alter table "generator_projects" alter column "language" set default '${DEFAULT_LANGUAGE_TAG}';`);
  }

  override async down(): Promise<void> {
    for (const { tag, english } of BOOK_LANGUAGES) await this.execute(`update "generator_projects" set "language" = ? where "language" = ?;`, [english, tag]);
    this.addSql(`alter table "generator_projects" alter column "language" set default 'English';`);
  }
}
