'use client';

import type { ReactNode } from 'react';
import { cn } from './cn';

export interface CardProps {
  title?: ReactNode;
  /** Buttons shown at the right of the title row. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A white panel; with a title it is a labelled section. */
export function Card({ title, actions, children, className }: CardProps) {
  return (
    <section className={cn('rounded-lg border border-gray-200 bg-white p-5 shadow-sm', className)}>
      {(title || actions) && (
        <div className="mb-4 flex items-center justify-between gap-4">
          {title && <h2 className="text-base font-semibold text-gray-900">{title}</h2>}
          {actions && <div className="flex items-center gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
