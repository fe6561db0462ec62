import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmLeaving, useGuardedRouter, useUnsavedChangesGuard } from '@/components/ui/hooks/use-unsaved-changes-guard';
import { renderWithIntl } from '../../render-with-intl';

/** One guard for every way out: links, the guarded router and confirmLeaving ask the same question. */

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));

beforeEach(() => jest.clearAllMocks());

function Screen({ dirty, ask }: { dirty: boolean; ask: () => Promise<boolean> }) {
  const release = useUnsavedChangesGuard(dirty, ask);
  const guarded = useGuardedRouter();
  return (
    <>
      <button type="button" onClick={release}>
        Gespeichert
      </button>
      <button type="button" onClick={() => void guarded.push('/form/O1/F51')}>
        Weg
      </button>
      <a href="/admin/form/O1/F52">Link</a>
    </>
  );
}

describe('the unsaved-changes guard', () => {
  it('lets every way out go without a question while nothing is unsaved', async () => {
    const ask = jest.fn(async () => false);
    renderWithIntl(<Screen dirty={false} ask={ask} />);
    await userEvent.click(screen.getByRole('button', { name: 'Weg' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/form/O1/F51'));
    await expect(confirmLeaving()).resolves.toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks before a programmatic navigation and a link: no stays, yes goes', async () => {
    const ask = jest.fn(async () => false);
    renderWithIntl(<Screen dirty ask={ask} />);
    await userEvent.click(screen.getByRole('button', { name: 'Weg' }));
    await userEvent.click(screen.getByRole('link', { name: 'Link' }));
    await waitFor(() => expect(ask).toHaveBeenCalledTimes(2));
    expect(router.push).not.toHaveBeenCalled();

    ask.mockImplementation(async () => true);
    await userEvent.click(screen.getByRole('button', { name: 'Weg' }));
    await userEvent.click(screen.getByRole('link', { name: 'Link' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledTimes(2));
    expect(router.push).toHaveBeenNthCalledWith(1, '/form/O1/F51');
    expect(router.push).toHaveBeenNthCalledWith(2, '/form/O1/F52');
  });

  it('does not ask after release (the changes were just saved)', async () => {
    const ask = jest.fn(async () => false);
    renderWithIntl(<Screen dirty ask={ask} />);
    await userEvent.click(screen.getByRole('button', { name: 'Gespeichert' }));
    await userEvent.click(screen.getByRole('button', { name: 'Weg' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/form/O1/F51'));
    expect(ask).not.toHaveBeenCalled();
  });

  it('stops asking once the screen is gone', async () => {
    const ask = jest.fn(async () => false);
    const { unmount } = renderWithIntl(<Screen dirty ask={ask} />);
    unmount();
    await expect(confirmLeaving()).resolves.toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });
});
