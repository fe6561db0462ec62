'use client';

import { DayPicker, type Matcher } from 'react-day-picker';
import { de, enGB } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

export interface DateFieldCalendarProps {
  /** The interface language: German (Monday first, German names) or English (British). */
  locale: 'de' | 'en';
  startMonth: Date;
  endMonth: Date;
  defaultMonth?: Date;
  selected?: Date;
  disabled: Matcher[];
  onSelect: (day: Date) => void;
}

/** DateField's month picker; its own module so react-day-picker loads only when a calendar opens. */
export function DateFieldCalendar({ locale, startMonth, endMonth, defaultMonth, selected, disabled, onSelect }: DateFieldCalendarProps) {
  return (
    <DayPicker
      mode="single"
      locale={locale === 'en' ? enGB : de}
      weekStartsOn={1}
      captionLayout="dropdown"
      startMonth={startMonth}
      endMonth={endMonth}
      defaultMonth={defaultMonth}
      selected={selected}
      disabled={disabled}
      autoFocus
      onSelect={(day) => {
        if (day) onSelect(day);
      }}
    />
  );
}
