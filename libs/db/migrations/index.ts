import { Migration20261121000000_health_canaries } from './Migration20261121000000_health_canaries.ts';

/** Every migration in order. Add new ones here (`npm run migration:create -- <name>` writes the file). */
export const migrationsList = [
  { name: 'Migration20261121000000_health_canaries', class: Migration20261121000000_health_canaries },
];
