import { act, screen, waitFor, within } from '@testing-library/react';
import { notify, Toaster, TOAST_DURATION_MS, TOAST_LONG_DURATION_MS } from '@/components/ui/toast';
import { renderWithIntl } from '../render-with-intl';

describe('toasts', () => {
  afterEach(() => {
    act(() => {
      notify.dismiss();
    });
  });

  it('shows a success toast with its text', async () => {
    renderWithIntl(<Toaster />);
    act(() => {
      notify.success('Erfolgreich gespeichert');
    });
    expect(await screen.findByText('Erfolgreich gespeichert')).toBeInTheDocument();
  });

  it('shows error and info toasts', async () => {
    renderWithIntl(<Toaster />);
    act(() => {
      notify.error('Fehler: Etwas ist schiefgelaufen');
      notify.info('Mitglieder geladen');
    });
    expect(await screen.findByText('Fehler: Etwas ist schiefgelaufen')).toBeInTheDocument();
    expect(await screen.findByText('Mitglieder geladen')).toBeInTheDocument();
  });

  it('closes a toast after 3 seconds by default', async () => {
    jest.useFakeTimers();
    try {
      renderWithIntl(<Toaster />);
      act(() => {
        notify.success('Neues Passwort gespeichert!');
      });
      // sonner loads with the first toast
      expect(await screen.findByText('Neues Passwort gespeichert!')).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(TOAST_DURATION_MS - 500);
      });
      expect(screen.getByText('Neues Passwort gespeichert!')).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(2000);
      });
      await waitFor(() => expect(screen.queryByText('Neues Passwort gespeichert!')).not.toBeInTheDocument());
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps a toast given a 5 s duration past 3 s', async () => {
    jest.useFakeTimers();
    try {
      renderWithIntl(<Toaster />);
      act(() => {
        notify.error('Speichern fehlgeschlagen', { duration: TOAST_LONG_DURATION_MS });
      });
      expect(await screen.findByText('Speichern fehlgeschlagen')).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(4000);
      });
      expect(screen.getByText('Speichern fehlgeschlagen')).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(1500);
      });
      await waitFor(() => expect(screen.queryByText('Speichern fehlgeschlagen')).not.toBeInTheDocument());
    } finally {
      jest.useRealTimers();
    }
  });

  it('puts toasts into a notification region labelled in German', async () => {
    renderWithIntl(<Toaster />);
    act(() => {
      notify.info('Mitglieder geladen');
    });
    const region = await screen.findByRole('region', { name: /^Benachrichtigungen/ });
    expect(await within(region).findByText('Mitglieder geladen')).toBeInTheDocument();
  });

  it('turns a loading toast into a success toast with the same id', async () => {
    renderWithIntl(<Toaster />);
    let id: string | number = '';
    act(() => {
      id = notify.loading('Organisation wird gespeichert');
    });
    expect(await screen.findByText('Organisation wird gespeichert')).toBeInTheDocument();
    act(() => {
      notify.success('Organisation gespeichert!', { id });
    });
    expect(await screen.findByText('Organisation gespeichert!')).toBeInTheDocument();
    expect(screen.queryByText('Organisation wird gespeichert')).not.toBeInTheDocument();
  });
});
