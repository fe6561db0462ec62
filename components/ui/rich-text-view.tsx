import { cn } from './cn';

/** The look of stored rich text (headings, lists, quotes, tables, pictures), the same as in the editor. */
export const richTextClassName =
  'text-sm text-gray-900 [&_a]:text-brand [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6';

/**
 * Rich text as stored, read-only, without loading the editor. Only for HTML the API sanitised
 * with its rich-text allow-list before storing it (news, messages, notifications).
 */
export function RichTextView({ html, label, className }: { html: string; label?: string; className?: string }) {
  return (
    <div
      role={label ? 'region' : undefined}
      aria-label={label}
      className={cn(richTextClassName, className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
