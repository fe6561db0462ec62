import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { SystemRole, User } from '@/lib/api/types';
import { displayName, formsFor, organisationsOf, proxiedImageSrc } from '@/lib/domain/shell';
import { FormSelect } from './form-select';
import { Logo } from './logo';
import { OrgSelect } from './org-select';
import { UserMenu } from './user-menu';

export interface HeaderProps {
  user: User;
  systemRoles: SystemRole[];
  orgId?: number;
  funkId?: number;
}

/** Logo, organisation selector, form selector (by funkId) and the avatar menu (core §2, §6). */
export async function Header({ user, systemRoles, orgId, funkId }: HeaderProps) {
  const t = await getTranslations('shell');
  const tc = await getTranslations('common');
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-2">
        <Link href="/" aria-label={t('logo')} className="flex items-center gap-2 text-brand-dark">
          <Logo />
          <span className="hidden text-lg font-semibold sm:inline">{tc('appName')}</span>
        </Link>
        <div className="flex flex-1 flex-wrap items-center gap-3">
          <OrgSelect organisations={organisationsOf(user.rolesOrg)} selectedOrgId={orgId} />
          <FormSelect orgId={orgId} forms={formsFor(systemRoles, orgId)} selectedFunkId={funkId} />
        </div>
        <UserMenu name={displayName(user)} email={user.email} imageSrc={proxiedImageSrc(user.imageLink)} />
      </div>
    </header>
  );
}
