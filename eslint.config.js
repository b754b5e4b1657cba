import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'test-results/**', 'scripts/boundaries/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // storage only through lib/storage (it never throws: private mode, quota, disabled storage)
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/storage.ts', 'web/src/**/*.spec.{ts,tsx}', 'web/src/lib/current-user/testing.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use lib/storage (readJson, writeJson, removeKey).' },
        { name: 'sessionStorage', message: "Use lib/storage with the 'session' area." },
      ],
    },
  },
  {
    // styles through styled-components with the theme's tokens: a `style` prop only for values computed as it renders
    files: ['web/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name="style"] > JSXExpressionContainer > ObjectExpression > Property[value.type="Literal"]',
          message: "A fixed style belongs in a styled component, with the theme's tokens; the style prop is for values computed as it renders.",
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', 'web/public/sw.js'],
    languageOptions: { globals: { ...globals.node, ...globals.serviceworker } },
  },
);
