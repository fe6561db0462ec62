import type { FieldValues, Resolver } from 'react-hook-form';
import type { zodResolver } from './zod-resolver';

type Schema = Parameters<typeof zodResolver>[0];

/**
 * react-hook-form's zod resolver for a schema loaded with the form's first validation, together with
 * zod itself, not with the page: a record screen opens in read mode and most visits never validate.
 * `loadSchema` is a dynamic import, e.g. `() => import('./x-schema').then((m) => m.xSchema(today))`.
 */
export function lazyZodResolver<TFieldValues extends FieldValues, TContext = unknown, TTransformedValues = TFieldValues>(
  loadSchema: () => Promise<Schema>,
): Resolver<TFieldValues, TContext, TTransformedValues> {
  let loaded: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  return (values, context, options) => {
    loaded ??= Promise.all([import('./zod-resolver'), loadSchema()]).then(
      ([module, schema]) => module.zodResolver(schema) as unknown as Resolver<TFieldValues, TContext, TTransformedValues>,
    );
    return loaded.then((resolve) => resolve(values, context, options));
  };
}
