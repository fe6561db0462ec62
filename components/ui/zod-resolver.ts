import { zodResolver as hookformZodResolver } from '@hookform/resolvers/zod';
import { config } from 'zod/v4/core';

/*
 * Zod probes once whether `new Function` is allowed (to compile faster object parsers); under the
 * Content-Security-Policy (no 'unsafe-eval') that probe is reported as a violation even though Zod
 * catches it. Jitless mode skips the probe; the forms' small objects do not need compiled parsers.
 * Set here, where the browser first gets zod, so pages without a zod form (sign-in) don't load it.
 */
config({ jitless: true });

/** react-hook-form's zod resolver, for every form in the app (import it from here). */
export const zodResolver = hookformZodResolver;
