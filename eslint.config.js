// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Workflow code must be deterministic: no Node built-ins and nothing that does I/O (that is what activities are for). */
const workflowForbidden = [
  ...builtinModules.flatMap((name) => [name, `node:${name}`]),
  'pg',
  'minio',
  'stripe',
  'openai',
  '@anthropic-ai/sdk',
  '@temporalio/client',
  '@temporalio/worker',
  '@temporalio/activity',
];

/**
 * The layers (design.md): imports run downward only, apps → workflows / activities → libs. Tests, benches, scripts and
 * the shared test helpers (testing/) stand above them all. `pattern` builds a no-restricted-imports rule.
 */
const above = (dirs, message, allowTypeImports = false) => ({ group: dirs.map((dir) => `**/${dir}/**`), message, allowTypeImports });
const layer = (files, patterns) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});
const TOOLING = ['testing', 'scripts', 'e2e', 'bench'];

/**
 * Inside a layer, features keep to themselves (design.md): a portal feature folder imports shared parts
 * (components/, api/) and never another feature or the pages that put features together; an API feature reaches
 * another only through its module file, and shared API parts live in common/ and the infrastructure folders.
 */
const notSameFeature = { feature: '!{{ from.element.captured.feature }}' };
const features = {
  files: ['apps/api/src/**/*.ts', 'portal/src/**/*.{ts,tsx}'],
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': [
      { type: 'api-shared', pattern: 'apps/api/src/{common,config,database,storage,temporal}' },
      { type: 'api-feature', pattern: 'apps/api/src/*', capture: ['feature'] },
      { type: 'portal-shared', pattern: 'portal/src/{components,api}' },
      { type: 'portal-pages', pattern: 'portal/src/pages' },
      { type: 'portal-feature', pattern: 'portal/src/*', capture: ['feature'] },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'api-feature' } },
            disallow: { to: { element: { type: 'api-feature', captured: notSameFeature, fileInternalPath: '!*.module.ts' } } },
          },
          { from: { element: { type: 'api-shared' } }, disallow: { to: { element: { type: 'api-feature' } } } },
          {
            from: { element: { type: 'portal-feature' } },
            disallow: { to: [{ element: { type: 'portal-feature', captured: notSameFeature } }, { element: { type: 'portal-pages' } }] },
          },
          { from: { element: { type: 'portal-shared' } }, disallow: { to: { element: { types: { anyOf: ['portal-feature', 'portal-pages'] } } } } },
        ],
      },
    ],
  },
};

/** No module imports one that imports it back, however long the way round. */
const noCycles = {
  files: ['**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'apps/api/tsconfig.json', 'portal/tsconfig.json'], noWarnOnMultipleProjects: true })] },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'portal/dist/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The rules that need type information (promises handled, awaits of thenables) run in oxlint's type-aware pass
    // (.oxlintrc.json), on TypeScript 7: here they would build a second whole program on TypeScript 6's JavaScript API.
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    // Nest injects by the constructor parameter's runtime type: those imports must stay value imports.
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['portal/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['workflows/**/*.ts'],
    ignores: ['workflows/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: workflowForbidden.map((name) => ({ name, message: 'Workflows are deterministic: do I/O in an activity.', allowTypeImports: true })),
          patterns: [
            { group: ['@mikro-orm/*'], message: 'Workflows are deterministic: do database work in an activity.', allowTypeImports: true },
            { group: ['**/libs/db/**', '**/libs/storage/**', '**/activities/**'], message: 'Workflows reach I/O only through proxyActivities.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  layer(['libs/**/*.ts'], [above(['apps', 'workflows', 'activities', 'portal', ...TOOLING], 'libs/ imports only libs/ (and packages).')]),
  layer(['activities/**/*.ts'], [above(['apps', 'workflows', 'portal', ...TOOLING], 'Activities are thin wrappers over libs/: they import libs/ only.')]),
  layer(['apps/api/**/*.ts'], [
    above(['portal', 'apps/worker', ...TOOLING], 'The API imports libs/, and workflows/activities for types and messages only.'),
    above(['activities'], 'The API uses activities for their types only; the work itself is an activity run by a workflow.', true),
    {
      regex: '(^|/)workflows/(?!.*messages\\.ts$|search-attributes\\.ts$)',
      message: 'The API starts and signals workflows by their types and message definitions only.',
      allowTypeImports: true,
    },
  ]),
  layer(['portal/**/*.{ts,tsx}'], [
    { regex: '(^|/)libs/(?!domain/|contracts/)', message: 'The portal imports only libs/domain and libs/contracts.' },
    above(['apps', 'workflows', 'activities', ...TOOLING], 'The portal imports only libs/domain and libs/contracts.'),
  ]),
  features,
  noCycles,
);
