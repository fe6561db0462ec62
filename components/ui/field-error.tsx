'use client';

export interface FieldErrorProps {
  id: string;
  message?: string | null;
}

/** The message under a field; the field points at `id` with aria-describedby. */
export function FieldError({ id, message }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}
