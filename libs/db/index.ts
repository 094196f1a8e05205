export * from './entities/index.ts';
export { createAccount, hashPassword, type NewAccount } from './accounts.ts';
export { migrateUp, openOrm, ormOptions } from './orm.ts';
export { nextPackageRun } from './package-runs.ts';
export { currentVersion, writeChapter, type ChapterWrite, type WrittenChapter } from './chapter-text.ts';
export { applyOutlineEdit, OutlineEditRefused, planOutlineEdit, putBackChapter, removedChapters, type EditedChapter, type RemovedChapter } from './outline-edit.ts';
export { availableBookCredits, reserveBookCredit, returnBookCredit, spendBookCredit } from './book-credits.ts';
export { claimPurchases } from './purchase-claims.ts';
export { shelveBook } from './book-shelf.ts';
