// Plain data without the schema, so pure rules (lib/domain) can walk the list.

/**
 * Every place in the database that holds a person (a row of `members`), in one list. Whatever
 * works on a person as a whole (merging two records, a person's own data export, erasure) takes
 * its rule per entry from a `Record<PersonReferenceKey, …>`, so a new entry is a compile error
 * until each of them says what happens to it; and tests/unit/person-references.test.ts fails when
 * the schema gains a column that refers to a person without an entry here.
 *
 * how:
 * - 'foreign-key': an integer column with a foreign key to members.id
 * - 'plain-id': an integer column holding a member id without a foreign key (history that must outlive the person)
 * - 'id-array': an integer[] of member ids
 * - 'owner': uploaded_files rows whose owner_type names a person (owner_id is then the member id)
 * - 'audit-entity': audit entries about a person (entity 'member', entity_id the member id)
 * - 'json': member ids (or, in kept documents, a person's name) inside a jsonb column
 */
export const PERSON_REFERENCES = [
  { key: 'function_assignments.member_id', table: 'function_assignments', column: 'member_id', how: 'foreign-key' },
  { key: 'member_trainings.member_id', table: 'member_trainings', column: 'member_id', how: 'foreign-key' },
  { key: 'order_items.member_id', table: 'order_items', column: 'member_id', how: 'foreign-key' },
  { key: 'notifications.member_id', table: 'notifications', column: 'member_id', how: 'foreign-key' },
  { key: 'message_deliveries.member_id', table: 'message_deliveries', column: 'member_id', how: 'foreign-key' },
  { key: 'push_subscriptions.member_id', table: 'push_subscriptions', column: 'member_id', how: 'foreign-key' },
  { key: 'sessions.member_id', table: 'sessions', column: 'member_id', how: 'foreign-key' },
  { key: 'password_reset_tokens.member_id', table: 'password_reset_tokens', column: 'member_id', how: 'foreign-key' },
  { key: 'totp_secrets.member_id', table: 'totp_secrets', column: 'member_id', how: 'foreign-key' },
  { key: 'passkeys.member_id', table: 'passkeys', column: 'member_id', how: 'foreign-key' },
  { key: 'recovery_codes.member_id', table: 'recovery_codes', column: 'member_id', how: 'foreign-key' },
  { key: 'second_factor_pending.member_id', table: 'second_factor_pending', column: 'member_id', how: 'foreign-key' },
  { key: 'webauthn_challenges.member_id', table: 'webauthn_challenges', column: 'member_id', how: 'foreign-key' },
  { key: 'news.created_by', table: 'news', column: 'created_by', how: 'foreign-key' },
  { key: 'messages.created_by', table: 'messages', column: 'created_by', how: 'foreign-key' },
  { key: 'orders.created_by', table: 'orders', column: 'created_by', how: 'plain-id' },
  { key: 'role_batches.created_by', table: 'role_batches', column: 'created_by', how: 'plain-id' },
  { key: 'uploaded_files.uploaded_by', table: 'uploaded_files', column: 'uploaded_by', how: 'plain-id' },
  { key: 'member_imports.created_by', table: 'member_imports', column: 'created_by', how: 'plain-id' },
  { key: 'member_imports.undone_by', table: 'member_imports', column: 'undone_by', how: 'plain-id' },
  { key: 'member_import_rows.member_id', table: 'member_import_rows', column: 'member_id', how: 'plain-id' },
  { key: 'audit_entries.actor_id', table: 'audit_entries', column: 'actor_id', how: 'plain-id' },
  { key: 'message_preparations.member_ids', table: 'message_preparations', column: 'member_ids', how: 'id-array' },
  { key: 'uploaded_files.owner_id', table: 'uploaded_files', column: 'owner_id', how: 'owner' },
  { key: 'audit_entries.entity_id', table: 'audit_entries', column: 'entity_id', how: 'audit-entity' },
  { key: 'tournaments.params', table: 'tournaments', column: 'params', how: 'json' },
  { key: 'tournaments.original', table: 'tournaments', column: 'original', how: 'json' },
  { key: 'tournaments.approved_snapshot', table: 'tournaments', column: 'approved_snapshot', how: 'json' },
  { key: 'tournaments.comments', table: 'tournaments', column: 'comments', how: 'json' },
  { key: 'orders.comments', table: 'orders', column: 'comments', how: 'json' },
  { key: 'order_invoices.lines', table: 'order_invoices', column: 'lines', how: 'json' },
  { key: 'person_reads.member_id', table: 'person_reads', column: 'member_id', how: 'plain-id' },
  { key: 'person_reads.read_by', table: 'person_reads', column: 'read_by', how: 'plain-id' },
  { key: 'erased_members.member_id', table: 'erased_members', column: 'member_id', how: 'plain-id' },
  { key: 'erased_members.erased_by', table: 'erased_members', column: 'erased_by', how: 'plain-id' },
] as const satisfies readonly { key: string; table: string; column: string; how: string }[];

export type PersonReference = (typeof PERSON_REFERENCES)[number];
export type PersonReferenceKey = PersonReference['key'];
