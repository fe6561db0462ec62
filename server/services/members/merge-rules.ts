import type { PersonReferenceKey } from '../../db/person-references';
import { MEMBER_IMAGE } from '../profile-image';

/**
 * What a merge of two person records does with each place that holds a person
 * (server/db/person-references.ts), and so what its undo does: a new place is a compile error here
 * until it has a rule, and tests/api/member-merge.test.ts merges and undoes a person with rows in
 * every place.
 *
 * - move: the merged person's rows become the survivor's; undo moves exactly those rows back.
 * - move-unless-duplicate: as move, but where the survivor already has the same row (same values
 *   in `sameAs`, for rows matching `live`), the merged one is `set-aside` (kept whole in the
 *   merge's record and put back by undo) or the merge is `block`ed (a conflict to resolve first).
 *   `live` names a boolean column that takes a row out of the comparison while true (a cancelled order).
 * - join-periods: function assignments; a period of the same function in the same organisation
 *   that overlaps or touches one of the survivor's becomes one period (never two rows).
 * - end-and-move: sign-in state; rows move and end (sessions revoked, reset links used up):
 *   only one login survives and nobody stays signed in as a person who no longer exists.
 * - replace-in-array / replace-in-json: the id inside an integer[] or a jsonb document is replaced.
 * - move-owned: uploaded files owned by the person (owner_type in `ownerTypes`).
 * - keep: history that stays as written, with the reason.
 * - block: the merged record must have none (a conflict to resolve first, e.g. its own second factor).
 * - drop: short-lived state that ends with the merged record (undo does not bring it back).
 */
export type MergeRule =
  | { kind: 'move'; what: string }
  | {
      kind: 'move-unless-duplicate';
      what: string;
      sameAs: readonly string[];
      live?: 'order_canceled';
      onDuplicate: 'set-aside' | 'block';
    }
  | { kind: 'join-periods'; what: string }
  | { kind: 'end-and-move'; what: string; end: string }
  | { kind: 'replace-in-array'; what: string; rowKey: string }
  | { kind: 'replace-in-json'; what: string }
  | { kind: 'move-owned'; what: string; ownerTypes: readonly string[] }
  | { kind: 'keep'; what: string; reason: string }
  | { kind: 'block'; what: string; reason: string }
  | { kind: 'drop'; what: string; reason: string };

export const MERGE_RULES: Record<PersonReferenceKey, MergeRule> = {
  'function_assignments.member_id': { kind: 'join-periods', what: 'memberships and functions' },
  'member_trainings.member_id': { kind: 'move', what: 'trainings' },
  'order_items.member_id': {
    kind: 'move-unless-duplicate',
    what: 'order items',
    sameAs: ['category'],
    live: 'order_canceled',
    onDuplicate: 'block',
  },
  'notifications.member_id': { kind: 'move-unless-duplicate', what: 'notifications', sameAs: ['message_id'], onDuplicate: 'set-aside' },
  'message_deliveries.member_id': {
    kind: 'move-unless-duplicate',
    what: 'message deliveries',
    sameAs: ['message_id', 'medium', 'round'],
    onDuplicate: 'set-aside',
  },
  'push_subscriptions.member_id': { kind: 'move', what: 'push subscriptions' },
  'sessions.member_id': { kind: 'end-and-move', what: 'sign-in sessions', end: 'revoked_at' },
  'password_reset_tokens.member_id': { kind: 'end-and-move', what: 'password reset links', end: 'used_at' },
  'news.created_by': { kind: 'move', what: 'news written' },
  'messages.created_by': { kind: 'move', what: 'messages written' },
  'orders.created_by': { kind: 'move', what: 'orders placed' },
  'role_batches.created_by': { kind: 'move', what: 'bulk role assignments made' },
  'uploaded_files.uploaded_by': { kind: 'move', what: 'files uploaded' },
  'audit_entries.actor_id': { kind: 'keep', what: 'audit entries as actor', reason: 'the audit trail is never rewritten' },
  'message_preparations.member_ids': { kind: 'replace-in-array', what: 'message audiences being prepared', rowKey: 'message_id' },
  'uploaded_files.owner_id': { kind: 'move-owned', what: 'pictures of the person', ownerTypes: [MEMBER_IMAGE] },
  'audit_entries.entity_id': {
    kind: 'keep',
    what: 'audit history',
    reason: "the audit trail is never rewritten; the survivor's history shows the merged record's entries through the merge",
  },
  'tournaments.params': { kind: 'replace-in-json', what: 'tournament referee entries' },
  'member_merges.survivor_id': {
    kind: 'keep',
    what: 'earlier merges',
    reason: 'a merge names the records as they were; lookups follow merges one after the other',
  },
  'member_merges.merged_id': {
    kind: 'keep',
    what: 'earlier merges',
    reason: 'a merge names the records as they were; lookups follow merges one after the other',
  },
  'member_merges.actor_id': { kind: 'keep', what: 'merges made', reason: 'history of who merged' },
  'member_merges.undone_by': { kind: 'keep', what: 'merges undone', reason: 'history of who undid a merge' },
  'duplicate_dismissals.member_a_id': {
    kind: 'keep',
    what: 'pairs marked not the same person',
    reason: 'a pair with a record that no longer exists is simply not reported',
  },
  'duplicate_dismissals.member_b_id': {
    kind: 'keep',
    what: 'pairs marked not the same person',
    reason: 'a pair with a record that no longer exists is simply not reported',
  },
  'duplicate_dismissals.dismissed_by': { kind: 'keep', what: 'pairs dismissed', reason: 'history of who dismissed a pair' },
  'totp_secrets.member_id': {
    kind: 'block',
    what: 'authenticator app',
    reason: "the merged record's second factor is reset first (one login with its own factors survives)",
  },
  'passkeys.member_id': {
    kind: 'block',
    what: 'passkeys',
    reason: "the merged record's second factor is reset first (one login with its own factors survives)",
  },
  'recovery_codes.member_id': {
    kind: 'block',
    what: 'recovery codes',
    reason: "the merged record's second factor is reset first (one login with its own factors survives)",
  },
  'second_factor_pending.member_id': {
    kind: 'drop',
    what: 'sign-ins waiting for a second factor',
    reason: 'they end with the record (5 minutes at most)',
  },
  'webauthn_challenges.member_id': { kind: 'drop', what: 'open passkey requests', reason: 'they end with the record (minutes at most)' },
  'tournaments.original': { kind: 'keep', what: 'first submissions of tournaments', reason: 'the first submission is kept as it was sent' },
  'tournaments.approved_snapshot': {
    kind: 'keep',
    what: 'approved versions of tournaments',
    reason: 'the approved version is kept as it was approved',
  },
  'tournaments.comments': { kind: 'keep', what: 'tournament comments', reason: 'a conversation is kept as it was written' },
  'orders.comments': { kind: 'keep', what: 'order comments', reason: 'a conversation is kept as it was written' },
  'order_invoices.lines': { kind: 'keep', what: 'invoice lines', reason: 'an issued invoice is never rewritten' },
  'person_reads.member_id': { kind: 'keep', what: 'reads of the record', reason: 'who read which record is kept as it happened' },
  'person_reads.read_by': { kind: 'keep', what: 'records read', reason: 'who read which record is kept as it happened' },
  'erased_members.member_id': { kind: 'keep', what: 'erasure', reason: 'an erased record answers as unknown and is never merged' },
  'erased_members.erased_by': { kind: 'keep', what: 'erasures made', reason: 'history of who erased' },
  'member_imports.created_by': { kind: 'keep', what: 'imports made', reason: 'history of who imported' },
  'member_imports.undone_by': { kind: 'keep', what: 'imports undone', reason: 'history of who undid an import' },
  'member_import_rows.member_id': {
    kind: 'keep',
    what: 'import rows',
    reason: "an import's undo refuses a row whose person was merged since",
  },
};
