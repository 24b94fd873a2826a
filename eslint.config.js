// Code lint, part of `pnpm test`: unused code, promises nobody awaits, and HTML built from strings.
// Type-aware rules read each package's tsconfig.json (run after the build, as `pnpm test` does).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noHtmlFromStrings = [
  {
    selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]:not([right.type='Literal'])",
    message: 'No HTML from strings: build elements with createElement/textContent (names in model files are untrusted).',
  },
  {
    selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
    message: 'No HTML from strings: build elements with createElement/textContent (names in model files are untrusted).',
  },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/build/**', '**/node_modules/**', '**/.cache/**', '**/src/generated/**', 'packages/kernels/assembly/**', '**/public/**', 'bench/results/**', '**/*.d.ts', 'tooling/config/test/lint-probe/**'],
  },
  {
    files: ['**/*.ts', '**/*.mts', '**/*.tsx'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      'no-restricted-syntax': ['error', ...noHtmlFromStrings],
      // Style rules the recommended sets add; the codebase decides these case by case.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-this-alias': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-control-regex': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // Config files belong to no tsconfig: the same rules without type information.
    files: ['**/*.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { parserOptions: { projectService: false, project: null } },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', performance: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', globalThis: 'readonly', WebAssembly: 'readonly', fetch: 'readonly', AbortController: 'readonly', SharedArrayBuffer: 'readonly', Atomics: 'readonly', window: 'readonly', document: 'readonly', navigator: 'readonly' } },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': ['error', ...noHtmlFromStrings],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
);
