'use client';

import { useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { MenuNode } from '@/lib/schemas/news';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { addCategory, changeCategory, loadMenu, removeCategory } from './actions';

/**
 * The website menu: its pages as a tree. Selecting a page opens its article (or starts a new
 * hidden one); pages are added (under a page or at the top), renamed, moved up or down among
 * their siblings, and removed (not while an article uses them). The menu itself is the screen's
 * (it outlives this tab's content): changes here hand the reloaded menu to `onMenu`.
 */
export function MenuPages({
  orgId,
  menu,
  onMenu,
  onOpen,
  onChanged,
}: {
  orgId: number;
  menu: MenuNode[];
  onMenu: (menu: MenuNode[]) => void;
  onOpen: (node: MenuNode) => void;
  onChanged: () => void;
}) {
  const t = useTranslations('news');
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const [pending, startTransition] = useTransition();
  const [confirmElement, confirm] = useConfirm();

  const refresh = async () => {
    const res = await loadMenu({ orgId });
    if (applyActionResult(res, null, { success: false })) onMenu(res.data);
    onChanged();
  };
  const run = (work: () => Promise<boolean>) =>
    startTransition(async () => {
      if (await work()) await refresh();
    });
  const flat = (nodes: MenuNode[], depth = 0): Array<{ node: MenuNode; depth: number }> =>
    nodes.flatMap((n) => [{ node: n, depth }, ...flat(n.children, depth + 1)]);

  const move = (siblings: MenuNode[], index: number, by: -1 | 1) =>
    run(async () => {
      const other = siblings[index + by];
      if (!other) return false;
      // the two swap places; positions are written for the whole sibling list so they stay distinct
      const order = siblings.map((s) => s.id);
      [order[index], order[index + by]] = [order[index + by], order[index]];
      for (const [position, id] of order.entries()) {
        const res = await changeCategory({ id, position });
        if (!applyActionResult(res, null, { success: false })) return false;
      }
      return true;
    });

  const tree = (nodes: MenuNode[]) => (
    <ul className="space-y-1 pl-3">
      {nodes.map((node, i) => (
        <li key={node.id}>
          <div className="flex items-center gap-1">
            <button type="button" onClick={() => onOpen(node)} className="rounded px-2 py-1 text-left text-sm hover:bg-brand-light/60">
              {node.name}
              {node.newsId === null && <span className="text-xs text-gray-700"> ({t('noArticle')})</span>}
            </button>
            <span className="ml-auto flex gap-0.5">
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('pageUp', { name: node.name })}
                disabled={i === 0 || pending}
                onClick={() => move(nodes, i, -1)}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('pageDown', { name: node.name })}
                disabled={i === nodes.length - 1 || pending}
                onClick={() => move(nodes, i, 1)}
              >
                ↓
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('pageRename', { name: node.name })}
                onClick={() => {
                  const next = window.prompt(t('pageRenamePrompt'), node.name)?.trim();
                  if (next && next !== node.name)
                    run(async () =>
                      applyActionResult(await changeCategory({ id: node.id, name: next }), null, { success: t('pageRenamed') }),
                    );
                }}
              >
                ✎
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('pageRemove', { name: node.name })}
                onClick={async () => {
                  if (await confirm(t('categoryDeleteConfirm', { name: node.name }), { tone: 'danger' }))
                    run(async () => applyActionResult(await removeCategory({ id: node.id }), null, { success: t('categoryDeleted') }));
                }}
              >
                ×
              </Button>
            </span>
          </div>
          {node.children.length > 0 && tree(node.children)}
        </li>
      ))}
    </ul>
  );

  return (
    <div className="space-y-3">
      {confirmElement}
      {menu.length ? tree(menu) : <p className="text-sm text-gray-500">{t('noPages')}</p>}
      <form
        className="space-y-2 border-t border-gray-100 pt-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          run(async () => {
            const ok = applyActionResult(
              await addCategory({ orgId, name: name.trim(), inMenu: true, parentId: parent ? Number(parent) : null }),
              null,
              { success: t('pageAdded') },
            );
            if (ok) setName('');
            return ok;
          });
        }}
      >
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-gray-700">{t('pageName')}</span>
          <input
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
          />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-gray-700">{t('pageParent')}</span>
          <select
            value={parent}
            onChange={(e) => setParent(e.target.value)}
            className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
          >
            <option value="">{t('pageTop')}</option>
            {flat(menu).map(({ node, depth }) => (
              <option key={node.id} value={node.id}>
                {'– '.repeat(depth)}
                {node.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm" disabled={!name.trim() || pending}>
          {t('pageAdd')}
        </Button>
      </form>
    </div>
  );
}
