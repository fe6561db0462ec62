import type { FieldPath, useForm } from 'react-hook-form';
import type { TournamentFormValues } from './tournament-view';

/** What every step of the tournament form gets: the form, whether it is read-only, a field's message. */
export type TournamentFormApi = ReturnType<typeof useForm<TournamentFormValues>>;
export type StepProps = {
  form: TournamentFormApi;
  disabled: boolean;
  errorOf: (name: FieldPath<TournamentFormValues>) => string | undefined;
};
