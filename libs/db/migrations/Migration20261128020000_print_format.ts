import { Migration } from '@mikro-orm/migrations';

/** The book's trim and paper (the author's choice; every file and cover follows them) and the cover the author uploaded. */
export class Migration20261128020000_print_format extends Migration {
  override up(): void {
    this.addSql(`alter table "generator_projects" add "trim_size" text not null default '6x9', add "paper" text not null default 'white', add "cover_upload" jsonb null;`);
    this.addSql(`alter table "generator_projects" add constraint "generator_projects_trim_size_check" check ("trim_size" in ('5x8', '5.25x8', '5.5x8.5', '6x9', '7x10', '8.5x11'));`);
    this.addSql(`alter table "generator_projects" add constraint "generator_projects_paper_check" check ("paper" in ('white', 'cream'));`);
  }

  override down(): void {
    this.addSql(`alter table "generator_projects" drop column "trim_size", drop column "paper", drop column "cover_upload";`);
  }
}
