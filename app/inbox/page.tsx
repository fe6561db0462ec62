import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InboxScreen } from '@/components/inbox/inbox-screen';
import { INBOX_PAGE_SIZE } from '@/components/inbox/inbox-view';
import { loadShell } from '@/components/shell/load-shell';
import { PageMessage } from '@/components/ui/page-message';
import { SignedInLayout } from '@/components/shell/signed-in-layout';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getNotifications } from '@/lib/api/messages';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('inbox'))('title') };
}

/** /admin/inbox: the signed-in person's notifications (?open={id} opens one) and push for this browser. */
export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ user, systemRoles }, query] = await Promise.all([loadShell(), searchParams]);
  const t = await getTranslations();
  const open = typeof query.open === 'string' && /^\d{1,10}$/.test(query.open) ? Number(query.open) : undefined;
  let page;
  try {
    page = await getNotifications({ page: 1, size: INBOX_PAGE_SIZE });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return (
      <SignedInLayout user={user} systemRoles={systemRoles}>
        <PageMessage tone="alert" title={t('inbox.loadFailed')}>
          {t(`errors.${errorMessageKey(error)}`)}
        </PageMessage>
      </SignedInLayout>
    );
  }
  return (
    <SignedInLayout user={user} systemRoles={systemRoles}>
      <InboxScreen initial={page} openId={open} />
    </SignedInLayout>
  );
}
