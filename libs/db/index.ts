export * from './entities/index.ts';
export { migrateUp, openOrm, ormOptions } from './orm.ts';
