import { PERSON_REFERENCES, type PersonReferenceKey } from '@/server/db/person-reference-list';
import { foldSearch } from '../search-fold';

/**
 * What erasing a person does to each place that holds them (GDPR Art. 17), and what the law
 * keeps. Pure: the API counts the rows per place and asks these rules for the plan; the same
 * rules drive the erasure itself, so the plan shown is the erasure done.
 *
 * - delete: the rows go (login, sessions, push subscriptions, pictures, documents, inbox, free text);
 * - anonymise: the rows stay, pointing at the person's anonymous record (birth year, gender, the
 *   clubs of their history) or with the person's name replaced (tournament referees, audit values);
 * - detach: the rows stay without the person (an organisation's article or message loses its author);
 * - keep: the rows stay as they are until `keepYears` after the end of the year they were written
 *   (accounting documents), with the person's name anonymised.
 */

type ErasureAction = 'delete' | 'anonymise' | 'detach' | 'keep';

export type ErasureRule = {
  action: ErasureAction;
  /** Why, in English (the screen shows its own text for `code`). */
  reason: string;
  /** Stable code of the reason, for the screen's text. */
  code: string;
  /** Kept this many years after the end of the year of the latest row (keep only). */
  keepYears?: number;
};

/** Austrian accounting documents (invoices and what they are built from) are kept seven years. */
const ACCOUNTING_KEEP_YEARS = 7;

/** Every place that holds a person, with what erasure does there: a new place is a compile error until it has its rule. */
export const ERASURE_RULES: Record<PersonReferenceKey, ErasureRule> = {
  'function_assignments.member_id': {
    action: 'anonymise',
    code: 'sport_history',
    reason: 'Licence and function history stays for the sport records, on the anonymous record (birth year, gender, club)',
  },
  'member_trainings.member_id': { action: 'delete', code: 'personal', reason: 'Trainings and certificates of the person' },
  'order_items.member_id': {
    action: 'keep',
    code: 'accounting',
    reason: 'Order lines are accounting records, kept 7 years, on the anonymous record',
    keepYears: ACCOUNTING_KEEP_YEARS,
  },
  'notifications.member_id': { action: 'delete', code: 'personal', reason: "The person's inbox" },
  'message_deliveries.member_id': { action: 'delete', code: 'personal', reason: 'Deliveries of messages to the person (addresses)' },
  'push_subscriptions.member_id': { action: 'delete', code: 'login', reason: "The person's devices for push messages" },
  'sessions.member_id': { action: 'delete', code: 'login', reason: "The person's sign-in sessions" },
  'totp_secrets.member_id': { action: 'delete', code: 'login', reason: "The person's authenticator app (second factor)" },
  'passkeys.member_id': { action: 'delete', code: 'login', reason: "The person's passkeys" },
  'recovery_codes.member_id': { action: 'delete', code: 'login', reason: "The person's recovery codes" },
  'second_factor_pending.member_id': { action: 'delete', code: 'login', reason: "The person's sign-ins waiting for their second factor" },
  'webauthn_challenges.member_id': { action: 'delete', code: 'login', reason: "The person's open passkey requests" },
  'password_reset_tokens.member_id': { action: 'delete', code: 'login', reason: "The person's password-reset links" },
  'news.created_by': { action: 'detach', code: 'organisation_content', reason: "The organisation's articles stay, without their author" },
  'messages.created_by': {
    action: 'detach',
    code: 'organisation_content',
    reason: "The organisation's messages stay, without their author",
  },
  'orders.created_by': {
    action: 'anonymise',
    code: 'accounting',
    reason: 'Orders the person placed for an organisation stay (accounting), naming the anonymous record',
  },
  'role_batches.created_by': {
    action: 'anonymise',
    code: 'organisation_record',
    reason: 'Bulk assignments the person made stay, naming the anonymous record',
  },
  'uploaded_files.uploaded_by': {
    action: 'anonymise',
    code: 'organisation_record',
    reason: 'Files the person uploaded for an organisation stay, naming the anonymous record',
  },
  'audit_entries.actor_id': {
    action: 'anonymise',
    code: 'audit',
    reason: 'What the person did stays in the audit trail, naming the anonymous record',
  },
  'message_preparations.member_ids': {
    action: 'delete',
    code: 'personal',
    reason: 'The person is removed from messages still being prepared',
  },
  'uploaded_files.owner_id': { action: 'delete', code: 'personal', reason: "The person's pictures and documents, with their files" },
  'audit_entries.entity_id': {
    action: 'anonymise',
    code: 'audit',
    reason: 'The audit trail keeps that changes and the erasure happened, never the values',
  },
  'tournaments.params': {
    action: 'anonymise',
    code: 'sport_history',
    reason:
      'Tournament roles (referees, and the contact person and range commanders where they name the person) stay with the anonymous name',
  },
  'tournaments.original': {
    action: 'anonymise',
    code: 'sport_history',
    reason:
      'Tournament roles (referees, and the contact person and range commanders where they name the person) stay with the anonymous name',
  },
  'tournaments.approved_snapshot': {
    action: 'anonymise',
    code: 'sport_history',
    reason:
      'Tournament roles (referees, and the contact person and range commanders where they name the person) stay with the anonymous name',
  },
  'tournaments.comments': { action: 'delete', code: 'free_text', reason: "The person's comments on tournaments (free text)" },
  'orders.comments': { action: 'delete', code: 'free_text', reason: "The person's comments on orders (free text)" },
  'order_invoices.lines': {
    action: 'keep',
    code: 'accounting',
    reason: 'Invoices are kept 7 years; the person is named by the anonymous name',
    keepYears: ACCOUNTING_KEEP_YEARS,
  },
  'person_reads.member_id': {
    action: 'keep',
    code: 'accountability',
    reason: 'Who read the record stays, for the data-protection officer',
  },
  'person_reads.read_by': {
    action: 'anonymise',
    code: 'accountability',
    reason: 'Reads the person made stay, naming the anonymous record',
  },
  'erased_members.member_id': { action: 'keep', code: 'accountability', reason: 'That the person was erased, and when' },
  'member_imports.created_by': {
    action: 'anonymise',
    code: 'organisation_record',
    reason: 'Imports the person made for an organisation stay, naming the anonymous record',
  },
  'member_imports.undone_by': {
    action: 'anonymise',
    code: 'organisation_record',
    reason: 'Imports the person took back stay, naming the anonymous record',
  },
  'member_import_rows.member_id': {
    action: 'delete',
    code: 'personal',
    reason: "The import's rows about the person hold their earlier values (an import is undone the same day only)",
  },
  'member_merges.survivor_id': {
    action: 'delete',
    code: 'personal',
    reason: 'A merge holds both records as they were (for its undo); it cannot be undone once the person is erased',
  },
  'member_merges.merged_id': {
    action: 'delete',
    code: 'personal',
    reason: 'A merge holds both records as they were (for its undo); it cannot be undone once the person is erased',
  },
  'member_merges.actor_id': {
    action: 'anonymise',
    code: 'accountability',
    reason: 'Merges the person made stay, naming the anonymous record',
  },
  'member_merges.undone_by': {
    action: 'anonymise',
    code: 'accountability',
    reason: 'Merges the person undid stay, naming the anonymous record',
  },
  'duplicate_dismissals.member_a_id': { action: 'delete', code: 'personal', reason: "Pairs marked 'not the same person' with the person" },
  'duplicate_dismissals.member_b_id': { action: 'delete', code: 'personal', reason: "Pairs marked 'not the same person' with the person" },
  'duplicate_dismissals.dismissed_by': {
    action: 'anonymise',
    code: 'accountability',
    reason: 'Pairs the person dismissed stay, naming the anonymous record',
  },
  'erased_members.erased_by': {
    action: 'anonymise',
    code: 'accountability',
    reason: 'Erasures the person made stay, naming the anonymous record',
  },
};

/** The anonymous record's name: unique per record (the identity index), readable on an invoice. */
export function anonymousName(memberId: number): { firstName: string; surname: string } {
  return { firstName: 'Anonym', surname: `#${memberId}` };
}

/**
 * Does a name typed as free text (a tournament's contact person, a range commander) name the
 * person? Every word of their first name and of their surname appears in it as a word, letter case
 * and accents aside. A surname alone does not: it may be a relative's or a namesake's.
 */
export function namesPerson(text: string | null | undefined, person: { firstName: string; surname: string }): boolean {
  if (!text) return false;
  const words = new Set(
    foldSearch(text)
      .split(/[\s,;()/]+/)
      .filter(Boolean),
  );
  const wanted = foldSearch(`${person.firstName} ${person.surname}`).split(/\s+/).filter(Boolean);
  return wanted.length > 0 && wanted.every((w) => words.has(w));
}

/** The birth date the anonymous record keeps: the year only (1 January). */
export function anonymousBirthDate(birthDate: string): string {
  return `${birthDate.slice(0, 4)}-01-01`;
}

/** What stands against an erasure. */
export type ErasureFacts = {
  /** Orders with a line for the person that are neither released nor refunded. */
  openOrders: Array<{ id: number; category: string }>;
  /** Function assignments active today (memberships and licences included). */
  activeFunctions: Array<{ roleId: number; roleName: string; orgId: number; orgName: string; dateTo: string }>;
  /** Already erased (or anonymised by the retention job). */
  erased: boolean;
};

/**
 * Why an erasure cannot be done now: `code` and `params` for the screen's own text
 * (privacy.erase.refusalDetails), `message` an English sentence for people reading the API and logs.
 */
export type ErasureRefusal =
  | { code: 'already_erased'; params: Record<string, never>; message: string }
  | { code: 'open_order'; params: { orderId: number; category: string }; message: string }
  | {
      code: 'active_function';
      params: { roleId: number; roleName: string; orgId: number; orgName: string; dateTo: string };
      message: string;
    };

/** Why the person cannot be erased now (empty: they can). */
export function erasureRefusals(facts: ErasureFacts): ErasureRefusal[] {
  const out: ErasureRefusal[] = [];
  if (facts.erased) out.push({ code: 'already_erased', params: {}, message: 'The person was erased already' });
  for (const o of facts.openOrders) {
    out.push({
      code: 'open_order',
      params: { orderId: o.id, category: o.category },
      message: `Order ${o.id} (${o.category}) is still open: release or refund it first`,
    });
  }
  for (const f of facts.activeFunctions) {
    out.push({
      code: 'active_function',
      params: { roleId: f.roleId, roleName: f.roleName, orgId: f.orgId, orgName: f.orgName, dateTo: f.dateTo },
      message: `${f.roleName} in ${f.orgName} is active until ${f.dateTo}: end it first`,
    });
  }
  return out;
}

export type ErasurePlanItem = {
  place: PersonReferenceKey | 'members';
  action: ErasureAction;
  rows: number;
  code: string;
  reason: string;
  /** Kept until this day (keep only). */
  keptUntil: string | null;
};

/** The day a kept place may go: `keepYears` after the end of the year of its latest row. */
function keptUntil(latestYear: number, keepYears: number): string {
  return `${latestYear + keepYears}-12-31`;
}

/**
 * The plan: for the person's record and every place, what happens to how many rows, why, and
 * until when kept rows stay. `latestYear` per place: the year of its newest row (for keep rules).
 */
export function erasurePlan(
  counts: Record<PersonReferenceKey, number>,
  latestYear: Partial<Record<PersonReferenceKey, number>>,
): ErasurePlanItem[] {
  const items: ErasurePlanItem[] = [
    {
      place: 'members',
      action: 'anonymise',
      rows: 1,
      code: 'anonymous_record',
      reason: 'Name, address, contact, login, picture and registration number are removed; birth year and gender stay',
      keptUntil: null,
    },
  ];
  // in the order of the list of places, whatever order the rules were written in
  for (const { key: place } of PERSON_REFERENCES) {
    const rule = ERASURE_RULES[place];
    const rows = counts[place] ?? 0;
    const year = latestYear[place];
    items.push({
      place,
      action: rule.action,
      rows,
      code: rule.code,
      reason: rule.reason,
      keptUntil:
        rule.action === 'keep' && rule.keepYears !== undefined && year !== undefined && rows > 0 ? keptUntil(year, rule.keepYears) : null,
    });
  }
  return items;
}

/**
 * Retention of former members: a person with no active function whose last function ended more
 * than `years` years before `today` is anonymised; `cutoff` is the last end date that qualifies.
 */
export function formerMemberCutoff(today: string, years: number): string {
  const y = Number(today.slice(0, 4)) - years;
  return `${String(y).padStart(4, '0')}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
}
