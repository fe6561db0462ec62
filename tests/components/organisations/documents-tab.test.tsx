import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentsTab, documentHref } from '@/components/organisations/documents-tab';
import { deleteDocument } from '@/components/organisations/actions';
import { notify } from '@/components/ui/toast';
import type { OrgDocument } from '@/lib/api/organisations';
import { renderWithIntl } from '../render-with-intl';

/** Documents tab: pdf/docx/xlsx with a type, download, delete after confirmation. */
const router = { refresh: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/organisations/actions', () => ({ deleteDocument: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));
const deleteMock = deleteDocument as jest.MockedFunction<typeof deleteDocument>;

const doc: OrgDocument = {
  uuid: 'a1b2c3',
  url: '/api/v1/uploads?file=org%2F11%2Fa1b2c3.pdf',
  name: 'statuten.pdf',
  type: 'Statuten',
  mime: 'application/pdf',
  size: 2048,
  uploadedAt: '2026-11-21T08:00:00Z',
};

beforeEach(() => jest.clearAllMocks());

describe('DocumentsTab', () => {
  it("says 'Keine Dokumente vorhanden' and needs a document type before a file can be chosen", async () => {
    const user = userEvent.setup();
    renderWithIntl(<DocumentsTab actingOrgId={11} orgId={11} documents={[]} canEdit />);
    expect(screen.getByText('Keine Dokumente vorhanden')).toBeInTheDocument();
    const choose = screen.getByRole('button', { name: 'Datei auswählen und hochladen' });
    expect(choose).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Dokumenttyp' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Statuten', 'ZVR-Auszug', 'Vereinsgründung']);
    await user.click(screen.getByRole('option', { name: 'ZVR-Auszug' }));
    expect(choose).toBeEnabled();
  });

  it('refuses a file that is not pdf, docx or xlsx before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const open = jest.spyOn(XMLHttpRequest.prototype, 'open');
    renderWithIntl(<DocumentsTab actingOrgId={11} orgId={11} documents={[]} canEdit />);
    await user.click(screen.getByRole('combobox', { name: 'Dokumenttyp' }));
    await user.click(screen.getByRole('option', { name: 'Statuten' }));
    await user.upload(
      screen.getByLabelText('Datei auswählen und hochladen', { selector: 'input' }),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(notify.error).toHaveBeenCalledWith('Nur PDF-, DOCX- oder XLSX-Dateien sind erlaubt');
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('links each document for download through the proxy and deletes after Ja', async () => {
    const user = userEvent.setup();
    deleteMock.mockResolvedValue({ ok: true, data: null });
    renderWithIntl(<DocumentsTab actingOrgId={1} orgId={11} documents={[doc]} canEdit />);
    const link = screen.getByRole('link', { name: 'statuten.pdf' });
    expect(link).toHaveAttribute('href', '/admin/api/v1/uploads?file=org%2F11%2Fa1b2c3.pdf&actingOrgId=1');
    expect(link).toHaveAttribute('download', 'statuten.pdf');
    await user.click(screen.getByRole('button', { name: 'Löschen: statuten.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Dokument „statuten.pdf“ löschen?');
    await user.click(within(dialog).getByRole('button', { name: 'Nein' }));
    expect(deleteMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Löschen: statuten.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith({ actingOrgId: 1, orgId: 11, uuid: 'a1b2c3' }));
    expect(notify.success).toHaveBeenCalledWith('Dokument gelöscht');
    expect(router.refresh).toHaveBeenCalled();
  });

  it('offers no upload or delete without the right to edit', () => {
    renderWithIntl(<DocumentsTab actingOrgId={4} orgId={11} documents={[doc]} canEdit={false} />);
    expect(screen.queryByRole('button', { name: /Löschen/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Dokumenttyp' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'statuten.pdf' })).toBeInTheDocument();
  });

  it('documentHref adds the acting organisation to the API link', () => {
    expect(documentHref('/api/v1/uploads?file=k', 4)).toBe('/admin/api/v1/uploads?file=k&actingOrgId=4');
  });
});
