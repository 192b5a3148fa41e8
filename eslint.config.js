// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', '.astro/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'public/**', '**/*.astro'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-undef': 'off',
    },
  },
  {
    // Islands run in the browser: they must never import server-only modules (DESIGN.md).
    files: ['src/islands/**', 'src/lib/client/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/*.server', '**/*.server.ts', '**/server/db/**'], message: 'Browser code must not import server-only modules (*.server.ts).' }] }],
    },
  },
  {
    // Environment variables are read in one file only (DESIGN.md).
    files: ['src/**'],
    ignores: ['src/lib/server/config.server.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/lib/server/config.server.ts.' }],
    },
  },
);
