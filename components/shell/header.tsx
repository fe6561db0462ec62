import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { SystemRole, User } from '@/lib/api/types';
import { displayName, formsFor, holdsOrganisation, organisationsOf, proxiedImageSrc, shellContextQuery } from '@/lib/domain/shell';
import { FormSelect } from './form-select';
import { Logo } from '@/components/ui/logo';
import { OrgSelect } from './org-select';
import { UserMenu } from './user-menu';

export interface HeaderProps {
  user: User;
  systemRoles: SystemRole[];
  orgId?: number;
  funkId?: number;
}

/**
 * Skip link, logo, organisation selector, form selector (by funkId) and the avatar menu. The
 * profile link keeps the chosen organisation and form, so coming back loses nothing.
 */
export async function Header({ user, systemRoles, orgId, funkId }: HeaderProps) {
  const t = await getTranslations('shell');
  const tc = await getTranslations('common');
  // only an organisation the user holds is carried to the profile (not one of a refused address)
  const heldOrgId = orgId !== undefined && holdsOrganisation(user.rolesOrg, systemRoles, orgId) ? orgId : undefined;
  return (
    <header className="border-b border-gray-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-2">
        {/* the visible name is the link's name (a screen reader says what sighted users read) */}
        <Link href="/" title={t('logo')} className="flex items-center gap-2 text-brand-dark">
          <Logo />
          <span className="sr-only text-lg font-semibold sm:not-sr-only">{tc('appName')}</span>
        </Link>
        <div className="flex flex-1 flex-wrap items-center gap-3">
          <OrgSelect organisations={organisationsOf(user.rolesOrg)} selectedOrgId={orgId} />
          <FormSelect orgId={orgId} forms={formsFor(systemRoles, orgId)} selectedFunkId={funkId} />
        </div>
        <UserMenu
          name={displayName(user)}
          email={user.email}
          imageSrc={proxiedImageSrc(user.imageLink)}
          profileHref={`/profile${heldOrgId ? shellContextQuery(heldOrgId, funkId) : ''}`}
        />
      </div>
    </header>
  );
}
