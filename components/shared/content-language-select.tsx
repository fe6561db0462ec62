'use client';

import { useTranslations } from 'next-intl';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Select } from '@/components/ui/select';

/** The language a news article or a message is written in (German or English), as a form field. */
export function ContentLanguageSelect<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  disabled,
  error,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
}) {
  const t = useTranslations('contentLanguage');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          value={field.value}
          onValueChange={field.onChange}
          options={[
            { value: 'de', label: t('de') },
            { value: 'en', label: t('en') },
          ]}
          placeholder={placeholder}
          disabled={disabled}
          error={error}
        />
      )}
    />
  );
}
