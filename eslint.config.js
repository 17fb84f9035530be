import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The lint is two tools over one rule set, typescript-eslint's `recommendedTypeChecked`:
 * - ESLint (this file) runs the rules that need no types (JavaScript's and typescript-eslint's
 *   recommended, React's hooks rules, the layers below), parsing each file on its own;
 * - Oxlint (oxlint.config.mjs) runs the rules that need types, the rest of `recommendedTypeChecked`,
 *   through tsgolint on TypeScript 7. With them, ESLint built a TypeScript 5.9 program per project
 *   and spent about three quarters of its time there and in those rules (docs/testing.md).
 */

/** Not linted by either tool: built, generated, installed or scratch files. */
export const IGNORED = ['dist', 'build', '.bench-service-*', 'node_modules', 'scratch', 'src/contract/generated', 'coverage', 'test-results', 'playwright-report'];

export default tseslint.config(
  { ignores: IGNORED },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Layers (docs/ARCHITECTURE.md): each block says what a layer must not reach for.
  {
    files: ['src/domain/**/*.ts', 'src/client/**/*.ts', 'src/offline/**/*.ts', 'src/contract/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**', 'src/client/testing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/react-query', 'zustand', 'zustand/*', '**/app/**'],
              message: 'The domain, contract, client and offline layers run without React: keep UI in src/app.',
            },
            { group: ['**/server/**'], message: 'Only tests and test harnesses reach into the service.' },
            {
              group: ['hono', 'hono/*', '@hono/*'],
              message: 'Route definitions are plain zod (contract/routes/define.ts): the kiosk bundles them without the server framework.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['hono', 'hono/*', '@hono/*'], message: 'Services know nothing of HTTP: take plain values, return rows or models.' },
            { group: ['**/routes/*/**', '!**/contract/routes/**'], message: 'Services never call handlers.' },
            { group: ['**/http/**'], message: 'Services sit below HTTP: errors come from server/errors, list planning from server/lists.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Handlers call services, never the database.' }],
          patterns: [
            { group: ['drizzle-orm/*', '**/db/schema', '**/db/schema/**'], message: 'Handlers call services, never the database.' },
            // A handler may pass the database handle along (its type), never open or query it.
            { group: ['**/db/openDatabase'], allowTypeImports: true, message: 'Handlers call services, never the database.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/auth/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/services/**'], message: 'Authentication sits below the services: services may use auth, not the reverse.' }] },
      ],
    },
  },
  {
    files: ['src/server/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/services/**'], message: 'HTTP plumbing sits beside the services, not above them: move what both need below both (db/, auth/, errors/, lists/).' }] },
      ],
    },
  },
  {
    // The rooms everything else stands on: errors, list planning and the database reach up to nothing.
    files: ['src/server/errors/**/*.ts', 'src/server/lists/**/*.ts', 'src/server/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/services/**', '**/http/**', '**/routes/**', '!**/contract/routes/**', '**/auth/**'], message: 'errors/, lists/ and db/ are below every other room of the service.' },
            { group: ['hono', 'hono/*', '@hono/*'], message: 'errors/, lists/ and db/ know nothing of HTTP.' },
          ],
        },
      ],
    },
  },
  // Import cycles are checked over the whole graph of src/, scripts/ and e2e/, type-only imports
  // included, by src/server/importCycles.unit.test.ts (once, in about a second) rather than file by
  // file here.
);
