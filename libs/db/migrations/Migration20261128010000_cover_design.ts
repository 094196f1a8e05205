import { Migration } from '@mikro-orm/migrations';

/** The author's cover design (template, style, colours, spine title), kept so that no rebuild or print order replaces it. */
export class Migration20261128010000_cover_design extends Migration {
  override up(): void {
    this.addSql(`alter table "generator_projects" add "cover_design" jsonb null;`);
  }

  override down(): void {
    this.addSql(`alter table "generator_projects" drop column "cover_design";`);
  }
}
