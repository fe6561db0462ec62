import { getLocale, getTranslations } from 'next-intl/server';
import { Card } from '@/components/ui/card';
import type { Country, User } from '@/lib/api/types';
import { formatDisplayDate } from '@/lib/domain/dates';
import { displayName } from '@/lib/domain/shell';

/** Every field of the signed-in user's profile (/profile), dates as DD.MM.YYYY. */
export async function ProfileDetails({ user, countries }: { user: User; countries: Country[] }) {
  const t = await getTranslations('profile');
  const locale = await getLocale();
  const country = countries.find((c) => c.id === user.nationality);
  const nationality = country ? (locale === 'en' ? country.nameEn : country.nameDe) : '';
  const gender = user.gender && ['m', 'w', 'd'].includes(user.gender) ? t(`genders.${user.gender}`) : '';

  const rows: [string, string][] = [
    [t('name'), displayName({ givenName: user.givenName, familyName: user.familyName })],
    [t('birthDate'), formatDisplayDate(user.birthDate)],
    [t('gender'), gender],
    [t('nationality'), nationality],
    [t('email'), user.email ?? ''],
    [t('cellPhone'), user.cellPhone ?? ''],
    [t('companyPhone'), user.companyPhone ?? ''],
    [t('licenseNumber'), user.jr_id == null ? '' : String(user.jr_id)],
    [t('city'), user.city ?? ''],
    [t('street'), user.address ?? ''],
    [t('zip'), user.zip ?? ''],
  ];

  return (
    <Card title={t('title')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-gray-500">{label}</dt>
            <dd className="text-sm text-gray-900">{value || '–'}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
