export * from './names.ts';
export * from './registry.ts';
