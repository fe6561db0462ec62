'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { DuplicateCandidate, MemberTargetOrg } from '@/lib/api/member-types';
import { formatDisplayDate } from '@/lib/domain/dates';
import type { MergePairLink } from '@/lib/schemas/member-merge';
import { duplicatesPairHref } from './duplicates/pair-link';
import { OrgPicker } from './org-picker';

export interface DuplicateDialogProps {
  candidates: DuplicateCandidate[] | null;
  /** The club creating the member; connecting is offered only when creating in a club. */
  orgId: number;
  canConnect: boolean;
  /**
   * The federation creates outside any club: it chooses the club to connect the existing member
   * to from these. Absent or null: connecting goes to `orgId`.
   */
  clubs?: MemberTargetOrg[] | null;
  busy: boolean;
  onConnect: (candidate: DuplicateCandidate, clubId: number) => void;
  onOpen: (candidate: DuplicateCandidate) => void;
  onCreateNew: () => void;
  /**
   * The entered e-mail when another person already has it: the e-mail stays unique, so the dialog
   * says so and offers creating the member without it instead of creating it anyway.
   */
  takenEmail?: string | null;
  onCreateWithoutEmail?: () => void;
  /**
   * Two candidates the duplicates report holds as one person, for a caller the API lets merge
   * them: each links to that pair in the 'Duplikate' view, to merge instead of adding a third.
   */
  mergePairs?: MergePairLink[];
  onClose: () => void;
}

/**
 * 'Mitglied existiert bereits': the near-matches the API found, each with why it matched.
 * The user connects an existing master record to the club (membership from today, no end) or
 * creates a new member anyway. Only candidates found by name and birth date carry the proof that
 * connecting needs; one found by e-mail alone cannot be connected.
 */
export function DuplicateDialog({
  candidates,
  orgId,
  canConnect,
  clubs,
  busy,
  onConnect,
  onOpen,
  onCreateNew,
  onClose,
  takenEmail = null,
  onCreateWithoutEmail,
  mergePairs = [],
}: DuplicateDialogProps) {
  const t = useTranslations('members');
  const tm = useTranslations('merge.check');
  const fullName = (c: DuplicateCandidate) => [c.firstName, c.middleName, c.surname].filter(Boolean).join(' ');
  const byId = new Map((candidates ?? []).map((c) => [c.id, c]));
  const shownPairs = mergePairs.filter((p) => byId.has(p.aId) && byId.has(p.bId));
  const choosing = Boolean(clubs && clubs.length > 0);
  const [chosenClub, setChosenClub] = useState<number | null>(null);
  const clubId = choosing ? chosenClub : orgId;
  const connectable = canConnect || choosing;
  const chosenName = clubs?.find((c) => c.id === chosenClub)?.name;
  return (
    <Dialog
      open={candidates !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={t('duplicates.title')}
      description={choosing ? t('duplicates.introFederation') : t('duplicates.intro')}
      widthClassName="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          {takenEmail && onCreateWithoutEmail ? (
            <Button variant="primary" onClick={onCreateWithoutEmail} loading={busy}>
              {t('duplicates.createWithoutEmail')}
            </Button>
          ) : (
            <Button variant="primary" onClick={onCreateNew} loading={busy}>
              {t('duplicates.createNew')}
            </Button>
          )}
        </>
      }
    >
      {choosing && clubs && (
        <div className="mb-4">
          <OrgPicker
            label={t('duplicates.club')}
            placeholder={t('orgPicker.chooseClub')}
            orgs={clubs}
            value={chosenClub}
            onChange={setChosenClub}
          />
          {chosenClub === null && <p className="mt-1 text-xs text-gray-500">{t('duplicates.chooseClubFirst')}</p>}
        </div>
      )}
      {takenEmail && (
        <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
          {t('duplicates.emailTaken', { email: takenEmail })}
        </p>
      )}
      <ul className="space-y-3" aria-label={t('duplicates.title')}>
        {(candidates ?? []).map((c) => {
          const name = fullName(c);
          const inThisClub = clubId !== null && c.organizations.some((o) => o.orgId === clubId);
          return (
            <li key={c.id} className="rounded-md border border-gray-200 p-3" aria-label={name}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-gray-900">{name}</p>
                  <p className="text-gray-600">
                    {[
                      c.birthDate && t('duplicates.born', { date: formatDisplayDate(c.birthDate) }),
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
                  {connectable && !inThisClub && c.proof && (
                    <Button
                      size="sm"
                      onClick={() => clubId !== null && onConnect(c, clubId)}
                      disabled={busy || clubId === null}
                      title={chosenName}
                    >
                      {t('duplicates.connect')}
                    </Button>
                  )}
                  {connectable && !inThisClub && !c.proof && (
                    <span className="max-w-56 text-right text-xs text-gray-600">
                      {c.reasons.every((r) => r === 'same_email') ? t('duplicates.emailOnly') : t('duplicates.noProof')}
                    </span>
                  )}
                  {/* the federation sees every member; a club only its own, so it opens only those */}
                  {(!connectable || inThisClub || choosing) && (
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
      {shownPairs.length > 0 && (
        <ul className="mt-4 space-y-2" aria-label={tm('label')}>
          {shownPairs.map((p) => (
            <li key={`${p.aId}-${p.bId}`} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <p>{tm('pair', { a: fullName(byId.get(p.aId)!), b: fullName(byId.get(p.bId)!) })}</p>
              <Link href={duplicatesPairHref(p.orgId, p.aId, p.bId)} className="font-medium underline">
                {tm('open')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
