'use client';

import { useEffect, useId, useMemo, useRef, useState, useTransition } from 'react';
import { GalleryFileInput } from '@/components/ui/gallery-file-input';
import { useTranslations } from 'next-intl';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { Message, MessageAudience } from '@/lib/schemas/messages';
import { GALLERY_MAX_BYTES, GALLERY_MAX_FILES } from '@/lib/domain/gallery';
import { formatDisplayDate } from '@/lib/domain/dates';
import { BASE_PATH } from '@/lib/domain/shell';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { LazyRichTextEditor } from '@/components/ui/lazy-rich-text-editor';
import { RichTextView } from '@/components/ui/rich-text-view';
import { ContentLanguageSelect } from '@/components/shared/content-language-select';
import { Switch } from '@/components/ui/switch';
import { Tabs } from '@/components/ui/tabs';
import { notify } from '@/components/ui/toast';
import { usePendingFiles } from '@/components/ui/hooks/use-pending-files';
import { useRequiredFlash } from '@/components/ui/hooks/use-required-flash';
import { useUnsavedChangesGuard } from '@/components/ui/hooks/use-unsaved-changes-guard';
import { removeMessage, removeMessageFile, sendMessage } from './actions';
import { missingMessageFields } from '@/lib/domain/messages/delivery';
import { MessageAttachments } from './message-attachments';
import { MessageAudienceFields } from './message-audience-fields';
import { MessageStatus } from './message-status';
import { MESSAGE_FLASH_MS, newMessageValues, toFormValues, toMessageInput, type MessageFormValues } from './message-view';

/** Roles, title and language are required. */
const resolver: Resolver<MessageFormValues> = async (values) => {
  const missing = missingMessageFields(values);
  if (missing.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(missing.map((name) => [name, { type: 'required', message: 'required' }])) };
};

export interface MessageFormProps {
  orgId: number;
  /** null: a new message. */
  message: Message | null;
  audience: MessageAudience;
  onSent: (m: Message) => void;
  onDeleted: () => void;
  onCancel: () => void;
  /** Whether the form holds typed text or chosen files not sent yet (the screen asks before replacing it). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * One message in two tabs: 'Nachricht' (what was or will be sent, to whom, how) and 'Status' (every
 * recipient's deliveries; not while a message is being written). A new message is written and sent
 * (after 'Versenden' Ja/Nein), its files uploaded after it was created; a sent one is read-only.
 * Missing required fields flash the form's border for 3.5 s.
 */
export function MessageForm({ orgId, message: initial, audience, onSent, onDeleted, onCancel, onDirtyChange }: MessageFormProps) {
  const t = useTranslations('messageCentre');
  const tc = useTranslations('common');
  const te = useTranslations('errors');
  const [message, setMessage] = useState(initial);
  const [editing, setEditing] = useState(initial === null);
  const [tab, setTab] = useState('message');
  const [flashing, flash] = useRequiredFlash(MESSAGE_FLASH_MS);
  const [busy, startTransition] = useTransition();
  const [confirmElement, confirm] = useConfirm();
  const fileInput = useRef<HTMLInputElement>(null);
  const formId = useId();
  const values = useMemo(() => (message ? toFormValues(message) : newMessageValues(audience.replyTo)), [message, audience.replyTo]);
  const form = useForm<MessageFormValues>({ resolver, defaultValues: values });
  const files = usePendingFiles<Message>({
    uploadUrl: (id) => `${BASE_PATH}/api/v1/admin/messages/upload/${id}`,
    removeFile: async (id, fileId) => {
      const res = await removeMessageFile({ id, fileId });
      return applyActionResult(res, null, { success: false }) ? (res.data as Message) : null;
    },
  });
  const dirty = editing && (form.formState.isDirty || files.pending);
  useUnsavedChangesGuard(dirty, () => confirm(tc('discardConfirm'), { tone: 'danger' }));
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const visible = useWatch({ control: form.control, name: 'visible' });
  const disabled = !editing || busy;
  const audienceDisabled = disabled || !visible;
  const err = (name: keyof MessageFormValues) => (form.formState.errors[name] ? t('requiredMissing') : undefined);

  const send = () =>
    form.handleSubmit(
      async (typed) => {
        // an existing message is not changed here: sending only ends the edit
        if (message) {
          setEditing(false);
          return;
        }
        if (!(await confirm(t('sendConfirm')))) return;
        startTransition(async () => {
          const res = await sendMessage({ values: toMessageInput(orgId, typed, files.added.length) });
          if (!applyActionResult(res, form, { success: t('saved') })) {
            if (res.code === 'validation') flash();
            return;
          }
          let sent = res.data as Message;
          if (files.pending) {
            const done = await files.commit(sent.id);
            if (done.record) sent = done.record;
            if (!done.ok && done.status !== 401)
              notify.error(t('filesFailed'), {
                description:
                  done.status === 415
                    ? t('wrongType')
                    : done.status === 413
                      ? te('tooLarge')
                      : done.status === 409
                        ? te('galleryFull', { max: GALLERY_MAX_FILES })
                        : undefined,
              });
          }
          form.reset(toFormValues(sent));
          setMessage(sent);
          setEditing(false);
          onSent(sent);
        });
      },
      () => {
        notify.error(t('requiredMissing'));
        flash();
      },
    )();

  // typed text or chosen files are discarded only when the user says so
  const cancel = async () => {
    if (editing && (form.formState.isDirty || files.pending) && !(await confirm(tc('discardConfirm'), { tone: 'danger' }))) return;
    files.reset();
    if (message) {
      form.reset(values);
      setEditing(false);
    }
    onCancel();
  };

  async function remove() {
    if (!message || !(await confirm(t('deleteConfirm', { title: message.title }), { tone: 'danger' }))) return;
    startTransition(async () => {
      const res = await removeMessage({ id: message.id });
      if (applyActionResult(res, null)) onDeleted();
    });
  }

  function choose(chosen: File[]) {
    if (chosen.some((f) => f.size === 0 || f.size > GALLERY_MAX_BYTES)) return void notify.error(te('tooLarge'));
    files.add(chosen);
    if (fileInput.current) fileInput.current.value = '';
  }

  const title = message ? message.title : t('newTitle');
  const fields = (
    <form
      noValidate
      aria-label={title}
      data-flash={flashing || undefined}
      onSubmit={(e) => (e.preventDefault(), editing && void send())}
      className={cn('space-y-4 rounded-lg border-2 p-2 transition-colors', flashing ? 'border-red-500' : 'border-transparent')}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_200px]">
        <Input label={`${t('title')} *`} error={err('title')} disabled={disabled} maxLength={300} {...form.register('title')} />
        <ContentLanguageSelect
          control={form.control}
          name="lang"
          label={`${t('lang')} *`}
          placeholder={t('choose')}
          disabled={disabled}
          error={err('lang')}
        />
      </div>
      <div className="text-sm">
        <label htmlFor={`${formId}-abstract`} className="mb-1 block font-medium text-gray-700">
          {t('abstract')}
        </label>
        <textarea
          id={`${formId}-abstract`}
          rows={2}
          maxLength={500}
          disabled={disabled}
          aria-describedby={`${formId}-abstract-hint`}
          {...form.register('abstract')}
          className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500"
        />
        <p id={`${formId}-abstract-hint`} className="mt-1 text-xs text-gray-600">
          {t('abstractHint')}
        </p>
      </div>
      {/* the editor (Tiptap, the largest part of the screen) is loaded only when a message is written */}
      {editing ? (
        <Controller
          control={form.control}
          name="content"
          render={({ field }) => (
            <LazyRichTextEditor label={t('content')} value={field.value} onChange={field.onChange} disabled={disabled} />
          )}
        />
      ) : (
        <div>
          <span className="mb-1 block text-sm font-medium text-gray-700">{t('content')}</span>
          {/* as sent: the API sanitised it before storing it */}
          <RichTextView
            html={message?.content ?? ''}
            label={t('content')}
            className="min-h-16 rounded-md border border-gray-300 bg-gray-50 px-3 py-2"
          />
        </div>
      )}
      <Controller
        control={form.control}
        name="visible"
        render={({ field }) => (
          <Switch
            label={t('visibleLabel')}
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={disabled}
            hint={field.value ? undefined : t('hiddenHint')}
          />
        )}
      />
      <MessageAudienceFields form={form} audience={audience} disabled={disabled} audienceDisabled={audienceDisabled} err={err} />
      <MessageAttachments
        message={message}
        editing={editing && !busy}
        pending={files.added}
        percent={files.percent}
        onChoose={() => fileInput.current?.click()}
        onUnadd={files.unadd}
      />
      <GalleryFileInput ref={fileInput} label={t('addFiles')} onChoose={choose} />
    </form>
  );

  return (
    <section aria-labelledby="message-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      {confirmElement}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="message-title" className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          {message && (
            <p className="text-sm text-gray-600">
              {message.visible ? t('sentAt', { date: formatDisplayDate(message.publishedAt ?? message.updatedAt) }) : t('notSent')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {editing ? (
            <>
              <Button onClick={() => void send()} loading={busy}>
                {t('send')}
              </Button>
              <Button variant="secondary" onClick={() => void cancel()} disabled={busy}>
                {tc('cancel')}
              </Button>
            </>
          ) : (
            <Button variant="danger" onClick={() => void remove()} loading={busy}>
              {tc('delete')}
            </Button>
          )}
        </div>
      </div>
      <Tabs
        label={title}
        value={editing ? 'message' : tab}
        onValueChange={setTab}
        items={[
          { value: 'message', label: t('tabMessage'), content: fields },
          {
            value: 'status',
            label: t('tabStatus'),
            disabled: editing || !message,
            content: message ? <MessageStatus message={message} /> : null,
          },
        ]}
      />
    </section>
  );
}
