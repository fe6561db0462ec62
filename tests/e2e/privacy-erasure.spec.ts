import { expect, request, test } from '@playwright/test';
import { E2E_API_PORT } from '../../playwright.config';
import { confirm } from './support/confirm';
import { DEMO_PASSWORD, signIn } from './support/sign-in';

/**
 * A full erasure from the member's 'Datenschutz' tab (form 52 of the federation): a former member
 * (membership ended, no open order) is planned, confirmed with Ja, and is then in no list; the
 * federation's list search finds nobody by the name, nor the anonymous record.
 */

test.describe.configure({ timeout: 120_000 });

/** The federation's API calls that set the scene (a person who may be erased). */
async function federationApi() {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${E2E_API_PORT}` });
  const login = await api.post('/api/v1/auth/login', { data: { email: 'verband@example.org', password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { jwtToken } = (await login.json()) as { jwtToken: string };
  return { api, headers: { authorization: `Bearer ${jwtToken}` } };
}

type Assignment = { funkMgId?: number; id?: number; funcId?: number; roleId?: number };

/** A new person of BSV Wiener Neustadt whose membership is moved into 2020: a former member, free to erase. */
async function formerMember(firstName: string, surname: string): Promise<number> {
  const { api, headers } = await federationApi();
  try {
    const created = await api.post('/api/v1/admin/member', {
      headers,
      data: {
        orgId: 11,
        firstName,
        surname,
        birthDate: '1975-06-15',
        gender: 'w',
        email: `erasure.${Date.now().toString(36)}@example.net`,
        city: 'Baden',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = (await created.json()) as { id: number };
    const roles = await api.get(`/api/v1/admin/member/role/1/${id}`, { headers });
    expect(roles.ok()).toBe(true);
    const list = (await roles.json()) as Assignment[];
    const membership = list.find((a) => (a.funcId ?? a.roleId) === 32);
    expect(membership).toBeDefined();
    const moved = await api.post(`/api/v1/admin/functions/${id}`, {
      headers,
      data: { ...membership, dateFrom: '2020-01-01', dateTo: '2020-12-31' },
    });
    expect(moved.ok()).toBe(true);
    return id;
  } finally {
    await api.dispose();
  }
}

test("the federation erases a former member from the 'Datenschutz' tab: the plan, Ja, and the person is in no list", async ({ page }) => {
  const surname = `Löschprobe${Date.now().toString(36)}`;
  const id = await formerMember('Erna', surname);

  await signIn(page, 'verband@example.org');
  await page.goto(`/admin/form/O1/F52/${id}`);
  // before: the list's search finds the person
  const search = page.getByRole('searchbox', { name: 'Mitglieder suchen' });
  await search.fill(surname);
  await expect(page.getByRole('link', { name: new RegExp(surname) })).toBeVisible();
  await page.getByRole('tab', { name: 'Datenschutz' }).click();

  // the plan first: allowed, what is anonymised and what goes
  await page.getByRole('button', { name: 'Löschung planen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Die Löschung ist möglich.' })).toBeVisible();
  const plan = page.getByRole('table', { name: 'Löschplan' });
  await expect(plan).toContainText('wird anonymisiert');

  // Nein keeps the person
  await page.getByRole('button', { name: 'Endgültig löschen' }).click();
  const dialog = page.getByRole('alertdialog').filter({ hasText: `Erna ${surname} endgültig löschen?` });
  await dialog.getByRole('button', { name: 'Nein' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/F52/${id}$`));

  // Ja erases and goes back to the list
  await page.getByRole('button', { name: 'Endgültig löschen' }).click();
  await confirm(page, `Erna ${surname} endgültig löschen?`);
  await expect(page.getByText(`Erna ${surname} wurde gelöscht.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/form\/O1\/F52$/);

  // afterwards the list's search finds nobody by the name, nor the anonymous record
  await search.fill(surname);
  await expect(page.getByText('Mitglieder nicht gefunden')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(surname) })).toHaveCount(0);
  await search.fill(`Anonym #${id}`);
  await expect(page.getByText('Mitglieder nicht gefunden')).toBeVisible();

  // the record's own address answers that there is no such person
  await page.goto(`/admin/form/O1/F52/${id}`);
  // (by its text: once the page has hydrated, Next's route announcer is an alert too)
  await expect(page.getByRole('alert').filter({ hasText: 'Etwas ist schiefgelaufen. Prüfen Sie die ID des Mitglieds!' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Datenschutz' })).toHaveCount(0);
});
