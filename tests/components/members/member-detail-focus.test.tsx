import { screen } from '@testing-library/react';
import { MemberDetail } from '@/components/members/member-detail';
import { renderWithIntl } from '../render-with-intl';
import { countries, functionGroups, savedMember, trainingDefinitions } from './fixtures';

/*
 * Opening a record by keyboard (the overview table's row or 'Bearbeiten') replaces the page: the
 * control that opened it is gone and focus would fall back to <body>. The record's heading takes it.
 * A file of its own: the first record shown in a tab is what this is about.
 */

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));
jest.mock('../../../components/members/actions', () => ({}));

it("focuses the record's heading when the first record is opened and focus has fallen back to the page", () => {
  (document.activeElement as HTMLElement | null)?.blur();
  expect(document.activeElement).toBe(document.body);
  const member = savedMember();
  renderWithIntl(
    <MemberDetail
      orgId={11}
      funkId={51}
      member={member}
      roles={[]}
      countries={countries}
      trainingDefinitions={trainingDefinitions}
      functionGroups={functionGroups}
      acting={{ level: 3, canCreate: true, isClub: true }}
    />,
  );
  expect(screen.getByRole('heading', { level: 2, name: `${member.firstName} ${member.surname}` })).toHaveFocus();
});
