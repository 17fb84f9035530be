/**
 * Oxlint runs the lint's type-aware half (eslint.config.js says why the lint is split): every rule
 * of typescript-eslint's `recommendedTypeChecked` that needs type information, through tsgolint,
 * which builds the five TypeScript projects with TypeScript 7 (typescript-go). The rule list is read
 * from typescript-eslint here, not copied, so the two halves stay the one rule set when it changes.
 * `npm run lint` runs both (package.json). JavaScript config rather than oxlint.config.ts: Oxlint
 * loads a TypeScript config only on Node 22.18 or later, and the project's Node is 20.
 */
import tseslint from 'typescript-eslint';
import { IGNORED } from './eslint.config.js';

const PREFIX = '@typescript-eslint/';

/** Rules we turn off, each with its reason. */
const OFF = {
  // A caught value is rethrown as it came (typed unknown), e.g. the first failure of several tries.
  'only-throw-error': 'off',
};

function typeAwareRules() {
  const rules = {};
  for (const config of tseslint.configs.recommendedTypeCheckedOnly) {
    for (const [name, level] of Object.entries(config.rules ?? {})) {
      if (!name.startsWith(PREFIX)) continue;
      const rule = name.slice(PREFIX.length);
      if (tseslint.plugin.rules?.[rule]?.meta.docs?.requiresTypeChecking !== true) continue;
      rules[`typescript/${rule}`] = OFF[rule] ?? level;
    }
  }
  return rules;
}

const TYPE_AWARE = typeAwareRules();

export default {
  // Only the rules below: ESLint runs everything that needs no types.
  categories: { correctness: 'off', suspicious: 'off', pedantic: 'off', style: 'off', restriction: 'off', nursery: 'off', perf: 'off' },
  plugins: ['typescript'],
  options: { typeAware: true, reportUnusedDisableDirectives: 'off' },
  ignorePatterns: IGNORED,
  rules: TYPE_AWARE,
  overrides: [
    // JavaScript files belong to no TypeScript project, so they have no types to lint by.
    { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], rules: Object.fromEntries(Object.keys(TYPE_AWARE).map((rule) => [rule, 'off'])) },
  ],
};
