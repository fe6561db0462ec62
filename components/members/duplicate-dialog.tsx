'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { DuplicateCandidate } from '@/lib/api/member-types';
import { formatDisplayDate } from '@/lib/domain/dates';

export interface DuplicateDialogProps {
  candidates: DuplicateCandidate[] | null;
  /** The club creating the member; connecting is offered only when creating in a club. */
  orgId: number;
  canConnect: boolean;
  busy: boolean;
  onConnect: (candidate: DuplicateCandidate) => void;
  onOpen: (candidate: DuplicateCandidate) => void;
  onCreateNew: () => void;
  onClose: () => void;
}

/**
 * 'Mitglied existiert bereits' (core §4): the near-matches the API found, each with why it matched.
 * The user connects an existing master record to the club (membership from today, no end) or
 * creates a new member anyway.
 */
export function DuplicateDialog({ candidates, orgId, canConnect, busy, onConnect, onOpen, onCreateNew, onClose }: DuplicateDialogProps) {
  const t = useTranslations('members');
  return (
    <Dialog
      open={candidates !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={t('duplicates.title')}
      description={t('duplicates.intro')}
      widthClassName="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="primary" onClick={onCreateNew} loading={busy}>
            {t('duplicates.createNew')}
          </Button>
        </>
      }
    >
      <ul className="space-y-3" aria-label={t('duplicates.title')}>
        {(candidates ?? []).map((c) => {
          const name = [c.firstName, c.middleName, c.surname].filter(Boolean).join(' ');
          const inThisClub = c.organizations.some((o) => o.orgId === orgId);
          return (
            <li key={c.id} className="rounded-md border border-gray-200 p-3" aria-label={name}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-gray-900">{name}</p>
                  <p className="text-gray-600">
                    {[
                      t('duplicates.born', { date: formatDisplayDate(c.birthDate) }),
                      t(`genders.${c.gender}`),
                      c.regNr,
                      [c.zip, c.city].filter(Boolean).join(' '),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="text-gray-600">
                    {c.organizations.length ? c.organizations.map((o) => o.orgName).join(', ') : t('duplicates.noClub')}
                  </p>
                  <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('duplicates.match', { score: c.score })}>
                    {c.reasons.map((r) => (
                      <li key={r} className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                        {t.has(`duplicates.reasons.${r}`) ? t(`duplicates.reasons.${r}`) : r}
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="text-xs text-gray-500">{t('duplicates.match', { score: c.score })}</span>
                  {canConnect && !inThisClub ? (
                    <Button size="sm" onClick={() => onConnect(c)} disabled={busy}>
                      {t('duplicates.connect')}
                    </Button>
                  ) : (
                    <Button size="sm" variant="secondary" onClick={() => onOpen(c)} disabled={busy}>
                      {t('duplicates.open')}
                    </Button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
