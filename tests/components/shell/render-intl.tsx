/** Kept for the member screen's tests until their imports move to tests/components/render-with-intl.tsx. */
export { renderWithIntl as renderIntl } from '../render-with-intl';
