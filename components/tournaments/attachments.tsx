'use client';

import { useTranslations } from 'next-intl';
import type { Tournament } from '@/lib/schemas/tournaments';
import { BASE_PATH } from '@/lib/domain/shell';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { UploadProgress } from '@/components/ui/upload-progress';
import { useUpload } from '@/components/ui/hooks/use-upload';
import { DownloadLink } from '@/components/ui/download-link';
import { removeTournamentFile } from './actions';

/** What the attachment input offers; the API decides by content. */
const ACCEPT = '.pdf,.docx,.xlsx,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
/** The API's limit: 50 MB. */
const MAX_BYTES = 50 * 1024 * 1024;

/**
 * The attachments step: documents and pictures (invitation, timetable, site plan) to download;
 * uploaded and removed at once (no save needed) while the tournament can be changed, once it exists.
 */
export function Attachments({
  orgId,
  tournament,
  canChange,
  onChanged,
}: {
  orgId: number;
  tournament: Tournament | null;
  canChange: boolean;
  onChanged: (t: Tournament) => void;
}) {
  const t = useTranslations('tournaments');
  const te = useTranslations('errors');
  const { input, percent, send } = useUpload();
  const [confirmElement, confirm] = useConfirm();
  const files = tournament?.params.files ?? [];

  async function upload(file: File) {
    if (!tournament) return;
    if (file.size === 0 || file.size > MAX_BYTES) {
      notify.error(file.size === 0 ? t('fileEmpty') : te('tooLarge'));
      return;
    }
    await send(`${BASE_PATH}/api/v1/tournament/${orgId}/files/${tournament.id}`, file, undefined, ({ status, body }) => {
      if (status === 200) {
        notify.success(t('fileUploaded'));
        onChanged(body as Tournament);
      } else notify.error(status === 415 ? t('fileWrongType') : status === 413 ? te('tooLarge') : t('actionFailed'));
    });
  }

  async function remove(name: string, url: string) {
    if (!tournament || !(await confirm(t('fileRemoveConfirm', { name }), { tone: 'danger' }))) return;
    const uuid = /[0-9a-f-]{36}/.exec(url)?.[0] ?? '';
    const result = await settleAction(removeTournamentFile({ orgId, id: tournament.id, uuid }));
    if (applyActionResult(result, null, { success: t('fileRemoved') })) onChanged(result.data);
  }

  return (
    <div className="space-y-3">
      {confirmElement}
      {files.length === 0 ? (
        <p className="text-sm text-gray-600">{t('noFiles')}</p>
      ) : (
        <ul className="space-y-1" aria-label={t('steps.attachments')}>
          {files.map((f) => (
            <li key={f.url} className="flex items-center gap-3 text-sm">
              <DownloadLink className="font-medium text-brand hover:underline" href={`${BASE_PATH}${f.url}`}>
                {f.name}
              </DownloadLink>
              {canChange && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void remove(f.name, f.url)}
                  aria-label={t('removeFile', { name: f.name })}
                >
                  ×
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!tournament ? (
        <p className="text-sm text-gray-600">{t('filesAfterSave')}</p>
      ) : (
        canChange && (
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-label={t('addFile')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <Button variant="secondary" onClick={() => input.current?.click()} loading={percent !== null}>
              {t('addFile')}
            </Button>
            <p className="w-full text-xs text-gray-500">{t('fileHint')}</p>
            {percent !== null && <UploadProgress percent={percent} label={t('addFile')} />}
          </div>
        )
      )}
    </div>
  );
}
