import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TournamentList } from '@/components/tournaments/tournament-list';
import { loadTournaments } from '@/components/tournaments/actions';
import { APPROVAL_FILTERS } from '@/components/tournaments/tournament-view';
import { renderWithIntl } from '../render-with-intl';

/* The filter checkboxes speak the screen's language; the API still gets its German values. */

jest.mock('../../../components/tournaments/actions', () => ({ loadTournaments: jest.fn() }));

const empty = { items: [], total: 0, page: 1, size: 7 } as unknown as Parameters<typeof TournamentList>[0]['initial'];

it('labels the filters in English and sends the API its values', async () => {
  jest.mocked(loadTournaments).mockResolvedValue({ ok: true, data: empty });
  const user = userEvent.setup();
  renderWithIntl(
    <TournamentList orgId={1} initial={empty} selectedId={null} hrefFor={(id) => `#t${id}`} filters={APPROVAL_FILTERS} canAdd={false} />,
    'en',
  );
  for (const label of ['Performance sport', 'Performance sport 3D', 'Performance sport ÖSTM/ÖM', 'Recreational sport', 'created']) {
    expect(screen.getByRole('checkbox', { name: label })).toBeInTheDocument();
  }
  await user.click(screen.getByRole('checkbox', { name: 'Performance sport 3D' }));
  await user.click(screen.getByRole('checkbox', { name: 'created' }));
  await waitFor(() => expect(loadTournaments).toHaveBeenLastCalledWith(expect.objectContaining({ filter: 'Leistungssport 3D,erstellt' })));
});

it('keeps the German labels in German', () => {
  renderWithIntl(
    <TournamentList orgId={1} initial={empty} selectedId={null} hrefFor={(id) => `#t${id}`} filters={APPROVAL_FILTERS} canAdd={false} />,
  );
  expect(screen.getByRole('checkbox', { name: 'Leistungssport ÖSTM/ÖM' })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'erstellt' })).toBeInTheDocument();
});
