// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Dependencies point one way: apps -> packages, renderer/parser -> core, never back. */
const boundaries = [
  { target: './packages', from: './apps', message: 'Packages never import apps.' },
  { target: './apps/web', from: './apps/server', message: 'The web app never imports the server.' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
  {
    target: './packages/core',
    from: './packages/parser',
    message: 'core imports no other package.',
  },
  {
    target: './packages/core',
    from: './packages/renderer',
    message: 'core imports no other package.',
  },
  {
    target: './packages/parser',
    from: './packages/renderer',
    message: 'parser and renderer are independent.',
  },
  {
    target: './packages/renderer',
    from: './packages/parser',
    // The corpus is data, not parser code: the renderer's tests render its gold files.
    except: ['./corpus'],
    message: 'parser and renderer are independent.',
  },
];

/** A feature never imports another feature; shared pieces move down (style guide). */
const featureZones = ['apps/web/src/features', 'apps/server/src/features'].flatMap((dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => ({
          target: `./${dir}/${d.name}`,
          from: `./${dir}`,
          except: [`./${d.name}`],
          message: 'A feature never imports another feature: move the shared piece down.',
        }))
    : [],
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      '.tmp/**',
      '**/.screenshots/**',
      '.*',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...featureZones] }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests read JSON responses (typed any) field by field; asserting them is the point.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // parser and renderer run in the browser and on the server: Node built-ins only in *.node.ts files.
    files: [
      'packages/parser/src/**/*.ts',
      'packages/renderer/src/**/*.ts',
      'packages/core/src/**/*.ts',
    ],
    ignores: ['**/*.node.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'worker_threads'],
              message: 'Node-only API: put it in a *.node.ts file.',
            },
          ],
        },
      ],
    },
  },
);
