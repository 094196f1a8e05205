import { Migration } from '@mikro-orm/migrations';

/** A book's generation mode and content depth, kept so a book resumed after a pause writes as it was asked to. */
export class Migration20261123010000_chapter_settings extends Migration {
  override up(): void {
    this.addSql(`alter table "generator_projects" add "generation_mode" text null, add "content_depth" text null;`);
    this.addSql(`alter table "generator_projects" add constraint "generator_projects_generation_mode_check" check ("generation_mode" in ('sequential', 'parallel', 'selective'));`);
    this.addSql(`alter table "generator_projects" add constraint "generator_projects_content_depth_check" check ("content_depth" in ('outline', 'draft', 'polished'));`);
  }

  override down(): void {
    this.addSql(`alter table "generator_projects" drop constraint "generator_projects_content_depth_check";`);
    this.addSql(`alter table "generator_projects" drop constraint "generator_projects_generation_mode_check";`);
    this.addSql(`alter table "generator_projects" drop column "generation_mode", drop column "content_depth";`);
  }
}
