'use client';

import { applyActionResult } from '@/components/ui/apply-action-result';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { OrgDocument } from '@/lib/api/organisations';
import { formatDisplayDate } from '@/lib/domain/dates';
import { DOCUMENT_TYPES, type DocumentType } from '@/lib/domain/organisation-rules';
import { BASE_PATH } from '@/lib/domain/shell';
import { BriefCell, BriefTable } from '@/components/ui/brief-table';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import { notify } from '@/components/ui/toast';
import { deleteDocument } from './actions';
import { MAX_UPLOAD_BYTES, errorCodeOf } from '@/lib/upload';
import { DOCUMENT_ACCEPT, isDocumentName } from './document-files';
import { UploadProgress } from '@/components/ui/upload-progress';
import { useUpload } from '@/components/ui/hooks/use-upload';
import { DownloadLink } from '@/components/ui/download-link';

export interface DocumentsTabProps {
  actingOrgId: number;
  orgId: number;
  documents: OrgDocument[];
  canEdit: boolean;
}

/** "/api/v1/uploads?file=…" → the browser address through the proxy, naming the acting organisation. */
export function documentHref(url: string, actingOrgId: number): string {
  const path = url.startsWith('/api/') ? `${BASE_PATH}${url}` : url;
  return `${path}${path.includes('?') ? '&' : '?'}actingOrgId=${actingOrgId}`;
}

function formatSize(bytes: number | undefined): string {
  if (!bytes && bytes !== 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The documents tab: upload with progress (pdf, docx, xlsx up to 50 MB; type Statuten,
 * ZVR-Auszug or Vereinsgründung), download, and delete after a confirmation.
 */
export function DocumentsTab({ actingOrgId, orgId, documents, canEdit }: DocumentsTabProps) {
  const t = useTranslations('organisations');
  const tc = useTranslations('common');
  const te = useTranslations('errors');
  const router = useRouter();
  const [confirmElement, confirm] = useConfirm();
  const { input, percent, send } = useUpload();
  const [type, setType] = useState<DocumentType | ''>('');

  async function upload(file: File) {
    if (!type) return;
    if (!isDocumentName(file.name)) {
      notify.error(t('documents.wrongType'));
      return;
    }
    if (file.size === 0) {
      notify.error(t('documents.emptyFile'));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      notify.error(te('tooLarge'));
      return;
    }
    const url = `${BASE_PATH}/api/v1/admin/org/${orgId}/documents?actingOrgId=${actingOrgId}&type=${encodeURIComponent(type)}`;
    await send(url, file, { type }, ({ status, body }) => {
      if (status >= 200 && status < 300) {
        notify.success(t('uploadSuccess'));
        router.refresh();
        return;
      }
      const code = errorCodeOf(body);
      notify.error(
        status === 415
          ? t('documents.wrongType')
          : status === 413
            ? te('tooLarge')
            : status === 403
              ? te('forbidden')
              : code === 'file_empty'
                ? t('documents.emptyFile')
                : status === 422
                  ? t('validation.documentTypeInvalid')
                  : te('generic'),
      );
    });
  }

  async function remove(doc: OrgDocument) {
    if (!(await confirm(t('documents.deleteConfirm', { name: doc.name }), { tone: 'danger' }))) return;
    const result = await deleteDocument({ actingOrgId, orgId, uuid: doc.uuid });
    if (applyActionResult(result, null, { success: t('documents.deleted') })) router.refresh();
  }

  return (
    <div className="space-y-4">
      {confirmElement}
      {canEdit && (
        <div className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4">
          <Select
            label={t('documents.type')}
            value={type}
            onValueChange={(v) => setType(v as DocumentType)}
            options={DOCUMENT_TYPES.map((d) => ({ value: d, label: d }))}
            placeholder={t('choose')}
            className="max-w-xs"
          />
          <input
            ref={input}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('documents.choose')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button onClick={() => input.current?.click()} disabled={!type} loading={percent !== null}>
            {t('documents.choose')}
          </Button>
          <p className="w-full text-xs text-gray-500">{t('documents.hint')}</p>
          {percent !== null && <UploadProgress percent={percent} label={t('documents.choose')} />}
        </div>
      )}

      <BriefTable
        label={t('documents.label')}
        columns={[
          { key: 'name', header: t('documents.name') },
          { key: 'type', header: t('documents.type') },
          { key: 'uploadedAt', header: t('documents.uploadedAt') },
          { key: 'size', header: t('documents.size') },
          { key: 'actions', header: tc('delete'), srOnly: true },
        ]}
        emptyText={t('documents.empty')}
        isEmpty={documents.length === 0}
      >
        {documents.map((doc) => (
          <tr key={doc.uuid}>
            <BriefCell>
              <DownloadLink
                href={documentHref(doc.url, actingOrgId)}
                fileName={doc.name}
                className="font-medium text-brand hover:underline"
                title={t('documents.download')}
              >
                {doc.name}
              </DownloadLink>
            </BriefCell>
            <BriefCell>{doc.type}</BriefCell>
            <BriefCell>{formatDisplayDate(doc.uploadedAt)}</BriefCell>
            <BriefCell>{formatSize(doc.size)}</BriefCell>
            <BriefCell className="text-right">
              {canEdit && (
                <Button variant="ghost" size="sm" onClick={() => void remove(doc)} aria-label={`${t('documents.delete')}: ${doc.name}`}>
                  {t('documents.delete')}
                </Button>
              )}
            </BriefCell>
          </tr>
        ))}
      </BriefTable>
    </div>
  );
}
