import { readdirSync } from 'node:fs';
import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * A feature folder imports only components/ui, components/shared, lib and itself; ui and shared
 * import no feature. Pages (app/) compose features. See docs/architecture.md.
 */
const OPEN_TO_ALL = ['ui', 'shared'];
const componentFolders = readdirSync(new URL('./components', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = componentFolders.map((folder) => {
  const allowed = OPEN_TO_ALL.includes(folder) ? OPEN_TO_ALL : [...OPEN_TO_ALL, folder];
  return {
    files: [`components/${folder}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/components/(?!(${allowed.join('|')})/)`,
              message: `components/${folder} may import only ${allowed.map((name) => `components/${name}`).join(', ')} and lib; move what two features share to components/shared (docs/architecture.md).`,
            },
          ],
        },
      ],
    },
  };
});

const config = [
  ...next,
  ...nextTs,
  ...featureBoundaries,
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'dist/**',
      'server/db/migrations/**',
    ],
  },
];
export default config;
