import { config } from 'zod/v4/core';

/**
 * Runs in the browser before the app's own code. Zod probes once whether `new Function` is
 * allowed (to compile faster object parsers); under the Content-Security-Policy (no
 * 'unsafe-eval') that probe is reported as a violation even though Zod catches it. Jitless mode
 * skips the probe; the forms' small objects do not need the compiled parsers.
 */
config({ jitless: true });
