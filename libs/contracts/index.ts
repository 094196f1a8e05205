// The API's wire contracts: every request and response shape, one home for the server that sends them and the portal
// that reads them, so a mismatch between the two is a compile error. Types only: no runtime code, no dependencies but
// the domain's vocabulary (libs/domain, for types).
export * from './providers.ts';
export * from './sources.ts';
export * from './projects.ts';
export * from './book-projects.ts';
export * from './shop.ts';
export * from './book-requests.ts';
export * from './payments.ts';
export * from './print.ts';
export * from './addresses.ts';
export * from './elite.ts';
export * from './editing.ts';
export * from './desk.ts';
export * from './manuscript-notes.ts';
export * from './profile.ts';
export * from './mail-preferences.ts';
export * from './auth.ts';
export * from './sales.ts';
export * from './site.ts';
export * from './team.ts';
