import 'server-only';
import { getTranslations } from 'next-intl/server';
import { ZodObject, type z } from 'zod';
import { fail, ok, SESSION_ENDED, type ActionResult } from '@/lib/api/action-result';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { throwingUnauthorized } from '@/lib/api/client';
import { getSession } from '@/lib/session';

/** A translator of one messages namespace (what next-intl's getTranslations answers). */
export interface Translate {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** What a screen says about one refused API call: the text and the fields it concerns. */
export interface Refusal {
  /** The toast's text; without it the action's failure text (or the generic error) is shown. */
  message?: string;
  /** Per-field messages, keyed by the form's field path ('email', 'params.training'). */
  fieldErrors?: Record<string, string>;
}

export interface ActionContext {
  /** Translator of the action's namespace. */
  t: Translate;
  /** Translator of the shared `errors` namespace. */
  te: Translate;
}

export interface ActionSpec<S extends z.ZodType, T> {
  /**
   * The messages namespace of the screen: its `validation.*` keys (or plain keys) translate the
   * schema's messages. Further namespaces are looked in, in order, for keys the first lacks.
   */
  namespace: string | readonly string[];
  /**
   * The call's one argument, parsed before anything else. Issues under `values` are the form's
   * fields (reported per field, path after `values`); an issue anywhere else (an id, a version)
   * means the call itself is malformed and is refused as a whole.
   */
  input: S | (() => S);
  /**
   * Key (in the namespace, else in `common`) of the toast's title when the call is refused, e.g. 'saveFailed' →
   * 'Speichern fehlgeschlagen'; the reason then goes to the toast's description. Without it the
   * reason itself is the message.
   */
  failure?: string;
  /** Texts for error codes this screen knows better than the shared ones; undefined = shared. */
  refusal?: (error: ApiError, ctx: ActionContext) => Refusal | undefined;
  /** Calls the API with the parsed input; its answer becomes the result's data. */
  run: (input: z.output<S>, ctx: ActionContext) => Promise<T>;
}

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/** One translator over several namespaces: the first that has a key answers it. */
function chain(translators: Translate[]): Translate {
  const pick = (key: string) => translators.find((tr) => tr.has(key)) ?? translators[0];
  const t = ((key: string, values?: Record<string, string | number>) => pick(key)(key, values)) as Translate;
  t.has = (key) => translators.some((tr) => tr.has(key));
  return t;
}

/** The failure key in the screen's namespace, else in `common` ('failed' → 'Fehlgeschlagen'). */
async function failureText(t: Translate, key: string): Promise<string> {
  if (t.has(key)) return t(key);
  return ((await getTranslations('common' as never)) as unknown as Translate)(key);
}

function validationText(t: Translate, key: string): string {
  return t.has(`validation.${key}`)
    ? t(`validation.${key}`)
    : t.has(key)
      ? t(key)
      : t.has('validation.required')
        ? t('validation.required')
        : key;
}

/**
 * One server action: parse the argument with the shared schema, call the API, and turn every
 * refusal into the screen's text here on the server, so clients only show `message` and
 * `fieldErrors`. Errors that are not API refusals (a redirect, a bug) are thrown on.
 *
 * The returned function must be exported from a 'use server' module.
 */
export function defineAction<S extends z.ZodType, T>(spec: ActionSpec<S, T>) {
  return async function action(raw: z.input<S>): Promise<ActionResult<T>> {
    const namespaces = typeof spec.namespace === 'string' ? [spec.namespace] : spec.namespace;
    const all = await Promise.all(namespaces.map(async (n) => (await getTranslations(n as never)) as unknown as Translate));
    const t = all.length === 1 ? all[0] : chain(all);
    const te = (await getTranslations('errors')) as unknown as Translate;
    const ctx = { t, te };
    const title = spec.failure ? await failureText(t, spec.failure) : undefined;
    const refuse = (reason: string, code: string, fieldErrors?: Record<string, string>): ActionResult<never> =>
      title
        ? fail(title, { code, fieldErrors, ...(reason !== title ? { description: reason } : {}) })
        : fail(reason, { code, fieldErrors });

    const schema = typeof spec.input === 'function' && !('safeParse' in spec.input) ? (spec.input as () => S)() : (spec.input as S);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const nested = schema instanceof ZodObject && 'values' in schema.shape;
      const fieldErrors = formFieldErrors(parsed.error.issues, (key) => validationText(t, key), nested);
      const first = Object.values(fieldErrors)[0];
      return refuse(first ?? te('validation'), 'validation', first ? fieldErrors : undefined);
    }

    try {
      return ok(await throwingUnauthorized(() => spec.run(parsed.data, ctx)));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const own = spec.refusal?.(error, ctx);
      if (own) return refuse(own.message ?? title ?? te(errorMessageKey(error)), error.code, own.fieldErrors);
      if (error.status === 401) {
        // the token is no longer accepted: end the session here; the client keeps the typed data
        (await getSession()).destroy();
        return fail(te('sessionEnded'), { code: SESSION_ENDED });
      }
      if (error.code === 'validation' && error.field) {
        // the rule's message key (older APIs sent it as the message)
        const rule = error.rule ?? error.message;
        const key = rule && t.has(`validation.${rule}`) ? rule : 'required';
        const message = validationText(t, key);
        return refuse(message, error.code, { [error.field]: message });
      }
      if (error.code === 'stale') return refuse(te('conflict'), error.code);
      return refuse(te(errorMessageKey(error)), error.code);
    }
  };
}

/**
 * zod issues → the first message per form field. In a schema with a `values` key only issues
 * under it name fields (their path after `values`, dotted); a schema that is the form itself
 * names fields by its whole path.
 */
export function formFieldErrors(issues: ReadonlyArray<Issue>, translate: (key: string) => string, nested: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = nested ? (issue.path[0] === 'values' ? issue.path.slice(1) : null) : issue.path;
    if (!path || path.length === 0) continue;
    const field = path.map(String).join('.');
    if (!(field in out)) out[field] = translate(issue.message);
  }
  return out;
}
