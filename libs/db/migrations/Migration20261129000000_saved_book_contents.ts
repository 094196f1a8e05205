import { Migration } from '@mikro-orm/migrations';

/** A saved book's plan, chapter list and word count are read from its project's chapters: the copies go. */
export class Migration20261129000000_saved_book_contents extends Migration {
  override up(): void {
    this.addSql(`alter table "book_projects" drop column "outline", drop column "toc_data", drop column "chapters_data", drop column "word_count";`);
  }

  override down(): void {
    this.addSql(`alter table "book_projects" add column "outline" jsonb not null default '{}', add column "toc_data" jsonb not null default '[]', add column "chapters_data" jsonb not null default '[]', add column "word_count" int not null default 0;`);
  }
}
