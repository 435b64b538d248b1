import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import webLayers from './eslint/web-layers.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'web/dist/**', 'infra/cdk.out/**', '.local/**', '.screenshots/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // The SPA: hooks rules, and imports flowing one way (eslint/web-layers.js; README "Web").
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, eb: webLayers },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'eb/web-layers': 'error',
    },
  },
  {
    // User-visible texts live in texts modules (messages.ts, component-texts.ts, entities/*/…-texts.ts),
    // not in components: a literal label, header, placeholder, title or accessible name is refused.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXAttribute[name.name=/^(label|aria-label|header|placeholder|title|tooltip|ariaLabel|data-pr-tooltip)$/] > Literal[value=/[A-Za-z]/]",
          message: 'Put user-visible texts in a texts module (README "Web": texts), not in the component.',
        },
      ],
    },
  },
);
