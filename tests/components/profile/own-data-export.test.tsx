import { screen, within } from '@testing-library/react';
import { OwnDataExport } from '@/components/profile/own-data-export';
import { renderWithIntl } from '../render-with-intl';

describe('OwnDataExport', () => {
  it("offers 'Meine Daten herunterladen' as JSON, PDF and ZIP through the proxy", () => {
    renderWithIntl(<OwnDataExport />, 'de');
    const section = screen.getByRole('heading', { name: 'Meine Daten herunterladen' }).closest('section')!;
    expect(within(section).getByRole('link', { name: 'JSON' })).toHaveAttribute('href', '/admin/api/v1/profile/export?format=json');
    expect(within(section).getByRole('link', { name: 'PDF' })).toHaveAttribute('href', '/admin/api/v1/profile/export?format=pdf');
    expect(within(section).getByRole('link', { name: 'ZIP' })).toHaveAttribute('href', '/admin/api/v1/profile/export?format=zip');
  });

  it('speaks English too', () => {
    renderWithIntl(<OwnDataExport />, 'en');
    expect(screen.getByRole('heading', { name: 'Download my data' })).toBeInTheDocument();
  });
});
