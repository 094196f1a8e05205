// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'portal/dist/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
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
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
