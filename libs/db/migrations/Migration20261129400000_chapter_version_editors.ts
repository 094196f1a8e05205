import { Migration } from '@mikro-orm/migrations';

/** Who saved each chapter version: the person's id and whether they saved it as the book's author or for the Elite team. */
export class Migration20261129400000_chapter_version_editors extends Migration {
  override up(): void {
    this.addSql(`alter table "chapter_versions" add "by_user_id" uuid null, add "by_role" text null;`);
    this.addSql(`alter table "chapter_versions" add constraint "chapter_versions_by_role_check" check ("by_role" in ('author', 'team'));`);
    // Saves made before: the author's own (by their e-mail), so by the book's owner.
    this.addSql(
      `update "chapter_versions" v set "by_user_id" = p."user_id", "by_role" = 'author' from "generator_projects" p where p."id" = v."project_id" and v."source" in ('author', 'restored') and p."user_id" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`alter table "chapter_versions" drop constraint if exists "chapter_versions_by_role_check";`);
    this.addSql(`alter table "chapter_versions" drop column "by_user_id", drop column "by_role";`);
  }
}
