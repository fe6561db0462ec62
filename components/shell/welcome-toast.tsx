'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { notify } from '@/components/ui/toast';
import { BASE_PATH } from '@/lib/domain/shell';
import { WELCOME_PARAM } from './welcome-param';

/**
 * The success toast after signing in, shown when the start page is on screen, and the address
 * put back to /admin (a reload then shows the start page without greeting again).
 */
export function WelcomeToast() {
  const t = useTranslations('signIn');
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get(WELCOME_PARAM) !== '1') return;
    notify.success(t('success'));
    window.history.replaceState(null, '', `${BASE_PATH}/`);
  }, [t]);
  return null;
}
