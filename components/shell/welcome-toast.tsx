'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { notify } from '@/components/ui/toast';
import { BASE_PATH } from '@/lib/domain/shell';
import { WELCOME_PARAM } from '@/lib/welcome-param';

/**
 * The success toast after signing in, shown once the first signed-in page is on screen; the
 * parameter then leaves the address (a reload does not greet again; the start route shows as /admin).
 */
export function WelcomeToast() {
  const t = useTranslations('signIn');
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get(WELCOME_PARAM) !== '1') return;
    notify.success(t('success'));
    const url = new URL(window.location.href);
    url.searchParams.delete(WELCOME_PARAM);
    if (url.pathname === `${BASE_PATH}/start`) url.pathname = `${BASE_PATH}/`;
    window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  }, [t]);
  return null;
}
