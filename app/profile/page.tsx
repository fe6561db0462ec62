import { ChangePasswordForm } from '@/components/profile/change-password-form';
import { ProfileDetails } from '@/components/profile/profile-details';
import { ProfilePicture } from '@/components/profile/profile-picture';
import { SignOutEverywhere } from '@/components/profile/sign-out-everywhere';
import { loadShell } from '@/components/shell/load-shell';
import { SignedInLayout } from '@/components/shell/signed-in-layout';
import { getCountries } from '@/lib/api/user';
import { twoFactorStatus } from '@/lib/api/two-factor';
import { TwoFactorSection } from '@/components/profile/two-factor-section';
import { getTranslations } from 'next-intl/server';
import type { Metadata } from 'next';
import { displayName, formsFor, holdsOrganisation, proxiedImageSrc } from '@/lib/domain/shell';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('shell'))('profileTitle') };
}

/**
 * /admin/profile: the signed-in user's data, picture, password, second factors and sign-out everywhere. The header keeps the
 * organisation and form the user came from (?o=&f=), when they still hold them.
 */
export default async function ProfilePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ user, systemRoles }, countries, query, twoFactor] = await Promise.all([
    loadShell(),
    getCountries(),
    searchParams,
    // an upstream without two-factor sign-in: the profile goes without the card
    twoFactorStatus().catch(() => null),
  ]);
  const o = Number(query.o);
  const orgId = Number.isInteger(o) && o > 0 && holdsOrganisation(user.rolesOrg, systemRoles, o) ? o : undefined;
  const f = Number(query.f);
  const funkId = orgId && formsFor(systemRoles, orgId).some((form) => form.funkId === f) ? f : undefined;
  const t = await getTranslations('shell');
  return (
    <SignedInLayout user={user} systemRoles={systemRoles} orgId={orgId} funkId={funkId}>
      <h1 className="mb-4 text-2xl font-semibold text-gray-900">{t('profileTitle')}</h1>
      <div className="grid gap-6 lg:grid-cols-[240px_1fr]">
        <ProfilePicture mgId={user.mg_id} name={displayName(user)} imageSrc={proxiedImageSrc(user.imageLink)} />
        <div className="space-y-6">
          <ProfileDetails user={user} countries={countries} />
          <ChangePasswordForm />
          {twoFactor && <TwoFactorSection status={twoFactor} />}
          <SignOutEverywhere />
        </div>
      </div>
    </SignedInLayout>
  );
}
