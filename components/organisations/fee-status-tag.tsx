'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { feeStatusTone, type FeeTone } from './organisation-view';

const toneClass: Record<FeeTone, string> = {
  blue: 'bg-blue-100 text-blue-800 border-blue-300',
  green: 'bg-green-100 text-green-800 border-green-300',
  unknown: 'bg-gray-100 text-gray-700 border-gray-300',
};

/** Fee processing status: Erstellt blue, Freigegeben green, anything else 'Unknown'. */
export function FeeStatusTag({ status }: { status: string | null | undefined }) {
  const t = useTranslations('organisations.fees');
  const tone = feeStatusTone(status);
  return (
    <span data-tone={tone} className={cn('inline-block rounded border px-2 py-0.5 text-xs font-medium', toneClass[tone])}>
      {tone === 'unknown' ? t('unknown') : status}
    </span>
  );
}
