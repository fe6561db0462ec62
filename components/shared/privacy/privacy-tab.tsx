'use client';

import { useEffect, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { BriefCell, BriefTable } from '@/components/ui/brief-table';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SimplePager } from '@/components/ui/simple-pager';
import { ExportLinks } from './export-links';
import type { Erasure, PersonReads } from '@/lib/api/privacy';
import { formatDisplayDate, formatDisplayDateTime } from '@/lib/domain/dates';
import type { PrivacyRights } from '@/lib/domain/privacy/rights';
import { BASE_PATH, formPath } from '@/lib/domain/shell';
import { eraseMemberAction, erasurePlanAction, personReadsAction } from './actions';

export interface PrivacyTabProps {
  memberId: number;
  memberName: string;
  orgId: number;
  funkId: number;
  rights: PrivacyRights;
}

/**
 * The member's 'Datenschutz' tab: the person's data export (JSON, PDF, ZIP), the erasure (its plan
 * first, then 'Endgültig löschen' after a Ja) and, for the data-protection officer, who read the
 * record. Shown only to callers the API lets do this (see lib/domain/privacy/rights.ts).
 */
export function PrivacyTab({ memberId, memberName, orgId, funkId, rights }: PrivacyTabProps) {
  const t = useTranslations('privacy');
  return (
    <div className="space-y-4">
      {rights.exportAndErase && (
        <>
          <Card title={t('download.title')}>
            <p className="mb-3 text-sm text-gray-700">{t('download.hint')}</p>
            <ExportLinks path={`${BASE_PATH}/api/v1/admin/members/${memberId}/export`} />
          </Card>
          <ErasureSection memberId={memberId} memberName={memberName} listPath={formPath(orgId, funkId)} />
        </>
      )}
      {rights.readTrail && <ReadTrail memberId={memberId} />}
    </div>
  );
}

function ErasureSection({ memberId, memberName, listPath }: { memberId: number; memberName: string; listPath: string }) {
  const t = useTranslations('privacy.erase');
  const tp = useTranslations('personPlaces');
  const router = useRouter();
  const [plan, setPlan] = useState<Erasure | null>(null);
  const [busy, startTransition] = useTransition();
  const [confirmElement, confirm] = useConfirm();

  function loadPlan() {
    startTransition(async () => {
      const result = await settleAction(erasurePlanAction({ memberId }));
      if (applyActionResult(result)) setPlan(result.data);
    });
  }

  async function erase() {
    const yes = await confirm(t('confirm', { name: memberName }), { tone: 'danger', title: t('confirmTitle') });
    if (!yes) return;
    startTransition(async () => {
      const result = await settleAction(eraseMemberAction({ memberId, name: memberName }));
      if (applyActionResult(result)) {
        router.push(listPath);
        router.refresh();
        return;
      }
      // refused (an order opened or a function began meanwhile): show the reasons as they are now
      if (result.code === 'erasure_refused') {
        const fresh = await settleAction(erasurePlanAction({ memberId }));
        if (fresh.ok) setPlan(fresh.data);
      }
    });
  }

  const place = (p: string) => {
    const key = p.replace(/\./g, '__');
    return tp.has(key) ? tp(key) : p;
  };
  const reason = (code: string, fallback: string) => (t.has(`reasons.${code}`) ? t(`reasons.${code}`) : fallback);
  // the API's reason as code and parameters, in the screen's language (its English sentence if the code is new)
  const refusalText = (r: Erasure['refusals'][number]) => {
    if (!t.has(`refusalDetails.${r.code}`)) return r.message;
    const params = { ...r.params };
    if (typeof params.dateTo === 'string') params.dateTo = formatDisplayDate(params.dateTo);
    return t(`refusalDetails.${r.code}`, params);
  };
  const action = (a: string) => (t.has(`actions.${a}`) ? t(`actions.${a}`) : a);
  // places that hold nothing of the person are left out: the plan lists what happens
  const rows = plan ? plan.plan.filter((item) => item.rows > 0) : [];

  return (
    <Card title={t('title')}>
      {confirmElement}
      <p className="mb-3 text-sm text-gray-700">{t('hint')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={loadPlan} loading={busy && plan === null}>
          {t('plan')}
        </Button>
        {plan?.allowed && (
          <Button variant="danger" onClick={() => void erase()} loading={busy}>
            {t('eraseNow')}
          </Button>
        )}
      </div>
      {plan && (
        <div className="mt-4 space-y-4">
          {plan.refusals.length > 0 ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-medium">{t('refusalsTitle')}</p>
              <ul className="mt-1 list-disc pl-5">
                {plan.refusals.map((r, i) => (
                  <li key={`${r.code}-${i}`}>
                    <span className="font-medium">{t.has(`refusals.${r.code}`) ? t(`refusals.${r.code}`) : r.code}</span>: {refusalText(r)}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p role="status" className="text-sm text-gray-700">
              {t('allowed')}
            </p>
          )}
          <BriefTable
            label={t('planTable')}
            columns={[
              { key: 'what', header: t('what') },
              { key: 'action', header: t('action') },
              { key: 'rows', header: t('rows') },
              { key: 'keptUntil', header: t('keptUntil') },
              { key: 'reason', header: t('reason') },
            ]}
            emptyText={t('emptyPlan')}
            isEmpty={rows.length === 0}
            pageSize={null}
          >
            {rows.map((item) => (
              <tr key={item.place}>
                <BriefCell>{place(item.place)}</BriefCell>
                <BriefCell>{action(item.action)}</BriefCell>
                <BriefCell className="tabular-nums">{item.rows}</BriefCell>
                <BriefCell>{item.keptUntil ? formatDisplayDate(item.keptUntil) : ''}</BriefCell>
                <BriefCell>{reason(item.code, item.reason)}</BriefCell>
              </tr>
            ))}
          </BriefTable>
        </div>
      )}
    </Card>
  );
}

/** Who read the person's record, newest first, a page at a time (the data-protection officer). */
function ReadTrail({ memberId }: { memberId: number }) {
  const t = useTranslations('privacy.reads');
  const tc = useTranslations('common');
  const [page, setPage] = useState(1);
  const [reads, setReads] = useState<PersonReads | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void settleAction(personReadsAction({ memberId, page })).then((result) => {
      if (!current) return;
      if (result.ok) {
        setReads(result.data);
        setFailed(false);
      } else setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [memberId, page]);

  const pages = reads ? Math.max(1, Math.ceil(reads.total / reads.size)) : 1;
  const kind = (k: string) => (t.has(`kinds.${k}`) ? t(`kinds.${k}`) : k);
  return (
    <Card title={t('title')}>
      {failed ? (
        <p role="alert" className="text-sm text-red-800">
          {t('loadFailed')}
        </p>
      ) : reads ? (
        <>
          <BriefTable
            label={t('table')}
            columns={[
              { key: 'at', header: t('at') },
              { key: 'by', header: t('by') },
              { key: 'kind', header: t('kind') },
            ]}
            emptyText={t('empty')}
            isEmpty={reads.items.length === 0}
            pageSize={null}
          >
            {reads.items.map((r, i) => (
              <tr key={`${r.at}-${r.readBy}-${i}`}>
                <BriefCell className="tabular-nums">{formatDisplayDateTime(r.at)}</BriefCell>
                <BriefCell>{r.readerName ?? t('unknownReader', { id: r.readBy })}</BriefCell>
                <BriefCell>{kind(r.kind)}</BriefCell>
              </tr>
            ))}
          </BriefTable>
          <SimplePager page={page} pages={pages} onPage={setPage} />
        </>
      ) : (
        <p className="text-sm text-gray-600" aria-busy="true">
          {tc('loading')}
        </p>
      )}
    </Card>
  );
}
