// ESLint (flat config): JavaScript and typescript-eslint's recommended rules everywhere, the React
// hooks rules for the client. Formatting is prettier's job (`prettier --check`), not ESLint's.
// Type-aware rules are off: they need the TypeScript 6 API to build a program of the whole repo on
// every run, which is slow on a small machine; `tsc --noEmit` already checks types.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

export default defineConfig(
  {
    ignores: ['dist/', 'node_modules/', '.data/', 'test-results/', 'bench/out/', 'coverage/', 'test/corpus/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (positional arguments, destructured leftovers).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // The shop matches control characters on purpose: to refuse them in stored text and strip them from headers.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests read JSON answers loosely (`res.body.orders[0].id`); production code stays free of `any`.
    files: ['test/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    // rules-of-hooks, exhaustive-deps and the React Compiler's checks (set-state-in-effect, refs, …).
    extends: [reactHooks.configs.flat.recommended],
  },
);
