// Lint rules that keep the architecture's boundaries, not just style.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['mfe-chat', 'mfe-admin', 'mfe-billing', 'mfe-marketing'];
const services = ['auth', 'chat', 'billing', 'admin'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      '.data/**',
      '.tmp/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Only a config.ts reads the environment, through a zod schema.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read env only in a config.ts through zod.' },
      ],
    },
  },
  {
    files: [
      '**/config.ts',
      '**/*.config.ts',
      'scripts/**',
      '.ci/**',
      'e2e/**',
      'load/**',
      'deploy/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Remotes never import each other: they meet only through the shell's contract. Nor the router: only the
  // shell routes (remotes get params and navigate() through RemoteProps); it is not a shared module, so a
  // remote importing it would run a second router outside the shell's (packages/ui/build/rspack-app.mjs).
  ...remotes.map((r) => ({
    files: [`${r}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              message: 'Remotes get params and navigate() from RemoteProps (the host API).',
            },
            {
              name: 'react-router-dom',
              message: 'Remotes get params and navigate() from RemoteProps (the host API).',
            },
          ],
          patterns: remotes
            .filter((o) => o !== r)
            .flatMap((o) => [`@noek/${o}`, `@noek/${o}/*`, `**/${o}/**`])
            .concat(['@noek/shell', '@noek/shell/*', '**/shell/src/**']),
        },
      ],
    },
  })),
  // Services never import another service: they meet through HTTP and events.
  ...services.map((s) => ({
    files: [`services/${s}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: services
            .filter((o) => o !== s)
            .flatMap((o) => [`@noek/${o}`, `@noek/${o}/*`, `**/services/${o}/**`, `../../${o}/**`]),
        },
      ],
    },
  })),
);
