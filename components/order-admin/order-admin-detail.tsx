'use client';

import { ListSearch } from '@/components/ui/list-search';
import { useMemo, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import type { Order, OrderItem } from '@/lib/schemas/orders';
import { formatDisplayDate } from '@/lib/domain/dates';
import { BASE_PATH } from '@/lib/domain/shell';
import { foldSearch } from '@/lib/domain/search-fold';
import { orderLicencesHeld } from '@/lib/domain/licence-card';
import { DECISION_STATUS, offersDecision, type OrderDecision } from '@/lib/domain/orders/status';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { decide } from '@/components/shared/orders/actions';
import { addComment, saveRemovals } from './actions';
import { OrderDocumentLinks } from '@/components/shared/orders/order-documents';
import { OrderStateTag } from '@/components/shared/orders/order-list';
import { euros, MARKED_REMOVAL_ROW } from '@/components/shared/orders/order-view';
import { DownloadLink } from '@/components/ui/download-link';
import { PersonCheckbox } from '@/components/shared/orders/person-checkbox';
import { BriefCell, BriefFooterLabel, BriefTable } from '@/components/ui/brief-table';

export type BankAccount = { name: string; iban: string; bic: string };

export interface OrderAdminDetailProps {
  order: Order;
  items: OrderItem[];
  actingOrgId: number;
  actingLevel: number;
  /** The federation's account; shown with the order's reference while the order awaits payment. */
  bank?: BankAccount | null;
}

/**
 * One order: number, state, dates, the address, the bank details with the payment reference while
 * it is created, the invoice once issued, its lines
 * (searchable; persons can be marked for removal while the order is created), total, downloads
 * (licence cards and their letter only while the order's licences are held: released, not refunded),
 * the federation's actions (save, release, refund, send back; each confirmed) and the comments.
 */
export function OrderAdminDetail({ order: initial, items, actingOrgId, actingLevel, bank = null }: OrderAdminDetailProps) {
  const t = useTranslations('orderAdmin');
  const locale = useLocale();
  const router = useRouter();
  const [order, setOrder] = useState(initial);
  const [query, setQuery] = useState('');
  const [marked, setMarked] = useState<number[]>([]);
  const [comment, setComment] = useState('');
  const [busy, startTransition] = useTransition();
  const [confirmElement, confirm] = useConfirm();
  const federation = actingLevel === 1;
  // Persons can be taken out of a created order by the federation and by the ordering club itself.
  const editable = (federation || order.orgId === actingOrgId) && order.state === 'created';
  // the ordering club and the federation talk about an order; a state association reads along
  const canComment = federation || order.orgId === actingOrgId;

  const shown = useMemo(() => {
    const q = foldSearch(query.trim());
    return q ? items.filter((i) => foldSearch(`${i.firstName ?? ''} ${i.surname ?? ''} ${i.label ?? ''}`).includes(q)) : items;
  }, [items, query]);

  /** Destructive questions (removing persons, refund, send back) put the focus on Nein. */
  function run(question: string, action: () => Promise<boolean>, destructive = false) {
    void (async () => {
      if (!(await confirm(question, destructive ? { tone: 'danger' } : undefined))) return;
      startTransition(async () => {
        if (await action()) router.refresh();
      });
    })();
  }

  async function saveMarked(): Promise<boolean> {
    if (marked.length === 0) return true;
    const result = await saveRemovals({ orgId: order.orgId, id: order.id, members: marked });
    if (!applyActionResult(result, null)) return false;
    setOrder(result.data.order);
    setMarked([]);
    return true;
  }

  async function move(decision: OrderDecision): Promise<boolean> {
    // a release takes the persons marked for removal out in the same request (one transaction)
    const removeMembers = decision === 'release' && marked.length > 0 ? marked : undefined;
    const result = await decide({
      orgId: order.orgId,
      id: order.id,
      status: DECISION_STATUS[decision],
      updatedAt: order.updatedAt,
      removeMembers,
    });
    if (!applyActionResult(result, null)) return false;
    setOrder(result.data.order);
    if (removeMembers) setMarked([]);
    return true;
  }

  function sendComment() {
    const text = comment.trim();
    if (!text) return;
    startTransition(async () => {
      const result = await addComment({ orgId: order.orgId, id: order.id, comment: text });
      if (!applyActionResult(result, null, { success: false })) return;
      setOrder(result.data);
      setComment('');
    });
  }

  const download = (kind: 'licenses' | 'attachment') => `${BASE_PATH}/api/v1/reports/${kind}?order=${order.id}`;
  const can = (d: OrderDecision) => federation && offersDecision(order, d);

  return (
    <section aria-labelledby="order-admin-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      {confirmElement}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="order-admin-title" className="text-lg font-semibold text-gray-900">
            {t('orderTitle', { number: order.orderNumber })}
          </h2>
          <p className="text-sm text-gray-600">
            {order.orgName} · {order.ordercat} · {t('createdOn', { date: formatDisplayDate(order.createdAt.slice(0, 10)) })}
            {order.completed && ` · ${t('completedOn', { date: formatDisplayDate(order.completed) })}`}
          </p>
        </div>
        <OrderStateTag state={order.state} />
      </div>

      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <h3 className="font-semibold text-gray-900">{t('contact')}</h3>
          <p>{order.contact.address}</p>
          <p>{order.contact.street}</p>
          <p>
            {order.contact.zip} {order.contact.city}
          </p>
        </div>
        {order.state === 'created' && bank && (
          <div>
            <h3 className="font-semibold text-gray-900">{t('bankTitle')}</h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3">
              <dt>{t('bankName')}</dt>
              <dd>{bank.name}</dd>
              <dt>{t('bankIban')}</dt>
              <dd className="tabular-nums">{bank.iban.replace(/(.{4})/g, '$1 ').trim()}</dd>
              <dt>{t('bankBic')}</dt>
              <dd>{bank.bic}</dd>
              <dt>{t('bankReference')}</dt>
              <dd className="tabular-nums">{order.invoiceReference}</dd>
            </dl>
          </div>
        )}
        {order.invoiceNumber && (
          <div>
            <h3 className="font-semibold text-gray-900">{t('invoice', { number: order.invoiceNumber })}</h3>
            <p>{t('reference', { reference: order.invoiceReference })}</p>
            <p>{t('bankHint')}</p>
          </div>
        )}
      </div>

      <div className="space-y-2">
        <ListSearch label={t('searchItems')} value={query} onSearch={setQuery} />
        <BriefTable
          label={t('itemsLabel')}
          columns={[
            { key: 'item', header: t('col.item') },
            { key: 'print', header: t('col.print') },
            { key: 'sum', header: t('col.sum'), align: 'right' },
            ...(editable ? [{ key: 'remove', header: t('col.remove') }] : []),
          ]}
          emptyText={t('noItems')}
          isEmpty={shown.length === 0}
          pageSize={null}
          footer={
            <tr>
              <BriefFooterLabel colSpan={2}>{t('total')}</BriefFooterLabel>
              <BriefCell align="right" className="font-semibold" testId="order-admin-total">
                {euros(order.summary.price, locale)}
              </BriefCell>
              {editable && <td />}
            </tr>
          }
        >
          {shown.map((i) => {
            const name = i.mgId === null ? (i.label ?? '') : `${i.firstName} ${i.surname}`;
            const isMarked = i.mgId !== null && marked.includes(i.mgId);
            return (
              <tr key={i.id} className={isMarked ? MARKED_REMOVAL_ROW : undefined}>
                <BriefCell>{name}</BriefCell>
                <BriefCell>{i.mgId === null ? '' : i.params.print ? t('yes') : t('no')}</BriefCell>
                <BriefCell align="right">{euros(i.params.sum, locale)}</BriefCell>
                {editable && (
                  <BriefCell>
                    {i.mgId !== null && (
                      <PersonCheckbox
                        label={t('markRemove', { name })}
                        checked={isMarked}
                        onChange={(remove) => setMarked((m) => (remove ? [...m, i.mgId!] : m.filter((x) => x !== i.mgId)))}
                      />
                    )}
                  </BriefCell>
                )}
              </tr>
            );
          })}
        </BriefTable>
      </div>

      <div className="flex flex-wrap gap-2" aria-label={t('downloads')} role="group">
        <OrderDocumentLinks order={order} />
        {actingLevel < 2 &&
          order.ordercat.startsWith('JAHRESLIZENZ') &&
          (orderLicencesHeld(order) ? (
            <>
              <DownloadLink className="text-sm font-medium text-brand hover:underline" href={download('licenses')}>
                {t('downloadCards')}
              </DownloadLink>
              <DownloadLink className="text-sm font-medium text-brand hover:underline" href={download('attachment')}>
                {t('downloadLetter')}
              </DownloadLink>
            </>
          ) : (
            <p className="text-sm text-gray-600">{t('noCards')}</p>
          ))}
      </div>

      {(federation || editable) && (
        <div className="flex flex-wrap gap-2 border-t border-gray-200 pt-3">
          {editable && (
            <Button
              variant="secondary"
              disabled={busy || marked.length === 0}
              onClick={() => run(t('removeConfirm', { count: marked.length }), saveMarked, true)}
            >
              {t('save')}
            </Button>
          )}
          {can('release') && (
            <Button disabled={busy} onClick={() => run(t('releaseConfirm', { number: order.orderNumber }), () => move('release'))}>
              {t('release')}
            </Button>
          )}
          {can('sendBack') && (
            <Button variant="secondary" disabled={busy} onClick={() => run(t('sendBackConfirm'), () => move('sendBack'), true)}>
              {t('sendBack')}
            </Button>
          )}
          {can('refund') && (
            <Button variant="danger" disabled={busy} onClick={() => run(t('refundConfirm'), () => move('refund'), true)}>
              {t('refund')}
            </Button>
          )}
        </div>
      )}

      <section aria-labelledby="order-comments" className="space-y-2 border-t border-gray-200 pt-3">
        <h3 id="order-comments" className="font-semibold text-gray-900">
          {t('comments')}
        </h3>
        {order.comment.messages.length === 0 ? (
          <p className="text-sm text-gray-600">{t('noComments')}</p>
        ) : (
          <ul className="space-y-2">
            {order.comment.messages.map((m, i) => (
              <li key={`${m.timestamp}-${i}`} className="rounded-md bg-gray-50 p-2 text-sm">
                <span className="font-medium">{m.name}</span>{' '}
                <span className="text-xs text-gray-600">{formatDisplayDate(m.timestamp.slice(0, 10))}</span>
                <p className="whitespace-pre-wrap">{m.content}</p>
              </li>
            ))}
          </ul>
        )}
        {canComment && (
          <>
            <textarea
              aria-label={t('commentLabel')}
              rows={2}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
            />
            <Button size="sm" disabled={busy || comment.trim() === ''} onClick={sendComment}>
              {t('sendComment')}
            </Button>
          </>
        )}
      </section>
    </section>
  );
}
