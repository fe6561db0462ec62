'use client';

import { useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { uploadFile, type UploadResult } from '@/lib/upload';
import { notify } from '../toast';
import { leaveForSignIn } from '../session-ended';

/**
 * One browser upload from a hidden file input, as every upload of the admin does it: `percent`
 * while it runs (null otherwise), 401 leaves for the sign-in page with the session-expired notice,
 * a network failure shows the generic error, and the input is cleared afterwards so the same file
 * can be chosen again.
 * `onAnswer` gets every other answer of the API (success or error shape).
 */
export function useUpload() {
  const te = useTranslations('errors');
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);

  async function send(
    url: string,
    file: File | File[],
    fields: Record<string, string> | undefined,
    onAnswer: (result: UploadResult) => void,
    fileField?: string,
  ) {
    setPercent(0);
    try {
      const result = await uploadFile(url, file, setPercent, fields, fileField);
      if (result.status === 401) {
        // The proxy has already ended the session: signing in again brings the user back here.
        leaveForSignIn();
        return;
      }
      onAnswer(result);
    } catch {
      notify.error(te('generic'));
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  }

  return { input, percent, send };
}
