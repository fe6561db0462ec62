import { sql } from 'drizzle-orm';
import { messages } from '../schema';
import { assignmentHeldOn } from '@/server/services/assignment-days';
import type { SeedDb } from './insert';

/**
 * Demo history of the message centre: a message of the demo club to its members (e-mail and
 * push) and one of the federation to every trainer (e-mail), both delivered days ago; the demo
 * trainer has read the club's. Their notifications fill the inboxes, their outbox rows the Status
 * tab. Nothing is sent: the rows are recorded as already done.
 */

type MessageRow = typeof messages.$inferInsert;

export function buildMessages(year: number, today: string): MessageRow[] {
  const daysAgo = (n: number) => new Date(Date.parse(`${today}T09:00:00Z`) - n * 86_400_000).toISOString();
  return [
    {
      id: 1,
      orgId: 11,
      createdBy: 2,
      title: 'Wintertraining in der Halle',
      abstract: 'Ab Montag trainieren wir dienstags und donnerstags ab 18 Uhr in der Sporthalle.',
      content: `<h2>Wintertraining ${year}</h2><p>Ab Montag trainieren wir <strong>dienstags und donnerstags ab 18 Uhr</strong> in der Sporthalle Wiener Neustadt.</p><ul><li>Hallenschuhe mitbringen</li><li>Pfeile mit Hallenspitzen</li></ul>`,
      lang: 'de',
      media: ['email', 'push'],
      roles: [32],
      organisations: [11],
      replyTo: null,
      publishedAt: daysAgo(3),
      createdAt: daysAgo(3),
      updatedAt: daysAgo(3),
    },
    {
      id: 2,
      orgId: 1,
      createdBy: 1,
      title: 'Neue Trainerfortbildung',
      abstract: 'Die Anmeldung zur Trainerfortbildung im Frühjahr ist offen.',
      content:
        '<p>Liebe Trainerinnen und Trainer,</p><p>die Anmeldung zur <em>Trainerfortbildung</em> im Frühjahr ist ab sofort offen.</p>',
      lang: 'de',
      media: ['email'],
      roles: [12],
      organisations: [],
      replyTo: null,
      publishedAt: daysAgo(10),
      createdAt: daysAgo(10),
      updatedAt: daysAgo(10),
    },
  ];
}

/** The recipients' notifications and the finished outbox rows of the demo messages (idempotent). */
export async function seedMessageDeliveries(tx: SeedDb, today: string) {
  await tx.execute(sql`
    insert into notifications (member_id, message_id, org_id, title, body, sort_name, created_at, updated_at)
    select distinct fa.member_id, m.id, m.org_id, m.title, m.abstract, p.sort_surname || ' ' || p.sort_first_name, m.published_at, m.published_at
    from messages m join function_assignments fa
      on fa.role_id = any(m.roles) and ${assignmentHeldOn(today, 'fa')}
     and (cardinality(m.organisations) = 0 or fa.org_id = any(m.organisations))
    join members p on p.id = fa.member_id
    where m.id in (1, 2)
    on conflict do nothing`);
  // the demo trainer read the club's message an hour after it came
  await tx.execute(
    sql`update notifications set read_at = created_at + interval '1 hour' where message_id = 1 and member_id = 4 and read_at is null`,
  );
  await tx.execute(sql`
    insert into message_deliveries (message_id, notification_id, member_id, medium, state, attempts, target, processed_at, created_at)
    select n.message_id, n.id, n.member_id, medium,
           case when medium = 'push' then 'no_subscription' when p.email is null then 'no_address' else 'sent' end,
           case when medium = 'email' and p.email is not null then 1 else 0 end,
           case when medium = 'email' then p.email end,
           n.created_at + interval '2 minutes', n.created_at
    from notifications n join messages m on m.id = n.message_id join members p on p.id = n.member_id, unnest(m.media) as medium
    where n.message_id in (1, 2)
    on conflict do nothing`);
}
