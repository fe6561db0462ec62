'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { cn } from './cn';
import type { RichTextEditorProps } from './rich-text-editor';

/** Tiptap with its extensions is the largest part of a form page: fetched only when it is shown. */
const Editor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

const noSubscription = () => () => {};

/**
 * The rich-text editor, loaded on demand: a form shows it only while a record is written (read mode
 * shows the stored HTML with RichTextView), so the page itself does not carry the editor. Until it
 * has arrived (and on the server) an empty box of the same size stands under its label.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const placeholder = (
    <div aria-busy="true">
      <span className="mb-1 block text-sm font-medium text-gray-700">{props.label}</span>
      <div className={cn('animate-pulse rounded-md border border-gray-300 bg-gray-50', props.minHeightClassName ?? 'min-h-40')} />
    </div>
  );
  if (!inBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Editor {...props} />
    </Suspense>
  );
}
