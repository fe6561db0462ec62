'use client';

import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { FieldError } from '@/components/ui/field';
import { inputClassName } from '@/components/ui/input';
import type { MemberTargetOrg } from '@/lib/api/member-types';
import { foldSearch, searchWords } from '@/lib/domain/search-fold';

export interface OrgPickerProps {
  label: string;
  /** The organisations to choose from (already limited to where the caller may act). */
  orgs: MemberTargetOrg[];
  value: number | null;
  onChange: (orgId: number) => void;
  placeholder?: string;
  disabled?: boolean;
  error?: string | null;
}

function searchText(org: MemberTargetOrg): string {
  return foldSearch([org.name, org.nameShort, org.bso].filter(Boolean).join(' '));
}

/**
 * A searchable select of organisations (the federation choosing the club or organisation a
 * membership or function goes into): type part of the name, short name or BSO number — umlauts
 * and case do not matter — then pick with the mouse or arrow keys and Enter. The list opens inline
 * below the field so it is never clipped by the dialog around it.
 */
export function OrgPicker({ label, orgs, value, onChange, placeholder, disabled, error }: OrgPickerProps) {
  const t = useTranslations('members');
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  /** null while not typing: the list shows all organisations. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const chosen = orgs.find((o) => o.id === value) ?? null;
  const matches = useMemo(() => {
    const words = searchWords(query);
    if (words.length === 0) return orgs;
    return orgs.filter((o) => {
      const text = searchText(o);
      return words.every((w) => text.includes(w));
    });
  }, [orgs, query]);
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));

  function choose(org: MemberTargetOrg) {
    onChange(org.id);
    setQuery(null);
    setOpen(false);
  }

  function show() {
    if (disabled) return;
    setOpen(true);
    const at = chosen ? matches.indexOf(chosen) : 0;
    setActive(at < 0 ? 0 : at);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        show();
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + matches.length) % Math.max(1, matches.length));
    } else if (event.key === 'Enter') {
      // never submits a surrounding form: Enter picks the highlighted organisation
      event.preventDefault();
      if (open && matches[activeIndex]) choose(matches[activeIndex]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setQuery(null);
      setOpen(false);
    }
  }

  const optionId = (orgId: number) => `${id}-org-${orgId}`;

  return (
    <div className="w-full">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches[activeIndex] ? optionId(matches[activeIndex].id) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // while the list is open the field is the search box; the current choice stays visible as its placeholder
        placeholder={open && chosen ? chosen.name : (placeholder ?? t('orgPicker.placeholder'))}
        disabled={disabled}
        value={open ? (query ?? '') : (chosen?.name ?? '')}
        onFocus={show}
        onClick={show}
        onChange={(e) => {
          const text = e.target.value;
          // typing on after a choice (list closed, field showing the chosen name) starts a new search
          setQuery(!open && chosen && text.startsWith(chosen.name) ? text.slice(chosen.name.length) : text);
          setActive(0);
          setOpen(true);
        }}
        onBlur={() => {
          setQuery(null);
          setOpen(false);
        }}
        onKeyDown={onKeyDown}
        className={inputClassName}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="mt-1 max-h-56 overflow-y-auto rounded-md border border-gray-200 bg-white p-1 shadow-sm"
        >
          {matches.length === 0 ? (
            <li className="px-3 py-1.5 text-sm text-gray-500">{t('orgPicker.none')}</li>
          ) : (
            matches.map((org, i) => (
              <li
                key={org.id}
                id={optionId(org.id)}
                role="option"
                aria-selected={org.id === value}
                // keeps the focus in the field, so the blur does not close the list before the click
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(org)}
                onMouseEnter={() => setActive(i)}
                className={cn(
                  'flex cursor-pointer items-baseline justify-between gap-3 rounded px-3 py-1.5 text-sm text-gray-900',
                  i === activeIndex && 'bg-brand-light text-brand-dark',
                  org.id === value && 'font-semibold',
                )}
              >
                <span>{org.name}</span>
                <span className="shrink-0 text-xs text-gray-500">
                  {[org.nameShort, org.bso && `BSO ${org.bso}`].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))
          )}
        </ul>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
