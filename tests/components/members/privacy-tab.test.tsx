import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemberDetail, type MemberDetailProps } from '@/components/members/member-detail';
import { resetSecondFactorAction } from '@/components/members/privacy-actions';
import { eraseMemberAction, erasurePlanAction, personReadsAction } from '@/components/shared/privacy/actions';
import { PrivacyTab, type PrivacyTabProps } from '@/components/shared/privacy/privacy-tab';
import { notify } from '@/components/ui/toast';
import type { Erasure, PersonReads } from '@/lib/api/privacy';
import { ERASURE_RULES } from '@/lib/domain/privacy/erasure';
import { PERSON_REFERENCES } from '@/server/db/person-reference-list';
import { privacyRightsOf } from '@/lib/domain/privacy/rights';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import { renderWithIntl as renderIntl } from '../render-with-intl';
import { countries, functionGroups, savedMember, trainingDefinitions } from './fixtures';

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
const searchParams = new URLSearchParams();
jest.mock('next/navigation', () => ({ useRouter: () => router, useSearchParams: () => searchParams }));
jest.mock('../../../components/members/actions', () => ({}));
jest.mock('../../../components/members/privacy-actions', () => ({ resetSecondFactorAction: jest.fn() }));
jest.mock('../../../components/shared/privacy/actions', () => ({
  erasurePlanAction: jest.fn(),
  eraseMemberAction: jest.fn(),
  personReadsAction: jest.fn(),
}));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn() },
}));

const plan = erasurePlanAction as jest.MockedFunction<typeof erasurePlanAction>;
const erase = eraseMemberAction as jest.MockedFunction<typeof eraseMemberAction>;
const reads = personReadsAction as jest.MockedFunction<typeof personReadsAction>;
const reset = resetSecondFactorAction as jest.MockedFunction<typeof resetSecondFactorAction>;

const ALL = { exportAndErase: true, readTrail: false, resetSecondFactor: true };

beforeEach(() => jest.clearAllMocks());

function erasure(overrides: Partial<Erasure> = {}): Erasure {
  return {
    memberId: 955,
    dryRun: true,
    allowed: true,
    refusals: [],
    plan: [
      {
        place: 'members',
        action: 'anonymise',
        rows: 1,
        code: 'anonymous_record',
        reason: 'Name, address … removed',
        keptUntil: null,
      },
      {
        place: 'order_invoices.lines',
        action: 'keep',
        rows: 2,
        code: 'accounting',
        reason: 'Invoices are kept 7 years',
        keptUntil: '2032-12-31',
      },
      { place: 'sessions.member_id', action: 'delete', rows: 3, code: 'login', reason: "The person's sign-in sessions", keptUntil: null },
      { place: 'passkeys.member_id', action: 'delete', rows: 0, code: 'login', reason: "The person's passkeys", keptUntil: null },
    ],
    erasedAt: null,
    ...overrides,
  };
}

function renderTab(props: Partial<PrivacyTabProps> = {}, locale: 'de' | 'en' = 'de') {
  return renderIntl(<PrivacyTab memberId={955} memberName="Rosalie Aigner" orgId={1} funkId={52} rights={ALL} {...props} />, locale);
}

function renderDetail(props: Partial<MemberDetailProps> = {}) {
  return renderIntl(
    <MemberDetail
      orgId={1}
      funkId={52}
      member={savedMember()}
      roles={[]}
      countries={countries}
      trainingDefinitions={trainingDefinitions}
      functionGroups={functionGroups}
      acting={{ level: 1, canCreate: true, isClub: false }}
      {...props}
    />,
  );
}

async function planShown(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Löschung planen' }));
  await waitFor(() => expect(plan).toHaveBeenCalledWith({ memberId: 955 }));
}

describe('who sees the Datenschutz tab', () => {
  it('a club sees neither the tab nor the second-factor reset', async () => {
    // the federation's view first, so both are loaded and their absence below is the club's
    const federation = renderDetail({ privacy: ALL });
    expect(await screen.findByRole('button', { name: 'Zweiten Faktor zurücksetzen' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Datenschutz' })).toBeInTheDocument();
    federation.unmount();
    renderDetail({ orgId: 11, funkId: 51, acting: { level: 3, canCreate: true, isClub: true }, privacy: null });
    expect(screen.getByRole('tab', { name: 'Verlauf' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Datenschutz' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zweiten Faktor zurücksetzen' })).not.toBeInTheDocument();
  });

  it('federation staff without 52 or 1007 get the second-factor reset but no tab', async () => {
    renderDetail({ funkId: 51, privacy: { exportAndErase: false, readTrail: false, resetSecondFactor: true } });
    expect(screen.queryByRole('tab', { name: 'Datenschutz' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Zweiten Faktor zurücksetzen' })).toBeInTheDocument();
  });

  it('federation staff with 52 get the tab with the downloads through the proxy', async () => {
    const user = userEvent.setup();
    renderDetail({ privacy: ALL });
    await user.click(screen.getByRole('tab', { name: 'Datenschutz' }));
    const section = (await screen.findByRole('heading', { name: 'Daten herunterladen' })).closest('section')!;
    expect(within(section).getByRole('link', { name: 'JSON' })).toHaveAttribute(
      'href',
      '/admin/api/v1/admin/members/955/export?format=json',
    );
    expect(within(section).getByRole('link', { name: 'PDF' })).toHaveAttribute('href', '/admin/api/v1/admin/members/955/export?format=pdf');
    expect(within(section).getByRole('link', { name: 'ZIP' })).toHaveAttribute('href', '/admin/api/v1/admin/members/955/export?format=zip');
  });

  it('follows the system roles: export and erasure for 52, the trail for 1007, nothing from a club', () => {
    expect(privacyRightsOf([{ funkId: 52, orgId: 1, orgLevel: 1 }])).toEqual({
      exportAndErase: true,
      readTrail: false,
      resetSecondFactor: true,
    });
    // the data-protection officer alone reads the trail and changes nothing
    expect(privacyRightsOf([{ funkId: 1007, orgId: 1, orgLevel: 1 }])).toEqual({
      exportAndErase: false,
      readTrail: true,
      resetSecondFactor: false,
    });
    expect(
      privacyRightsOf([
        { funkId: 1007, orgId: 1, orgLevel: 1 },
        { funkId: 52, orgId: 1, orgLevel: 1 },
      ]),
    ).toEqual({ exportAndErase: true, readTrail: true, resetSecondFactor: true });
    expect(privacyRightsOf([{ funkId: 51, orgId: 1 }])).toEqual({ exportAndErase: false, readTrail: false, resetSecondFactor: true });
    expect(privacyRightsOf([{ funkId: 52, orgId: 11, orgLevel: 3 }])).toEqual({
      exportAndErase: false,
      readTrail: false,
      resetSecondFactor: false,
    });
  });
});

describe('the erasure', () => {
  it('shows the plan: what, action, rows, kept until, reason; places holding nothing left out', async () => {
    plan.mockResolvedValue({ ok: true, data: erasure() });
    const user = userEvent.setup();
    renderTab();
    await planShown(user);
    const table = await screen.findByRole('table', { name: 'Löschplan' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Was', 'Aktion', 'Datensätze', 'Aufbewahrt bis', 'Grund']);
    const invoices = within(table).getByText('Rechnungen').closest('tr')!;
    expect(within(invoices).getByText('wird aufbewahrt')).toBeInTheDocument();
    expect(within(invoices).getByText('2')).toBeInTheDocument();
    expect(within(invoices).getByText('31.12.2032')).toBeInTheDocument();
    expect(within(invoices).getByText('Buchhaltungsunterlagen: 7 Jahre aufzubewahren, mit anonymem Namen')).toBeInTheDocument();
    expect(within(table).getByText('Anmeldungen (Sitzungen)').closest('tr')).toHaveTextContent('wird gelöscht');
    expect(within(table).queryByText('Passkeys')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Endgültig löschen' })).toBeInTheDocument();
  });

  it('shows the refusals with their reasons and offers no erasure', async () => {
    plan.mockResolvedValue({
      ok: true,
      data: erasure({
        allowed: false,
        refusals: [
          {
            code: 'open_order',
            params: { orderId: 12, category: 'Lizenz' },
            message: 'Order 12 (Lizenz) is still open: release or refund it first',
          },
          {
            code: 'active_function',
            params: { roleId: 32, roleName: 'Mitglied', orgId: 11, orgName: 'BSV Wiener Neustadt', dateTo: '2999-12-31' },
            message: 'Mitglied in BSV Wiener Neustadt is active until 2999-12-31: end it first',
          },
        ],
      }),
    });
    const user = userEvent.setup();
    renderTab();
    await planShown(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die Person kann derzeit nicht gelöscht werden:');
    expect(alert).toHaveTextContent('Offene Bestellung: Bestellung 12 (Lizenz) ist noch offen: zuerst freigeben oder stornieren.');
    expect(alert).toHaveTextContent('Aktive Funktion: Mitglied in BSV Wiener Neustadt ist bis 31.12.2999 aktiv: zuerst beenden.');
    expect(alert).not.toHaveTextContent('is still open');
    expect(screen.queryByRole('button', { name: 'Endgültig löschen' })).not.toBeInTheDocument();
  });

  it('gives the refusals in English on the English screen', async () => {
    plan.mockResolvedValue({
      ok: true,
      data: erasure({
        allowed: false,
        refusals: [
          {
            code: 'active_function',
            params: { roleId: 32, roleName: 'Mitglied', orgId: 11, orgName: 'BSV Wiener Neustadt', dateTo: '2027-06-30' },
            message: 'Mitglied in BSV Wiener Neustadt is active until 2027-06-30: end it first',
          },
        ],
      }),
    });
    const user = userEvent.setup();
    renderTab({}, 'en');
    await user.click(screen.getByRole('button', { name: 'Plan erasure' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Active function: Mitglied in BSV Wiener Neustadt is active until 30.06.2027: end it first.',
    );
  });

  it('asks with the name first; Nein erases nothing and stays', async () => {
    plan.mockResolvedValue({ ok: true, data: erasure() });
    const user = userEvent.setup();
    renderTab();
    await planShown(user);
    await user.click(await screen.findByRole('button', { name: 'Endgültig löschen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Rosalie Aigner endgültig löschen? Das kann nicht rückgängig gemacht werden.');
    await user.click(within(dialog).getByRole('button', { name: 'Nein' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(erase).not.toHaveBeenCalled();
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByRole('table', { name: 'Löschplan' })).toBeInTheDocument();
  });

  it('Ja erases, says so and goes back to the list', async () => {
    plan.mockResolvedValue({ ok: true, data: erasure() });
    erase.mockResolvedValue({ ok: true, data: { erasedAt: '2026-11-27T10:00:00.000Z', message: 'Rosalie Aigner wurde gelöscht.' } });
    const user = userEvent.setup();
    renderTab();
    await planShown(user);
    await user.click(await screen.findByRole('button', { name: 'Endgültig löschen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/form/O1/F52'));
    expect(erase).toHaveBeenCalledWith({ memberId: 955, name: 'Rosalie Aigner' });
    expect(notify.success).toHaveBeenCalledWith('Rosalie Aigner wurde gelöscht.');
  });

  it('a refusal at the last moment stays on the page and shows the reasons as they are now', async () => {
    plan.mockResolvedValueOnce({ ok: true, data: erasure() });
    plan.mockResolvedValueOnce({
      ok: true,
      data: erasure({
        allowed: false,
        refusals: [{ code: 'open_order', params: { orderId: 13, category: 'Lizenz' }, message: 'Order 13 (Lizenz) is still open' }],
      }),
    });
    erase.mockResolvedValue({ ok: false, message: 'Die Person kann derzeit nicht gelöscht werden.', code: 'erasure_refused' });
    const user = userEvent.setup();
    renderTab();
    await planShown(user);
    await user.click(await screen.findByRole('button', { name: 'Endgültig löschen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Offene Bestellung: Bestellung 13 (Lizenz) ist noch offen');
    expect(notify.error).toHaveBeenCalled();
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Endgültig löschen' })).not.toBeInTheDocument();
  });
});

describe('the texts of the plan', () => {
  it('name every place, action, reason and refusal in German and English', () => {
    for (const messages of [de, en]) {
      const texts = messages.privacy;
      const missing = [
        ...PERSON_REFERENCES.map((r) => r.key).filter((place) => !(place.replace(/\./g, '__') in messages.personPlaces)),
        ...Object.values(ERASURE_RULES).flatMap((rule) => [
          ...(rule.code in texts.erase.reasons ? [] : [rule.code]),
          ...(rule.action in texts.erase.actions ? [] : [rule.action]),
        ]),
        ...['open_order', 'active_function', 'already_erased'].filter(
          (code) => !(code in texts.erase.refusals) || !(code in texts.erase.refusalDetails),
        ),
      ];
      expect(missing).toEqual([]);
    }
  });
});

describe('the read trail', () => {
  const page1: PersonReads = {
    items: [
      { at: '2026-11-20T09:15:00.000Z', kind: 'export', readBy: 7, readerName: 'Daniela Datenschutz', actingOrgId: 1 },
      { at: '2026-11-19T08:00:00.000Z', kind: 'member_card', readBy: 8, readerName: null, actingOrgId: 1 },
    ],
    total: 45,
    page: 1,
    size: 20,
  };

  it('is not shown to federation staff without the officer role', () => {
    renderTab();
    expect(screen.queryByRole('heading', { name: 'Wer hat den Datensatz gelesen' })).not.toBeInTheDocument();
    expect(reads).not.toHaveBeenCalled();
  });

  it('lists who read the record, a page at a time, for the data-protection officer', async () => {
    reads.mockResolvedValue({ ok: true, data: page1 });
    const user = userEvent.setup();
    renderTab({ rights: { exportAndErase: true, readTrail: true, resetSecondFactor: true } });
    expect(screen.getByRole('heading', { name: 'Wer hat den Datensatz gelesen' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Zugriffe auf den Datensatz' });
    expect(within(table).getByText('Daniela Datenschutz').closest('tr')).toHaveTextContent('Datenexport');
    expect(within(table).getByText('Person 8').closest('tr')).toHaveTextContent('Mitgliedskarte');
    expect(screen.getByText('Seite 1 von 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(reads).toHaveBeenLastCalledWith({ memberId: 955, page: 2 }));
  });
});

describe('the second-factor reset', () => {
  it('asks first; Nein resets nothing', async () => {
    const user = userEvent.setup();
    renderDetail({ privacy: ALL });
    await user.click(await screen.findByRole('button', { name: 'Zweiten Faktor zurücksetzen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Den zweiten Anmeldefaktor von Rosalie Aigner zurücksetzen?');
    await user.click(within(dialog).getByRole('button', { name: 'Nein' }));
    expect(reset).not.toHaveBeenCalled();
  });

  it('Ja resets and says so', async () => {
    reset.mockResolvedValue({ ok: true, data: { message: 'Der zweite Faktor von Rosalie Aigner wurde zurückgesetzt.' } });
    const user = userEvent.setup();
    renderDetail({ privacy: ALL });
    await user.click(await screen.findByRole('button', { name: 'Zweiten Faktor zurücksetzen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Der zweite Faktor von Rosalie Aigner wurde zurückgesetzt.'));
    expect(reset).toHaveBeenCalledWith({ memberId: 955, name: 'Rosalie Aigner' });
  });
});
