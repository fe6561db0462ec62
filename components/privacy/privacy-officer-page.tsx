import { getTranslations } from 'next-intl/server';
import { ApiError } from '@/lib/api/errors';
import { personForOfficer, type OfficerPerson } from '@/lib/api/privacy';
import type { FormPageProps } from '@/lib/form-page-props';
import { PrivacyOfficerScreen } from './lazy';

/**
 * Form 1007, the federation's data-protection officer: find any person of the federation (name,
 * birth year, registration number and organisations only) and open their 'Datenschutz' tab with
 * who read their record. Nothing here changes, exports or erases (lib/domain/privacy/rights.ts).
 */
export async function PrivacyOfficerPage({ orgId, funkId, id }: FormPageProps) {
  const t = await getTranslations('privacyOfficer');
  const memberId = id && /^\d{1,9}$/.test(id) ? Number(id) : null;
  let person: OfficerPerson | null = null;
  let failed = id !== undefined && memberId === null;
  if (memberId !== null) {
    try {
      person = await personForOfficer(memberId);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failed = true;
    }
  }
  return <PrivacyOfficerScreen orgId={orgId} funkId={funkId} person={person} failedText={failed ? t('notFound') : null} />;
}
