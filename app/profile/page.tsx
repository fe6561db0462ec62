import { ChangePasswordForm } from '@/components/profile/change-password-form';
import { ProfileDetails } from '@/components/profile/profile-details';
import { ProfilePicture } from '@/components/profile/profile-picture';
import { SignOutEverywhere } from '@/components/profile/sign-out-everywhere';
import { loadShell } from '@/components/shell/load-shell';
import { SignedInLayout } from '@/components/shell/signed-in-layout';
import { getCountries } from '@/lib/api/user';
import { displayName, proxiedImageSrc } from '@/lib/domain/shell';

export const dynamic = 'force-dynamic';

/** /admin/profile: the signed-in user's data, picture, password and sign-out everywhere. */
export default async function ProfilePage() {
  const [{ user, systemRoles }, countries] = await Promise.all([loadShell(), getCountries()]);
  return (
    <SignedInLayout user={user} systemRoles={systemRoles}>
      <div className="grid gap-6 lg:grid-cols-[240px_1fr]">
        <ProfilePicture mgId={user.mg_id} name={displayName(user)} imageSrc={proxiedImageSrc(user.imageLink)} />
        <div className="space-y-6">
          <ProfileDetails user={user} countries={countries} />
          <ChangePasswordForm />
          <SignOutEverywhere />
        </div>
      </div>
    </SignedInLayout>
  );
}
