import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getMessageAudience, getMessages } from '@/lib/api/messages';
import { MESSAGE_PAGE_SIZE } from '@/lib/domain/messages/delivery';
import { MessageCentreScreen } from './lazy';

/** Form 1006: the organisation's messages on the left, one (or a new one) with its delivery status on the right. */
export async function MessageCentrePage({ orgId }: FormPageProps) {
  const t = await getTranslations();
  let data;
  try {
    data = await Promise.all([getMessages(orgId, { page: 1, size: MESSAGE_PAGE_SIZE }), getMessageAudience(orgId)]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return (
      <PageMessage tone="alert" title={t('messageCentre.loadFailed')}>
        {t(`errors.${errorMessageKey(error)}`)}
      </PageMessage>
    );
  }
  return <MessageCentreScreen orgId={orgId} list={data[0]} audience={data[1]} />;
}
