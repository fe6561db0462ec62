import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

// The footer shows the build version "YYYY.MM.DD-HHmm" (UTC) derived from this timestamp.
const buildTime = process.env.BUILD_TIME ?? new Date().toISOString();

/** @type {import('next').NextConfig} */
const nextConfig = {
  basePath: '/admin',
  // A self-contained server folder (.next/standalone) with only the files the app needs at run
  // time: what the container image ships (see Dockerfile).
  output: 'standalone',
  // Separate build folders let several builds (e.g. parallel browser-test runs) live side by side.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  env: { NEXT_PUBLIC_BUILD_TIME: buildTime },
  // The API server lives in server/ and is started separately; keep its Node-only deps out of the bundle.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'nodemailer'],
  // Type checking is its own CI step (npm run typecheck) over the whole repository; the build
  // need not do it a second time.
  typescript: { ignoreBuildErrors: true },
  // Equal to SERVER_ACTION_BODY_LIMIT_BYTES (lib/page-body-limit.ts): the admin server answers a
  // larger body with 413 before Next reads it.
  experimental: { serverActions: { bodySizeLimit: '2mb' } },
  // Server-action arguments carry passwords and personal data: the development server would print
  // every call with its arguments (`signIn({"email":…,"password":…})`), so it logs none. Production
  // never logs them; request logging names method, path and status only.
  logging: { serverFunctions: false },
  // No X-Powered-By: Next.js on any answer.
  poweredByHeader: false,
  // `npm run dev` serves its development scripts to localhost only; 127.0.0.1 is the same machine.
  allowedDevOrigins: ['127.0.0.1'],
};

export default withNextIntl(nextConfig);
