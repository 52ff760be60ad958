import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Tests read loosely typed JSON bodies and assert on them.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // No zod and no server code in the browser: runtime values come from the zod-free contracts/browser barrel,
      // API shapes from contracts and the error envelope from errors as types only (the browser trusts its own API).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'No zod in the browser: validate on the server, and in the browser use the zod-free rules in contracts/browser.',
            },
            {
              name: '@neuralbeat/common',
              message: "The web app imports '@neuralbeat/common/contracts/browser' (values) or types from '/contracts' and '/errors'.",
            },
            {
              name: '@neuralbeat/common/contracts',
              allowTypeImports: true,
              message:
                "This barrel carries zod: import types only ('import type'); values come from '@neuralbeat/common/contracts/browser'.",
            },
            {
              name: '@neuralbeat/common/errors',
              allowTypeImports: true,
              message: "This module carries zod: import its types only ('import type').",
            },
          ],
          patterns: [
            { group: ['zod/*'], message: 'No zod in the browser.' },
            {
              regex: '^@neuralbeat/common/(?!(contracts|contracts/browser|errors)$)',
              message: "The web app imports '@neuralbeat/common/contracts/browser' (values) or types from '/contracts' and '/errors'.",
            },
          ],
        },
      ],
    },
  },
);
