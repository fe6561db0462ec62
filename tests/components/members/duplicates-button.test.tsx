import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MembersScreen } from '@/components/members/members-screen';
import { duplicatesAction } from '@/components/members/duplicates/actions';
import { renderWithIntl } from '../render-with-intl';
import { countries } from './fixtures';

/** 'Duplikate' on form 52: only where the caller may merge (the federation, a state association). */
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
  useSearchParams: () => null,
}));
jest.mock('../../../components/members/duplicates/actions', () => ({
  duplicatesAction: jest.fn(),
  dismissPairAction: jest.fn(),
  mergePlanAction: jest.fn(),
  mergeAction: jest.fn(),
  undoMergeAction: jest.fn(),
}));
const reportMock = duplicatesAction as jest.MockedFunction<typeof duplicatesAction>;

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/admin/form/O7/F52');
  (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(() =>
    Promise.resolve({ ok: true, status: 200, json: async () => ({ items: [], total: 0 }) }),
  );
  reportMock.mockResolvedValue({ ok: true, data: { items: [], total: 0, page: 1, size: 20 } });
});

function renderScreen(duplicates: { org?: number } | null) {
  return renderWithIntl(
    <MembersScreen orgId={7} funkId={52} all selectedId={null} canCreate={false} duplicates={duplicates} countries={countries}>
      <p>rechts</p>
    </MembersScreen>,
  );
}

describe("Form 52's 'Duplikate'", () => {
  it("opens the state association's report and closes it again", async () => {
    const user = userEvent.setup();
    renderScreen({ org: 7 });
    await user.click(screen.getByRole('button', { name: 'Duplikate' }));
    expect(await screen.findByRole('region', { name: 'Duplikate' })).toBeInTheDocument();
    await waitFor(() => expect(reportMock).toHaveBeenCalledWith({ org: 7, page: 1 }));
    expect(await screen.findByText('Keine möglichen Duplikate gefunden.')).toBeInTheDocument();
    expect(screen.queryByText('rechts')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('region', { name: 'Duplikate' })).not.toBeInTheDocument();
    expect(screen.getByText('rechts')).toBeInTheDocument();
  });

  it("opens on the pair the create dialog's link names (?duplicates=a,b)", async () => {
    window.history.replaceState(null, '', '/admin/form/O7/F52?duplicates=101,202');
    renderScreen({ org: 7 });
    expect(await screen.findByRole('region', { name: 'Duplikate' })).toBeInTheDocument();
    await waitFor(() => expect(reportMock).toHaveBeenCalledWith({ org: 7, page: 1, pair: [101, 202] }));
    expect(screen.getByText('Gezeigt wird nur das Paar aus der Prüfung beim Anlegen.')).toBeInTheDocument();
  });

  it('ignores that link where the caller may not merge', () => {
    window.history.replaceState(null, '', '/admin/form/O7/F52?duplicates=101,202');
    renderScreen(null);
    expect(screen.queryByRole('region', { name: 'Duplikate' })).not.toBeInTheDocument();
    expect(screen.getByText('rechts')).toBeInTheDocument();
    expect(reportMock).not.toHaveBeenCalled();
  });

  it('is not offered where the caller may not merge (a club)', () => {
    renderScreen(null);
    expect(screen.queryByRole('button', { name: 'Duplikate' })).not.toBeInTheDocument();
  });
});
