'use client';

import { useRef, useTransition } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { Avatar, initialsOf } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { BASE_PATH } from '@/lib/domain/shell';
import { signOut } from './actions';
import { hardNavigate } from '@/components/ui/hard-navigate';
import { LanguageSwitch } from '@/components/shared/language-switch';

export interface UserMenuProps {
  name: string;
  email: string | null;
  /** Browser address of the profile picture (through the /admin/api proxy), or null. */
  imageSrc: string | null;
  /** The profile page, keeping the organisation and form chosen in the header. */
  profileHref?: string;
}

/** The 64 px avatar with its popover: profile and inbox links, language switch, sign-out. */
export function UserMenu({ name, email, imageSrc, profileHref = '/profile' }: UserMenuProps) {
  const t = useTranslations('shell');
  const [signingOut, startSignOut] = useTransition();
  const profileLink = useRef<HTMLAnchorElement>(null);

  function handleSignOut() {
    startSignOut(async () => {
      await signOut();
      hardNavigate(BASE_PATH);
    });
  }

  return (
    <Popover.Root>
      <Popover.Trigger
        // starts with what is visible (the initials, or the picture's person) so voice control finds it
        aria-label={`${imageSrc ? name : initialsOf(name)} – ${t('userMenu')}`}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <Avatar src={imageSrc} name={name} size={64} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label={t('userMenu')}
          // opening lands on the first entry (the profile), not on the language switch
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            profileLink.current?.focus();
          }}
          className="z-50 w-64 rounded-lg border border-gray-200 bg-white p-4 shadow-lg"
        >
          <p className="truncate font-medium text-gray-900">{name}</p>
          {email && <p className="mb-3 truncate text-sm text-gray-500">{email}</p>}
          <nav className="flex flex-col gap-3">
            <Popover.Close asChild>
              <Link ref={profileLink} href={profileHref} className="text-sm font-medium text-brand hover:underline">
                {t('profile')}
              </Link>
            </Popover.Close>
            <Popover.Close asChild>
              <Link href="/inbox" className="text-sm font-medium text-brand hover:underline">
                {t('inbox')}
              </Link>
            </Popover.Close>
            <LanguageSwitch className="self-start" />
            <Button variant="secondary" onClick={handleSignOut} loading={signingOut}>
              {t('signOut')}
            </Button>
          </nav>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
