/**
 * Shapes of the federation API answers used by the admin app: inferred from the API's own
 * schemas in lib/schemas (one definition on both sides).
 */

export type { Country, SystemRole, User } from '@/lib/schemas/user';
