'use client';

import { useTranslations } from 'next-intl';
import { Controller, type useForm } from 'react-hook-form';
import type { MessageAudience } from '@/lib/schemas/messages';
import { formatDisplayDate } from '@/lib/domain/dates';
import { MESSAGE_MEDIA } from '@/lib/domain/messages/delivery';
import { MultiSelect } from '@/components/ui/multi-select';
import { Select } from '@/components/ui/select';
import type { MessageFormValues } from './message-view';

/**
 * Who a message reaches and how: roles (required), organisations, events, news categories, media
 * and the reply-to address, chosen from the audience the API offers. Roles, organisations, media
 * and reply-to are locked while the message is not visible (`audienceDisabled`).
 */
export function MessageAudienceFields({
  form,
  audience,
  disabled,
  audienceDisabled,
  err,
}: {
  form: ReturnType<typeof useForm<MessageFormValues>>;
  audience: MessageAudience;
  disabled: boolean;
  audienceDisabled: boolean;
  err: (name: keyof MessageFormValues) => string | undefined;
}) {
  const t = useTranslations('messageCentre');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Controller
        control={form.control}
        name="roles"
        render={({ field }) => (
          <MultiSelect
            label={`${t('roles')} *`}
            options={audience.roles.map((r) => ({ value: r.id, label: r.name }))}
            value={field.value}
            onChange={field.onChange}
            disabled={audienceDisabled}
            error={err('roles')}
            filterLabel={t('filter')}
            chosenText={(count) => t('chosen', { count })}
            emptyText={t('nothingToChoose')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="organizations"
        render={({ field }) => (
          <MultiSelect
            label={t('organisations')}
            options={audience.organizations.map((o) => ({ value: o.id, label: o.name }))}
            value={field.value}
            onChange={field.onChange}
            disabled={audienceDisabled}
            filterLabel={t('filter')}
            chosenText={(count) => t('chosen', { count })}
            emptyText={t('nothingToChoose')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => (
          <MultiSelect
            label={t('events')}
            options={audience.events.map((e) => ({ value: e.id, label: `${e.name} (${formatDisplayDate(e.start)})` }))}
            value={field.value}
            onChange={field.onChange}
            disabled={disabled}
            filterLabel={t('filter')}
            chosenText={(count) => t('chosen', { count })}
            emptyText={t('noEvents')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="newscategory"
        render={({ field }) => (
          <MultiSelect
            label={t('categories')}
            options={audience.categories.map((c) => ({ value: c, label: c }))}
            value={field.value}
            onChange={field.onChange}
            disabled={disabled}
            filterLabel={t('filter')}
            emptyText={t('nothingToChoose')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="media"
        render={({ field }) => (
          <MultiSelect
            label={t('media')}
            options={MESSAGE_MEDIA.map((m) => ({ value: m, label: t(`mediaTypes.${m}`) }))}
            value={field.value}
            onChange={field.onChange}
            disabled={audienceDisabled}
            error={form.formState.errors.media?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="replyTo"
        render={({ field }) => (
          <Select
            label={t('replyTo')}
            value={field.value}
            onValueChange={field.onChange}
            options={audience.replyTo.map((r) => ({ value: r.value, label: `${r.title} <${r.value}>` }))}
            placeholder={audience.replyTo.length ? t('choose') : t('noReplyTo')}
            disabled={audienceDisabled || audience.replyTo.length === 0}
            error={form.formState.errors.replyTo?.message}
          />
        )}
      />
    </div>
  );
}
