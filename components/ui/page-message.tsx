import Link from 'next/link';
import type { ReactNode } from 'react';

export interface PageMessageProps {
  title?: ReactNode;
  children: ReactNode;
  /** 'alert' for refusals, so assistive technology announces them. */
  tone?: 'info' | 'alert';
  /** Text of a link back to the start page. */
  backLabel?: string;
}

/** A centred message in the page body: the landing text, a refusal, an unknown form. It is the page's main heading (<h1>). */
export function PageMessage({ title, children, tone = 'info', backLabel }: PageMessageProps) {
  return (
    <section
      role={tone === 'alert' ? 'alert' : undefined}
      className="mx-auto mt-16 max-w-xl rounded-lg border border-gray-200 bg-white p-8 text-center shadow-sm"
    >
      {title && <h1 className="mb-3 text-xl font-semibold text-gray-900">{title}</h1>}
      {/* every page has a main heading: without a title the message is it */}
      {title ? (
        <div className={tone === 'alert' ? 'text-red-700' : 'text-gray-700'}>{children}</div>
      ) : (
        <h1 className={tone === 'alert' ? 'text-red-700' : 'text-gray-700'}>{children}</h1>
      )}
      {backLabel && (
        <Link href="/" className="mt-6 inline-block text-sm font-medium text-brand hover:underline">
          {backLabel}
        </Link>
      )}
    </section>
  );
}
