import { Migration20261121000000_health_canaries } from './Migration20261121000000_health_canaries.ts';
import { Migration20261121010000_accounts } from './Migration20261121010000_accounts.ts';
import { Migration20261121020000_book_requests } from './Migration20261121020000_book_requests.ts';
import { Migration20261121030000_generation } from './Migration20261121030000_generation.ts';
import { Migration20261121040000_sources } from './Migration20261121040000_sources.ts';
import { Migration20261121050000_interior_pdf } from './Migration20261121050000_interior_pdf.ts';
import { Migration20261121060000_epub } from './Migration20261121060000_epub.ts';
import { Migration20261121070000_book_projects } from './Migration20261121070000_book_projects.ts';
import { Migration20261121080000_chapter_count } from './Migration20261121080000_chapter_count.ts';
import { Migration20261121090000_email_change } from './Migration20261121090000_email_change.ts';
import { Migration20261122000000_payments } from './Migration20261122000000_payments.ts';
import { Migration20261122010000_book_request_workflow } from './Migration20261122010000_book_request_workflow.ts';
import { Migration20261122020000_print_orders } from './Migration20261122020000_print_orders.ts';
import { Migration20261122030000_elite_requests } from './Migration20261122030000_elite_requests.ts';
import { Migration20261122040000_chapter_versions } from './Migration20261122040000_chapter_versions.ts';
import { Migration20261123000000_book_images } from './Migration20261123000000_book_images.ts';
import { Migration20261123010000_chapter_settings } from './Migration20261123010000_chapter_settings.ts';
import { Migration20261123020000_account_recovery } from './Migration20261123020000_account_recovery.ts';
import { Migration20261123030000_source_titles } from './Migration20261123030000_source_titles.ts';
import { Migration20261128000000_language_tags } from './Migration20261128000000_language_tags.ts';
import { Migration20261128010000_cover_design } from './Migration20261128010000_cover_design.ts';
import { Migration20261128020000_print_format } from './Migration20261128020000_print_format.ts';

/** Every migration in order: write each as a class in this folder (named Migration<UTC timestamp>_<what>) and add it here. */
export const migrationsList = [
  { name: 'Migration20261121000000_health_canaries', class: Migration20261121000000_health_canaries },
  { name: 'Migration20261121010000_accounts', class: Migration20261121010000_accounts },
  { name: 'Migration20261121020000_book_requests', class: Migration20261121020000_book_requests },
  { name: 'Migration20261121030000_generation', class: Migration20261121030000_generation },
  { name: 'Migration20261121040000_sources', class: Migration20261121040000_sources },
  { name: 'Migration20261121050000_interior_pdf', class: Migration20261121050000_interior_pdf },
  { name: 'Migration20261121060000_epub', class: Migration20261121060000_epub },
  { name: 'Migration20261121070000_book_projects', class: Migration20261121070000_book_projects },
  { name: 'Migration20261121080000_chapter_count', class: Migration20261121080000_chapter_count },
  { name: 'Migration20261121090000_email_change', class: Migration20261121090000_email_change },
  { name: 'Migration20261122000000_payments', class: Migration20261122000000_payments },
  { name: 'Migration20261122010000_book_request_workflow', class: Migration20261122010000_book_request_workflow },
  { name: 'Migration20261122020000_print_orders', class: Migration20261122020000_print_orders },
  { name: 'Migration20261122030000_elite_requests', class: Migration20261122030000_elite_requests },
  { name: 'Migration20261122040000_chapter_versions', class: Migration20261122040000_chapter_versions },
  { name: 'Migration20261123000000_book_images', class: Migration20261123000000_book_images },
  { name: 'Migration20261123010000_chapter_settings', class: Migration20261123010000_chapter_settings },
  { name: 'Migration20261123020000_account_recovery', class: Migration20261123020000_account_recovery },
  { name: 'Migration20261123030000_source_titles', class: Migration20261123030000_source_titles },
  { name: 'Migration20261128000000_language_tags', class: Migration20261128000000_language_tags },
  { name: 'Migration20261128010000_cover_design', class: Migration20261128010000_cover_design },
  { name: 'Migration20261128020000_print_format', class: Migration20261128020000_print_format },
];
