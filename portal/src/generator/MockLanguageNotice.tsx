import { mockWritesIn } from '../../../libs/domain/index.ts';

/** Says plainly, before a book starts, when the free mock writer will write it in English rather than its language. */
export function MockLanguageNotice({ provider, language }: { provider: string; language: string }) {
  const writes = mockWritesIn(language);
  if (provider !== 'mock' || !writes.fallback) return null;
  return <p className="notice notice-warning" role="status">{writes.message}</p>;
}
