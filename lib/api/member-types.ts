/**
 * Shapes of the members API answers, for lib/api/members.ts (server-only) and client components
 * alike. They are inferred from the zod schemas the API publishes (lib/schemas/member-responses.ts),
 * so screen and API cannot drift apart.
 */
export type {
  DuplicateCandidate,
  Member,
  MemberCertificate,
  MemberDetail,
  MemberRole,
  MembersSummary,
  MemberTargetOrg,
  Page,
  RoleGroup,
  TrainingDefinition,
} from '@/lib/schemas/member-responses';
