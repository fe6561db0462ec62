'use client';

import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Controller, useForm } from 'react-hook-form';
import type { Editor } from '@tiptap/react';
import type { News, NewsCategory } from '@/lib/schemas/news';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { cn } from '@/components/ui/cn';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EditActions } from '@/components/ui/edit-actions';
import { Input } from '@/components/ui/input';
import { ContentLanguageSelect } from '@/components/shared/content-language-select';
import { LazyRichTextEditor } from '@/components/ui/lazy-rich-text-editor';
import { RichTextView } from '@/components/ui/rich-text-view';
import { notify } from '@/components/ui/toast';
import { useRecordEditor } from '@/components/ui/hooks/use-record-editor';
import { UploadProgress } from '@/components/ui/upload-progress';
import { usePendingFiles, type PendingFilesResult } from '@/components/ui/hooks/use-pending-files';
import { useRequiredFlash } from '@/components/ui/hooks/use-required-flash';
import { GALLERY_MAX_FILES } from '@/lib/domain/gallery';
import { BASE_PATH } from '@/lib/domain/shell';
import { removeArticles, removeFile, saveArticle } from './actions';
import { GalleryDialog } from './gallery-dialog';
import { NewsAttachments } from './news-attachments';
import { NEWS_FLASH_MS, toFormValues, type NewsFormValues } from './news-view';
import { newsResolver } from './news-form-check';

export interface NewsFormProps {
  orgId: number;
  article: News | null;
  defaults?: Partial<NewsFormValues>;
  categories: NewsCategory[];
  onSaved: (n: News) => void;
  onDeleted: () => void;
  onCancelNew: () => void;
}

/**
 * The article: categories, title, abstract and content (rich text), language, visibility; its
 * attachments and the gallery (pictures and PDFs). Files added or marked for removal while editing
 * (a new article too) are kept until the article is saved, then uploaded first and removed after;
 * cancel discards them. A refused save flashes the form's border for 3.5 s.
 */
export function NewsForm({ orgId, article: initial, defaults, categories, onSaved, onDeleted, onCancelNew }: NewsFormProps) {
  const t = useTranslations('news');
  const te = useTranslations('errors');
  const [article, setArticle] = useState(initial);
  const [flashing, flash] = useRequiredFlash(NEWS_FLASH_MS);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const contentEditor = useRef<Editor | null>(null);
  const values = useMemo(() => toFormValues(article, article ? undefined : defaults), [article, defaults]);
  const form = useForm<NewsFormValues>({ resolver: newsResolver, defaultValues: values });
  const files = usePendingFiles<News>({
    uploadUrl: (id) => `${BASE_PATH}/api/v1/admin/news/upload/${id}`,
    removeFile: async (newsId, fileId) => {
      const res = await removeFile({ newsId, fileId });
      return applyActionResult(res, null, { success: false }) ? (res.data as News) : null;
    },
  });
  /** After a save whose files were not all committed: the article is saved, these files not. */
  const reportUnfinished = (done: Extract<PendingFilesResult<News>, { ok: false }>, saved: News) => {
    if (done.status === 401) return; // on the way to the sign-in page
    if (done.notUploaded.length) {
      const why =
        done.status === 415
          ? t('wrongType')
          : done.status === 413
            ? te('tooLarge')
            : done.status === 409
              ? te('galleryFull', { max: GALLERY_MAX_FILES })
              : undefined;
      notify.error(
        t('filesNotUploaded', { names: done.notUploaded.map((f) => f.name).join(', ') }),
        why ? { description: why } : undefined,
      );
      return;
    }
    const names = done.notRemoved.map((id) => saved.attachedFiles.find((f) => f.fileId === id)?.fileName ?? id);
    notify.error(t('filesNotRemoved', { names: names.join(', ') }));
  };
  const editor = useRecordEditor({
    form,
    values,
    version: article?.updatedAt ?? null,
    isNew: article === null,
    draftKey: `news-${orgId}-${article?.id ?? 'new'}`,
    firstField: 'title',
    successMessage: t('saved'),
    onInvalid: ({ errors, refusal }) => {
      if (errors) notify.error(t('requiredMissing'));
      if (errors || refusal?.code === 'validation') flash();
    },
    onCancelNew,
    hasOtherChanges: files.pending,
    save: async (_out, basedOn) => {
      const res = await saveArticle({
        id: article?.id,
        updatedAt: article ? (basedOn ?? undefined) : undefined,
        values: { ...form.getValues(), orgId },
      });
      if (!res.ok || !files.pending) return res;
      // saved: now the files, additions first, then removals; a failure there leaves the article saved
      const saved = res.data as News;
      const done = await files.commit(saved.id);
      if (!done.ok) reportUnfinished(done, done.record ?? saved);
      return { ...res, data: done.record ?? saved };
    },
    onSaved: (data) => {
      setArticle(data as News);
      onSaved(data as News);
    },
  });
  const disabled = !editor.editing;
  const err = (name: keyof NewsFormValues) => (form.formState.errors[name] ? t('requiredMissing') : undefined);
  const onReady = useCallback((e: Editor) => {
    contentEditor.current = e;
  }, []);

  async function remove() {
    if (!article || !(await confirm(t('deleteConfirm', { title: article.title }), { tone: 'danger' }))) return;
    const res = await removeArticles({ ids: [article.id] });
    if (applyActionResult(res, null)) onDeleted();
  }

  const title = article ? article.title : t('newTitle');
  return (
    <section aria-labelledby="news-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      {editor.confirmElement}
      {confirmElement}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="news-title" className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">
          {/* the gallery in both modes (files are added and removed while editing, a new article too) */}
          {(article || editor.editing) && (
            <Button variant="secondary" onClick={() => setGalleryOpen(true)} disabled={editor.busy}>
              {t('gallery')}
            </Button>
          )}
          <EditActions
            canEdit
            {...editor.actionProps}
            onCancel={() => {
              files.reset();
              editor.cancel();
            }}
            extra={
              article && (
                <Button variant="danger" onClick={() => void remove()}>
                  {t('delete')}
                </Button>
              )
            }
          />
        </div>
      </div>
      <form
        key={editor.fieldsKey}
        noValidate
        aria-label={title}
        data-flash={flashing || undefined}
        onSubmit={editor.submitForm}
        className={cn('space-y-4 rounded-lg border-2 p-2 transition-colors', flashing ? 'border-red-500' : 'border-transparent')}
      >
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">{t('categories')} *</legend>
          <Controller
            control={form.control}
            name="newscategory"
            render={({ field }) => (
              <div className="mt-1 flex flex-wrap gap-3">
                {categories.map((c) => (
                  <label key={c.id} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      disabled={disabled}
                      checked={field.value.includes(c.name)}
                      onChange={() =>
                        field.onChange(field.value.includes(c.name) ? field.value.filter((n) => n !== c.name) : [...field.value, c.name])
                      }
                    />
                    {c.name}
                  </label>
                ))}
              </div>
            )}
          />
          {err('newscategory') && <p className="mt-1 text-sm text-red-700">{err('newscategory')}</p>}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-[1fr_200px]">
          <Input label={`${t('title')} *`} error={err('title')} disabled={disabled} {...form.register('title')} />
          <ContentLanguageSelect control={form.control} name="lang" label={`${t('lang')} *`} disabled={disabled} error={err('lang')} />
        </div>
        {/* the editor is loaded only while the article is written; read mode shows the stored (sanitised) HTML */}
        {editor.editing ? (
          <>
            <Controller
              control={form.control}
              name="abstract"
              render={({ field }) => (
                <LazyRichTextEditor label={t('abstract')} value={field.value} onChange={field.onChange} minHeightClassName="min-h-16" />
              )}
            />
            <Controller
              control={form.control}
              name="content"
              render={({ field }) => (
                <LazyRichTextEditor
                  label={`${t('content')} *`}
                  value={field.value}
                  onChange={field.onChange}
                  error={err('content')}
                  onReady={onReady}
                />
              )}
            />
          </>
        ) : (
          <>
            <StoredText label={t('abstract')} html={article?.abstract ?? ''} minHeightClassName="min-h-16" />
            <StoredText label={t('content')} html={article?.content ?? ''} minHeightClassName="min-h-40" />
          </>
        )}
        <CheckboxField label={t('visibleLabel')} disabled={disabled} {...form.register('visible')} />
        <NewsAttachments article={article} added={files.added} removed={files.removed} />
        {files.percent !== null && <UploadProgress percent={files.percent} label={t('attachments')} />}
      </form>
      {galleryOpen && (
        <GalleryDialog
          orgId={orgId}
          article={article}
          title={title}
          editing={editor.editing && !editor.busy}
          changes={files}
          onClose={() => setGalleryOpen(false)}
          onChanged={setArticle}
          onInsert={(src, alt) => {
            contentEditor.current?.chain().focus().setImage({ src, alt }).run();
            setGalleryOpen(false);
          }}
        />
      )}
    </section>
  );
}

/** Rich text of the article as stored (the API sanitised it), read-only, under its label. */
function StoredText({ label, html, minHeightClassName }: { label: string; html: string; minHeightClassName: string }) {
  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-gray-700">{label}</span>
      <RichTextView
        html={html}
        label={label}
        className={cn('rounded-md border border-gray-300 bg-gray-50 px-3 py-2', minHeightClassName)}
      />
    </div>
  );
}
