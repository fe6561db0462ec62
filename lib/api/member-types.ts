/**
 * Shapes of the members API answers, for lib/api/members.ts (server-only) and client components
 * alike. They are inferred from the zod schemas the API publishes (lib/schemas/member-responses.ts),
 * so screen and API cannot drift apart.
 */
export type {
  DuplicateCandidate,
  Member,
  MemberAccess,
  MemberCertificate,
  MemberDeleted,
  MemberDetail,
  MemberFunction,
  MemberLicence,
  MemberMembership,
  MemberParams,
  MemberRole,
  MembersSummary,
  MembershipCreated,
  MembershipEnded,
  MemberTargetOrg,
  Page,
  RoleEntry,
  RoleGroup,
  TrainingDefinition,
} from '@/lib/schemas/member-responses';
