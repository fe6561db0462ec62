'use client';

import type { ReactNode, Ref } from 'react';
import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import type { Member } from '@/lib/api/member-types';
import { formatDisplayDate, isOpenEnded } from '@/lib/domain/dates';
import { MemberPhoto } from './member-photo';

export interface MemberCardProps {
  member: Member | null;
  canUpload: boolean;
  /** Edit / save / cancel / delete buttons. */
  actions?: ReactNode;
  /** The name heading; focus moves there when another member is opened. */
  headingRef?: Ref<HTMLHeadingElement>;
}

type LicenceStatus = 'none' | 'active' | 'upcoming' | 'expired' | 'unlimited';

/**
 * The licence state as the profile card shows it, from the API's state of the shown licence:
 * active while a licence is valid today (the shown one may be next year's that continues it),
 * upcoming when the held one has not started yet ('künftig', never 'abgelaufen'), else expired.
 */
export function licenceStatus(licence: Member['licence']): LicenceStatus {
  if (!licence) return 'none';
  if (isOpenEnded(licence.dateTo)) return 'unlimited';
  return licence.state === 'ended' ? 'expired' : licence.state;
}

/** Photo, name, registration number, memberships and licence status of the member. */
export function MemberCard({ member, canUpload, actions, headingRef }: MemberCardProps) {
  const t = useTranslations('members');
  const name = member ? [member.firstName, member.middleName, member.surname].filter(Boolean).join(' ') : t('newMember');
  const status = licenceStatus(member?.licence ?? null);
  const memberships = member?.organizations ?? [];

  const badge: Record<LicenceStatus, { text: string; className: string }> = {
    none: { text: t('card.noLicence'), className: 'bg-gray-100 text-gray-700' },
    active: { text: t('card.licenceActive'), className: 'bg-green-100 text-green-800' },
    unlimited: { text: t('unlimited'), className: 'bg-green-100 text-green-800' },
    upcoming: { text: t('card.licenceUpcoming'), className: 'bg-blue-100 text-blue-800' },
    expired: { text: t('card.licenceExpired'), className: 'bg-red-100 text-red-800' },
  };

  return (
    <section aria-label={t('card.title')} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-5 sm:flex-row">
        <MemberPhoto memberId={member?.id ?? null} name={name} imageLink={member?.imageLink ?? null} canUpload={canUpload} />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-gray-900 focus:outline-none">
                {name}
              </h2>
              {member && (
                <p className="text-sm text-gray-600">
                  {[
                    member.regNr ? `${t('card.regNr')} ${member.regNr}` : null,
                    formatDisplayDate(member.birthDate),
                    `${t('card.ageClass')}: ${member.ageClass}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
            </div>
            {actions}
          </div>

          {member && (
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-medium text-gray-500">{t('card.memberships')}</dt>
                <dd>
                  {memberships.length === 0 ? (
                    <span className="text-gray-500">{t('card.noMemberships')}</span>
                  ) : (
                    <ul className="space-y-0.5">
                      {memberships.map((m) => (
                        <li key={m.funkMgId} className={cn(!m.active && 'text-gray-600')}>
                          {m.orgName}{' '}
                          <span className="text-xs">
                            (
                            {isOpenEnded(m.dateTo)
                              ? t('card.since', { date: formatDisplayDate(m.dateFrom) })
                              : t('card.period', { from: formatDisplayDate(m.dateFrom), to: formatDisplayDate(m.dateTo) })}
                            )
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-gray-500">{t('card.licence')}</dt>
                <dd className="flex flex-wrap items-center gap-2">
                  <span
                    data-testid="licence-status"
                    className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', badge[status].className)}
                  >
                    {badge[status].text}
                  </span>
                  {member.licence && (
                    <span className="text-gray-700">
                      {isOpenEnded(member.licence.dateTo)
                        ? t('card.licenceAtUnlimited', { org: member.licence.orgName })
                        : status === 'upcoming'
                          ? t('card.licenceFrom', {
                              org: member.licence.orgName,
                              from: formatDisplayDate(member.licence.dateFrom),
                              to: formatDisplayDate(member.licence.dateTo),
                            })
                          : t('card.licenceAt', { org: member.licence.orgName, date: formatDisplayDate(member.licence.dateTo) })}
                    </span>
                  )}
                </dd>
              </div>
            </dl>
          )}
        </div>
      </div>
    </section>
  );
}
