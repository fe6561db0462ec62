'use client';

import { createContext, useContext, type ComponentPropsWithRef } from 'react';
import { Button, type ButtonProps } from './button';
import { useIsClient } from './hooks/use-is-client';

/**
 * A form that carries a secret (a password, or the e-mail of a sign-in or reset) is never sent
 * by the browser itself: its data goes only through the page's own submit handler, into a server
 * action's POST body. So it
 * - posts (`method="post"`): should the browser ever submit it natively, the secret is in the
 *   request body, never in the address, the history or a proxy's or server's access log;
 * - cannot be submitted before the page is hydrated: its submit button (SecretSubmitButton) stays
 *   disabled until then, and a disabled default button also stops submission by Enter. Without
 *   JavaScript the form cannot be sent at all (the application needs JavaScript anyway), and on a
 *   slow network the button turns usable as soon as the handler exists.
 */

const Hydrated = createContext(false);

export type SecretFormProps = Omit<ComponentPropsWithRef<'form'>, 'method' | 'action'>;

export function SecretForm({ children, ...props }: SecretFormProps) {
  const hydrated = useIsClient();
  return (
    <form {...props} method="post">
      <Hydrated.Provider value={hydrated}>{children}</Hydrated.Provider>
    </form>
  );
}

/** The submit button of a SecretForm: disabled until the page is hydrated. */
export function SecretSubmitButton({ disabled, ...props }: Omit<ButtonProps, 'type'>) {
  const hydrated = useContext(Hydrated);
  return <Button {...props} type="submit" disabled={!hydrated || disabled} />;
}
