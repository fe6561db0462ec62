import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/tests/setup.ts'],
  testMatch: ['<rootDir>/tests/{unit,api,components}/**/*.test.{ts,tsx}'],
  testTimeout: 60000,
};

// next/jest's own transformIgnorePatterns already matches node_modules, so appending does nothing:
// replace it with one that lets SWC transform the ESM-only packages (STACK.md).
export default async function jestConfig() {
  const c = await createJestConfig(config)();
  c.transformIgnorePatterns = [
    '/node_modules/(?!(next-intl|use-intl|@formatjs|intl-messageformat|jose|otpauth|csv-parse|iron-session|iron-webcrypto|cookie|@tanstack|@electric-sql|file-type|strtok3|token-types|@tokenizer|uint8array-extras|peek-readable|@borewit|next/dist/client|next/dist/shared/lib)/)',
  ];
  c.transform = { '^.+\\.(js|jsx|ts|tsx|mjs|cjs)$': c.transform[Object.keys(c.transform)[0]] };
  return c;
}
