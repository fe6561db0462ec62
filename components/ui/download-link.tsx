'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { downloadFile, isSessionEnd } from './session-ended';
import { notify } from './toast';

/**
 * A link to a file the API serves (CSV, PDF, document). It stays a real link (copy address, open in
 * a new tab), but a plain click first checks the session: an ended session signs in again and
 * comes back here, no answer says 'Verbindungsfehler !!!'; then the browser downloads the file.
 */
export function DownloadLink({
  href,
  fileName,
  className,
  children,
  title,
}: {
  href: string;
  fileName?: string;
  className?: string;
  children: ReactNode;
  title?: string;
}) {
  const t = useTranslations('common');
  return (
    <a
      href={href}
      download={fileName ?? true}
      title={title}
      className={className}
      onClick={(event) => {
        // a new tab or window is the user's explicit choice: leave it to the browser
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        downloadFile(href, fileName).catch((error: unknown) => {
          if (!isSessionEnd(error)) notify.error(t('connectionError'));
        });
      }}
    >
      {children}
    </a>
  );
}
