import { z } from 'zod';

/**
 * A form's values that the action hands to the API unchanged; the API checks them with its own
 * schema. Typed as the API's request body (from lib/api), so a form that sends a field the API
 * does not take, or leaves out one it needs, does not compile; at run time only "an object" is
 * checked here.
 */
export function apiBody<T extends object>() {
  return z.custom<T>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));
}
