'use client';

import { useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { Tournament } from '@/lib/schemas/tournaments';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { addComment } from './actions';

/** The conversation between the club and the federation; sending is disabled while the text is empty. */
export function CommentsPanel({
  orgId,
  tournament,
  onChanged,
}: {
  orgId: number;
  tournament: Tournament;
  onChanged: (t: Tournament) => void;
}) {
  const t = useTranslations('tournaments');
  const [text, setText] = useState('');
  const [pending, startTransition] = useTransition();
  const messages = tournament.comment.messages;

  function send() {
    startTransition(async () => {
      const res = await addComment({ orgId, id: tournament.id, comment: text });
      if (applyActionResult(res, null, { success: false })) {
        setText('');
        onChanged(res.data as Tournament);
      }
    });
  }

  return (
    <section aria-label={t('comments')} className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-gray-900">{t('comments')}</h3>
      {messages.length === 0 ? (
        <p className="text-sm text-gray-500">{t('noComments')}</p>
      ) : (
        <ul className="space-y-2">
          {messages.map((m, i) => (
            <li key={i} className="rounded bg-gray-50 px-3 py-2 text-sm">
              <span className="font-medium text-gray-900">{m.name}</span>{' '}
              <span className="text-xs text-gray-500">{new Date(m.timestamp).toLocaleString('de-AT')}</span>
              <p className="whitespace-pre-wrap text-gray-800">{m.content}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <label className="flex-1 text-sm">
          <span className="sr-only">{t('commentLabel')}</span>
          <textarea
            rows={2}
            aria-label={t('commentLabel')}
            placeholder={t('commentLabel')}
            value={text}
            maxLength={2000}
            onChange={(e) => setText(e.target.value)}
            className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
          />
        </label>
        <Button onClick={send} disabled={!text.trim() || pending} loading={pending}>
          {t('send')}
        </Button>
      </div>
    </section>
  );
}
