import { sql, type SQL } from 'drizzle-orm';
import { foldSql, type TournamentCopy, type TournamentParams, type TournamentPerson } from '../../db/schema';
import type { PersonReferenceKey } from '../../db/person-references';
import type { Db } from '../../db/client';
import { namesPerson } from '@/lib/domain/privacy/erasure';
import { foldSearch } from '@/lib/domain/search-fold';

/**
 * How the API reads and erases each place that holds a person (server/db/person-references.ts):
 * `read` answers the person's rows there as their export shows them (never another person's data
 * nor a secret), `erase` carries out that place's rule of lib/domain/privacy/erasure.ts. A
 * `Record` over the list, so a new place does not compile until it says both.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Q = Db | Tx;
export type Row = Record<string, unknown>;

/** Upload kinds that belong to a person (uploaded_files.owner_type; owner_id is then the member id). */
export const PERSON_OWNER_TYPES = ['member_image', 'member_document'] as const;

/** What erasure needs to know about the person, read before anything changes. */
export type ErasureContext = {
  memberId: number;
  /** The name as invoices and tournament forms wrote it. */
  firstName: string;
  surname: string;
  email: string | null;
  anonymous: { firstName: string; surname: string };
  /** Stored files to remove from disk once the transaction has committed. */
  filesToRemove: string[];
};

export type PersonPlace = {
  read: (q: Q, memberId: number, name: { firstName: string; surname: string }) => Promise<Row[]>;
  /** The year of the newest row (for the keep rules' "until when"), when the place keeps rows. */
  latestYear?: (q: Q, memberId: number) => Promise<number | undefined>;
  erase: (tx: Tx, ctx: ErasureContext) => Promise<void>;
};

async function rows(q: Q, query: SQL): Promise<Row[]> {
  const result = await q.execute(query);
  return result.rows as Row[];
}

async function year(q: Q, query: SQL): Promise<number | undefined> {
  const [r] = await rows(q, query);
  return r?.y === null || r?.y === undefined ? undefined : Number(r.y);
}

const nothing = async () => undefined;

/** Rows of `table` whose `column` is the person: the listed columns (all but secrets). */
function byColumn(table: string, column: string, columns: string[] | '*' = '*'): PersonPlace['read'] {
  const cols =
    columns === '*'
      ? sql.raw('*')
      : sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        );
  return (q, id) => rows(q, sql`select ${cols} from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id} order by 1`);
}

function deleteWhere(table: string, column: string): PersonPlace['erase'] {
  return async (tx, ctx) => {
    await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${ctx.memberId}`);
  };
}

function detach(table: string, column: string): PersonPlace['erase'] {
  return async (tx, ctx) => {
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = null where ${sql.identifier(column)} = ${ctx.memberId}`,
    );
  };
}

type PersonName = { firstName: string; surname: string };

/**
 * The tournament form with the person replaced by `anon`: referees by their member id; the
 * contact person and range commanders, typed as names, when they name the person (namesPerson).
 */
function renamed(p: TournamentParams, id: number, person: PersonName, anon: PersonName): TournamentParams {
  const rename = (r: TournamentPerson): TournamentPerson => (r.id === id ? { ...r, firstName: anon.firstName, lastName: anon.surname } : r);
  const commander = (r: { firstName: string; lastName: string }) =>
    namesPerson(`${r.firstName} ${r.lastName}`, person) ? { firstName: anon.firstName, lastName: anon.surname } : r;
  return {
    ...p,
    ...(p.mainReferee ? { mainReferee: rename(p.mainReferee) } : {}),
    ...(p.referees ? { referees: p.referees.map(rename) } : {}),
    ...(namesPerson(p.contactPerson, person) ? { contactPerson: `${anon.firstName} ${anon.surname}` } : {}),
    ...(p.rangeCommanders ? { rangeCommanders: p.rangeCommanders.map(commander) } : {}),
  };
}

/** The roles the person has on a tournament form: by member id, or named as contact person or range commander. */
function rolesOn(p: TournamentParams | undefined, id: number, person: PersonName): string[] {
  if (!p) return [];
  const out: string[] = [];
  if (p.mainReferee?.id === id) out.push('mainReferee');
  if ((p.referees ?? []).some((r) => r.id === id)) out.push('referee');
  if (namesPerson(p.contactPerson, person)) out.push('contactPerson');
  if ((p.rangeCommanders ?? []).some((r) => namesPerson(`${r.firstName} ${r.lastName}`, person))) out.push('rangeCommander');
  return out;
}

/** jsonb path of the tournament form inside each tournament column. */
const TOURNAMENT_FORM: Record<'params' | 'original' | 'approved_snapshot', SQL> = {
  params: sql`params`,
  original: sql`original->'params'`,
  approved_snapshot: sql`approved_snapshot->'params'`,
};

function tournamentRoles(column: keyof typeof TOURNAMENT_FORM): PersonPlace {
  const form = TOURNAMENT_FORM[column];
  // by member id; or the surname somewhere in the form's text (names typed in), checked by namesPerson below
  const candidates = (id: number, person: PersonName) =>
    sql`((${form}->'mainReferee'->>'id') = ${String(id)} or coalesce(${form}->'referees', '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('id', ${id}::int))
          or ${foldSql(sql`(${form})::text`)} like ${`%${foldSearch(person.surname)}%`})`;
  const formOf = (t: Row): TournamentParams | undefined =>
    column === 'params' ? (t.params as TournamentParams) : (t[column] as TournamentCopy | null)?.params;
  const found = async (q: Q, id: number, person: PersonName) =>
    (
      await rows(
        q,
        sql`select id, name, start, params, original, approved_snapshot from tournaments where ${candidates(id, person)} order by id`,
      )
    ).filter((t) => rolesOn(formOf(t), id, person).length > 0);
  return {
    read: async (q, id, person) =>
      (await found(q, id, person)).flatMap((t) =>
        rolesOn(formOf(t), id, person).map((role) => ({ tournamentId: t.id, name: t.name, start: t.start, role })),
      ),
    erase: async (tx, ctx) => {
      for (const t of await found(tx, ctx.memberId, ctx)) {
        if (column === 'params') {
          const params = renamed(t.params as TournamentParams, ctx.memberId, ctx, ctx.anonymous);
          await tx.execute(sql`update tournaments set params = ${JSON.stringify(params)}::jsonb where id = ${t.id as number}`);
        } else {
          const copy = t[column] as TournamentCopy;
          const next = { ...copy, params: renamed(copy.params, ctx.memberId, ctx, ctx.anonymous) };
          await tx.execute(
            sql`update tournaments set ${sql.identifier(column)} = ${JSON.stringify(next)}::jsonb where id = ${t.id as number}`,
          );
        }
      }
    },
  };
}

type Comment = { user: number | null; name: string; content: string; timestamp: string };

/** Comments of an order's or a tournament's conversation the person wrote. */
function comments(table: 'orders' | 'tournaments'): PersonPlace {
  const match = (id: number) => sql`comments @> jsonb_build_array(jsonb_build_object('user', ${id}::int))`;
  return {
    read: async (q, id) => {
      const found = await rows(q, sql`select id, comments from ${sql.identifier(table)} where ${match(id)} order by id`);
      return found.flatMap((r) =>
        (r.comments as Comment[])
          .filter((c) => c.user === id)
          .map((c) => ({ [table === 'orders' ? 'orderId' : 'tournamentId']: r.id, content: c.content, timestamp: c.timestamp })),
      );
    },
    erase: async (tx, ctx) => {
      const found = await rows(tx, sql`select id, comments from ${sql.identifier(table)} where ${match(ctx.memberId)}`);
      for (const r of found) {
        const kept = (r.comments as Comment[]).filter((c) => c.user !== ctx.memberId);
        await tx.execute(sql`update ${sql.identifier(table)} set comments = ${JSON.stringify(kept)}::jsonb where id = ${r.id as number}`);
      }
    },
  };
}

/**
 * Audit entries about the person: changes of their record, and duplicate checks that identified
 * them (those record the name that was typed in).
 */
const auditAbout = (id: number) =>
  sql`((entity = 'member' and entity_id = ${String(id)}) or (entity = 'memberLookup' and coalesce(changes->'identified'->'after', '[]'::jsonb) @> jsonb_build_array(${id}::int)))`;

/** The name as an invoice line writes it (lib/domain/orders/invoices.ts invoiceLineText). */
const lineName = (n: { firstName: string; surname: string }) => `${n.firstName} ${n.surname}`;

const invoicesOfPerson = (id: number) => sql`order_id in (select order_id from order_items where member_id = ${id})`;

export const PERSON_PLACES: Record<PersonReferenceKey, PersonPlace> = {
  'function_assignments.member_id': {
    read: (q, id) =>
      rows(
        q,
        sql`select fa.id, fa.role_id as "roleId", r.name as "roleName", fa.org_id as "orgId", o.name as "orgName",
              fa.date_from as "dateFrom", fa.date_to as "dateTo", fa.created_at as "createdAt"
            from function_assignments fa join roles r on r.id = fa.role_id join organisations o on o.id = fa.org_id
            where fa.member_id = ${id} order by fa.date_from, fa.id`,
      ),
    erase: nothing,
  },
  'member_trainings.member_id': {
    read: byColumn('member_trainings', 'member_id'),
    erase: deleteWhere('member_trainings', 'member_id'),
  },
  'order_items.member_id': {
    read: (q, id) =>
      rows(
        q,
        sql`select i.id, i.order_id as "orderId", i.category, i.print, i.price_cents as "priceCents", i.print_cents as "printCents",
              o.status, o.org_id as "orgId", i.created_at as "createdAt"
            from order_items i join orders o on o.id = i.order_id where i.member_id = ${id} order by i.id`,
      ),
    latestYear: (q, id) => year(q, sql`select max(extract(year from created_at))::int as y from order_items where member_id = ${id}`),
    erase: nothing,
  },
  'notifications.member_id': {
    read: byColumn('notifications', 'member_id', ['id', 'message_id', 'org_id', 'title', 'body', 'read_at', 'created_at']),
    erase: deleteWhere('notifications', 'member_id'),
  },
  'message_deliveries.member_id': {
    read: byColumn('message_deliveries', 'member_id', [
      'id',
      'message_id',
      'medium',
      'round',
      'state',
      'target',
      'processed_at',
      'created_at',
    ]),
    erase: deleteWhere('message_deliveries', 'member_id'),
  },
  'push_subscriptions.member_id': {
    // the keys are the device's secrets
    read: byColumn('push_subscriptions', 'member_id', ['id', 'endpoint', 'created_at']),
    erase: deleteWhere('push_subscriptions', 'member_id'),
  },
  'sessions.member_id': {
    // the session id is a secret inside the signed token
    read: byColumn('sessions', 'member_id', ['created_at', 'expires_at', 'revoked_at']),
    erase: deleteWhere('sessions', 'member_id'),
  },
  // second factor: when it was set up and used, never the secret, key or code itself
  'totp_secrets.member_id': {
    read: byColumn('totp_secrets', 'member_id', ['confirmed_at', 'created_at']),
    erase: deleteWhere('totp_secrets', 'member_id'),
  },
  'passkeys.member_id': {
    read: byColumn('passkeys', 'member_id', ['name', 'transports', 'created_at', 'last_used_at']),
    erase: deleteWhere('passkeys', 'member_id'),
  },
  'recovery_codes.member_id': {
    read: byColumn('recovery_codes', 'member_id', ['used_at']),
    erase: deleteWhere('recovery_codes', 'member_id'),
  },
  'second_factor_pending.member_id': {
    read: byColumn('second_factor_pending', 'member_id', ['stage', 'expires_at']),
    erase: deleteWhere('second_factor_pending', 'member_id'),
  },
  'webauthn_challenges.member_id': {
    read: byColumn('webauthn_challenges', 'member_id', ['purpose', 'expires_at']),
    erase: deleteWhere('webauthn_challenges', 'member_id'),
  },
  'password_reset_tokens.member_id': {
    read: byColumn('password_reset_tokens', 'member_id', ['id', 'email', 'expires_at', 'used_at', 'created_at']),
    erase: deleteWhere('password_reset_tokens', 'member_id'),
  },
  'news.created_by': {
    read: byColumn('news', 'created_by', ['id', 'org_id', 'title', 'created_at']),
    erase: detach('news', 'created_by'),
  },
  'messages.created_by': {
    read: byColumn('messages', 'created_by', ['id', 'org_id', 'title', 'created_at']),
    erase: detach('messages', 'created_by'),
  },
  'orders.created_by': {
    read: byColumn('orders', 'created_by', ['id', 'org_id', 'category', 'status', 'created_at']),
    erase: nothing,
  },
  'role_batches.created_by': {
    read: byColumn('role_batches', 'created_by', ['id', 'org_id', 'assigned', 'created_at', 'undone_at']),
    erase: nothing,
  },
  'uploaded_files.uploaded_by': {
    read: byColumn('uploaded_files', 'uploaded_by', ['id', 'owner_type', 'original_name', 'mime', 'size', 'created_at']),
    erase: nothing,
  },
  'audit_entries.actor_id': {
    // what the person did; the values they changed are other records' data
    read: byColumn('audit_entries', 'actor_id', ['id', 'at', 'acting_org_id', 'entity', 'entity_id', 'action']),
    erase: nothing,
  },
  'message_preparations.member_ids': {
    read: (q, id) =>
      rows(
        q,
        sql`select message_id as "messageId", created_at as "createdAt" from message_preparations where ${id}::int = any(member_ids)`,
      ),
    erase: async (tx, ctx) => {
      // the preparation writes member_ids in order up to `done`: removing one before it moves `done` back
      await tx.execute(sql`
        update message_preparations
        set done = done - case when array_position(member_ids, ${ctx.memberId}::int) <= done then 1 else 0 end,
            total = total - 1,
            member_ids = array_remove(member_ids, ${ctx.memberId}::int)
        where ${ctx.memberId}::int = any(member_ids)`);
    },
  },
  'uploaded_files.owner_id': {
    read: (q, id) =>
      rows(
        q,
        sql`select id, uuid, owner_type as "ownerType", original_name as "originalName", mime, size, created_at as "createdAt"
            from uploaded_files where owner_id = ${id} and owner_type in (${sql.join(
              PERSON_OWNER_TYPES.map((t) => sql`${t}`),
              sql`, `,
            )}) order by id`,
      ),
    erase: async (tx, ctx) => {
      const removed = await rows(
        tx,
        sql`delete from uploaded_files where owner_id = ${ctx.memberId} and owner_type in (${sql.join(
          PERSON_OWNER_TYPES.map((t) => sql`${t}`),
          sql`, `,
        )}) returning stored_path`,
      );
      ctx.filesToRemove.push(...removed.map((r) => String(r.stored_path)));
    },
  },
  'audit_entries.entity_id': {
    read: (q, id) =>
      rows(
        q,
        sql`select id, at, actor_id as "actorId", entity, action, case when entity = 'member' then changes end as changes
            from audit_entries where ${auditAbout(id)} order by at, id`,
      ),
    erase: async (tx, ctx) => {
      // keep which fields changed and when, never the values
      await tx.execute(sql`
        update audit_entries
        set changes = coalesce((select jsonb_object_agg(k, jsonb_build_object('before', null, 'after', null)) from jsonb_object_keys(changes) k), '{}'::jsonb)
        where ${auditAbout(ctx.memberId)}`);
      // duplicate checks record the name as typed: one that typed the person's name keeps that it
      // happened, not the name, whomever it found
      const folded = (field: 'firstName' | 'surname') => foldSql(sql`trim(changes->${sql.raw(`'${field}'`)}->>'after')`);
      await tx.execute(sql`
        update audit_entries
        set changes = changes || jsonb_build_object('firstName', jsonb_build_object('before', null, 'after', null),
                                                    'surname', jsonb_build_object('before', null, 'after', null))
        where entity = 'memberLookup' and ${folded('firstName')} = ${foldSearch(ctx.firstName.trim())}
          and ${folded('surname')} = ${foldSearch(ctx.surname.trim())}`);
      // sign-in lockouts and failed sign-ins are recorded under the address tried
      if (ctx.email) {
        const address = ctx.email.trim().toLowerCase();
        await tx.execute(sql`update audit_entries set entity_id = '-' where entity = 'login' and entity_id = ${address}`);
        await tx.execute(sql`delete from login_failures where lower(email) = ${address}`);
      }
    },
  },
  'tournaments.params': tournamentRoles('params'),
  'tournaments.original': tournamentRoles('original'),
  'tournaments.approved_snapshot': tournamentRoles('approved_snapshot'),
  'tournaments.comments': comments('tournaments'),
  'orders.comments': comments('orders'),
  'order_invoices.lines': {
    read: async (q, id, name) => {
      const found = await rows(
        q,
        sql`select id, order_id as "orderId", kind, number, issued_on as "issuedOn", lines from order_invoices where ${invoicesOfPerson(id)} order by id`,
      );
      // only the person's own lines: the others name other people
      const mine = lineName(name);
      return found.map((r) => ({ ...r, lines: (r.lines as Array<{ text: string }>).filter((l) => l.text.includes(mine)) }));
    },
    latestYear: (q, id) =>
      year(q, sql`select max(extract(year from issued_on))::int as y from order_invoices where ${invoicesOfPerson(id)}`),
    erase: async (tx, ctx) => {
      const found = await rows(tx, sql`select id, lines from order_invoices where ${invoicesOfPerson(ctx.memberId)}`);
      const from = lineName(ctx);
      const to = lineName(ctx.anonymous);
      for (const r of found) {
        const lines = (r.lines as Array<{ text: string; grossCents: number }>).map((l) => ({ ...l, text: l.text.split(from).join(to) }));
        await tx.execute(sql`update order_invoices set lines = ${JSON.stringify(lines)}::jsonb where id = ${r.id as number}`);
      }
    },
  },
  'person_reads.member_id': {
    read: (q, id) =>
      rows(
        q,
        sql`select r.at, r.kind, r.read_by as "readBy", m.first_name || ' ' || m.surname as "readerName", r.acting_org_id as "actingOrgId"
            from person_reads r left join members m on m.id = r.read_by where r.member_id = ${id} order by r.at, r.id`,
      ),
    erase: nothing,
  },
  'person_reads.read_by': {
    // whose records the person read is those persons' data
    read: byColumn('person_reads', 'read_by', ['at', 'kind', 'acting_org_id']),
    erase: nothing,
  },
  'erased_members.member_id': { read: byColumn('erased_members', 'member_id'), erase: nothing },
  'member_imports.created_by': {
    read: byColumn('member_imports', 'created_by', ['id', 'org_id', 'created_at', 'undone_at']),
    erase: nothing,
  },
  'member_imports.undone_by': { read: byColumn('member_imports', 'undone_by', ['id', 'org_id', 'undone_at']), erase: nothing },
  'member_import_rows.member_id': {
    read: byColumn('member_import_rows', 'member_id', ['import_id', 'line', 'verdict', 'before']),
    erase: deleteWhere('member_import_rows', 'member_id'),
  },
  // a merge's before-state holds the records as they were: read as when and with whom, erased whole
  'member_merges.survivor_id': {
    read: byColumn('member_merges', 'survivor_id', ['id', 'merged_id', 'created_at', 'undone_at']),
    erase: deleteWhere('member_merges', 'survivor_id'),
  },
  'member_merges.merged_id': {
    read: byColumn('member_merges', 'merged_id', ['id', 'survivor_id', 'created_at', 'undone_at']),
    erase: deleteWhere('member_merges', 'merged_id'),
  },
  'member_merges.actor_id': { read: byColumn('member_merges', 'actor_id', ['id', 'created_at']), erase: nothing },
  'member_merges.undone_by': { read: byColumn('member_merges', 'undone_by', ['id', 'undone_at']), erase: nothing },
  'duplicate_dismissals.member_a_id': {
    read: byColumn('duplicate_dismissals', 'member_a_id', ['member_b_id', 'dismissed_at']),
    erase: deleteWhere('duplicate_dismissals', 'member_a_id'),
  },
  'duplicate_dismissals.member_b_id': {
    read: byColumn('duplicate_dismissals', 'member_b_id', ['member_a_id', 'dismissed_at']),
    erase: deleteWhere('duplicate_dismissals', 'member_b_id'),
  },
  'duplicate_dismissals.dismissed_by': { read: byColumn('duplicate_dismissals', 'dismissed_by', ['dismissed_at']), erase: nothing },
  'erased_members.erased_by': { read: byColumn('erased_members', 'erased_by', ['erased_at', 'reason']), erase: nothing },
};
