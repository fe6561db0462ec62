/**
 * The browser's part of a passkey ceremony, loaded only when a passkey is used (the sign-in page
 * stays small): asks the authenticator with the API's options and answers its response, or null
 * when the person cancelled or the browser cannot.
 */
export async function askAuthenticator(kind: 'get', options: unknown): Promise<unknown | null>;
export async function askAuthenticator(kind: 'create', options: unknown): Promise<unknown | null>;
export async function askAuthenticator(kind: 'get' | 'create', options: unknown): Promise<unknown | null> {
  const browser = await import('@simplewebauthn/browser');
  try {
    return kind === 'get'
      ? await browser.startAuthentication({ optionsJSON: options as Parameters<typeof browser.startAuthentication>[0]['optionsJSON'] })
      : await browser.startRegistration({ optionsJSON: options as Parameters<typeof browser.startRegistration>[0]['optionsJSON'] });
  } catch {
    return null;
  }
}
