/**
 * A full page load (not a client-side transition), so nothing of the previous session stays in the
 * router cache. Its own module so tests can watch it (jsdom cannot navigate).
 */
export function hardNavigate(url: string): void {
  window.location.assign(url);
}
