'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import Youtube from '@tiptap/extension-youtube';
import { EMBED_FRAME_TITLE } from '@/lib/domain/news/rich-text';
import { cn } from './cn';
import { toolbarButtonName } from './toolbar-name';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  error?: string;
  /** The editor, to its owner (e.g. the gallery inserts a picture at the cursor). */
  onReady?: (editor: Editor) => void;
  minHeightClassName?: string;
}

/**
 * Rich text (Tiptap): heading, bold, italic, link, lists, indent, quote, table, media embed, undo,
 * redo. The server sanitises whatever it receives with the same allow-list, so the editor is a
 * convenience, not the safeguard.
 */
export function RichTextEditor({ label, value, onChange, disabled, error, onReady, minHeightClassName = 'min-h-40' }: RichTextEditorProps) {
  const t = useTranslations('richText');
  const editor = useEditor({
    immediatelyRender: false,
    editable: !disabled,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }),
      Image,
      TableKit.configure({ table: { resizable: false } }),
      Youtube.configure({ nocookie: true, width: 560, height: 315, HTMLAttributes: { title: EMBED_FRAME_TITLE } }),
    ],
    content: value,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: cn(
          'px-3 py-2 focus:outline-none [&_h2]:text-lg [&_h2]:font-semibold [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_img]:max-w-full',
          minHeightClassName,
        ),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    if (editor) onReady?.(editor);
  }, [editor, onReady]);

  const button = (key: string, run: () => void, active = false, enabled = true) => (
    <button
      key={key}
      type="button"
      aria-label={toolbarButtonName(t(key), t(`${key}Icon`))}
      title={t(key)}
      aria-pressed={active}
      disabled={disabled || !enabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
      className={cn('rounded px-2 py-1 text-sm hover:bg-gray-100 disabled:opacity-40', active && 'bg-brand-light text-brand-dark')}
    >
      {t(`${key}Icon`)}
    </button>
  );
  const chain = () => editor!.chain().focus();

  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-gray-700">{label}</span>
      <div className={cn('rounded-md border bg-white', error ? 'border-red-500' : 'border-gray-300', disabled && 'bg-gray-50')}>
        {editor && !disabled && (
          <div role="toolbar" aria-label={t('toolbar', { label })} className="flex flex-wrap gap-0.5 border-b border-gray-200 p-1">
            {button('heading', () => chain().toggleHeading({ level: 2 }).run(), editor.isActive('heading'))}
            {button('bold', () => chain().toggleBold().run(), editor.isActive('bold'))}
            {button('italic', () => chain().toggleItalic().run(), editor.isActive('italic'))}
            {button(
              'link',
              () => {
                const previous = editor.getAttributes('link').href as string | undefined;
                const url = window.prompt(t('linkPrompt'), previous ?? 'https://');
                if (url === null) return;
                if (url === '') chain().unsetLink().run();
                else chain().extendMarkRange('link').setLink({ href: url }).run();
              },
              editor.isActive('link'),
            )}
            {button('bulletList', () => chain().toggleBulletList().run(), editor.isActive('bulletList'))}
            {button('orderedList', () => chain().toggleOrderedList().run(), editor.isActive('orderedList'))}
            {button('indent', () => chain().sinkListItem('listItem').run(), false, editor.can().sinkListItem('listItem'))}
            {button('outdent', () => chain().liftListItem('listItem').run(), false, editor.can().liftListItem('listItem'))}
            {button('quote', () => chain().toggleBlockquote().run(), editor.isActive('blockquote'))}
            {button('table', () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run())}
            {button('media', () => {
              const url = window.prompt(t('mediaPrompt'));
              if (url) chain().setYoutubeVideo({ src: url }).run();
            })}
            {button('undo', () => chain().undo().run(), false, editor.can().undo())}
            {button('redo', () => chain().redo().run(), false, editor.can().redo())}
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}
