import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { useJourney } from './support/journey.js';
import { goToRoute, logOut, openLoginPage, submitLogin } from './support/portal.js';

const journey = useJourney({ viewport: { width: 1280, height: 720 } });

async function signIn(email: string, password?: string) {
  await openLoginPage(journey.page, journey.server.baseUrl);
  await submitLogin(journey.page, email, password);
  await journey.page.getByTestId('user-name').waitFor();
}

/** Picks an option of a Mantine select by its label. */
async function choose(label: string, option: string) {
  await journey.page.getByRole('combobox', { name: label, exact: true }).click();
  await journey.page.getByRole('option', { name: option, exact: true }).click();
}

async function readSecret(): Promise<string> {
  const secret = (await journey.page.getByTestId('one-time-secret').textContent())?.trim() ?? '';
  expect(secret.length).toBeGreaterThanOrEqual(8);
  return secret;
}

/** Creates a user through `/users/user` and answers what the screen said. */
async function proposeUser(fields: { name: string; email: string; role: string; client?: string }) {
  await goToRoute(journey.page, '/users/user');
  const form = journey.page.getByRole('form', { name: 'New user' });
  await form.waitFor();
  await form.getByLabel('Name').fill(fields.name);
  await form.getByLabel('Email').fill(fields.email);
  await choose('Role', fields.role);
  if (fields.client) await choose('Client', fields.client);
  await form.getByRole('button', { name: 'Create user' }).click();
}

describe('administration', () => {
  it('SAD creates a client with features and its first admin; a second admin approves the user the first proposes; the new user signs in', async () => {
    const { server, page, consoleErrors } = journey;
    const suffix = Date.now().toString(36);
    const clientName = `Journey Client ${suffix}`;
    const firstAdmin = `first.${suffix}@journey.test`;
    const secondAdmin = `second.${suffix}@journey.test`;
    const newUser = `agent.${suffix}@journey.test`;

    // 1. The super admin creates the client: features, main feature, maker-checker and its first admin.
    await signIn('sad@demo.test');
    await goToRoute(page, '/clients/client');
    const form = page.getByRole('form', { name: 'New client' });
    await form.waitFor();
    await form.getByLabel('Client name').fill(clientName);
    await form.getByLabel('Business type').fill('Retail');
    for (const feature of ['OTP', 'SMS'])
      await form.getByRole('switch', { name: feature }).check({ force: true });
    await choose('Main feature', 'OTP');
    await form.getByRole('switch', { name: /Maker-checker approval/ }).check({ force: true });
    await form.getByLabel('Admin name').fill('First Admin');
    await form.getByLabel('Admin email').fill(firstAdmin);
    await saveScreenshot(page, 'admin-client-form');
    await form.getByRole('button', { name: 'Create client' }).click();
    await page.getByText(`Client ${clientName} created.`).first().waitFor();
    const firstPassword = await readSecret();
    await saveScreenshot(page, 'admin-client-created');

    // The client is listed with its features.
    await goToRoute(page, '/clients');
    await page.getByRole('textbox', { name: 'Search clients by name' }).fill(suffix);
    const row = page.getByRole('row').filter({ hasText: clientName });
    await row.waitFor();
    expect(await row.textContent()).toContain('SMS');

    // 2. A second admin for the client: the super admin's users never wait for approval.
    await proposeUser({
      name: 'Second Admin',
      email: secondAdmin,
      role: 'ADB · Admin brand',
      client: clientName,
    });
    await page.getByText(`User ${secondAdmin} created.`).waitFor();
    const secondPassword = await readSecret();
    await logOut(page);

    // 3. The first admin signs in with the temporary password and proposes a user: it waits for a checker.
    await signIn(firstAdmin, firstPassword);
    expect(await page.getByTestId('client-name').textContent()).toContain(clientName);
    await proposeUser({ name: 'New Agent', email: newUser, role: 'USC · User' });
    await page.getByText('Sent for approval').waitFor();
    await saveScreenshot(page, 'admin-user-sent-for-approval');
    // The maker cannot approve their own change: the server says so.
    await page.getByRole('link', { name: 'Open the approval task' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('You cannot approve or reject your own change').waitFor();
    await logOut(page);

    // The user does not exist yet.
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, newUser, 'Whatever#2026');
    await page.getByRole('alert').waitFor();

    // 4. The second admin approves the task and hands over the new user's temporary password.
    await signIn(secondAdmin, secondPassword);
    await goToRoute(page, '/users/tasks');
    const task = page.getByRole('row').filter({ hasText: newUser });
    await task.click();
    await page.getByRole('table', { name: 'Proposed change' }).getByText(newUser).waitFor();
    await saveScreenshot(page, 'admin-task-pending');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('The change is approved and applied.').waitFor();
    const newUserPassword = await readSecret();
    await saveScreenshot(page, 'admin-task-approved');
    await goToRoute(page, '/users');
    // The list may draw twice (its strings join on demand): a click on the first drawing can be lost.
    const userRow = page.getByRole('row').filter({ hasText: newUser });
    for (let attempt = 0; attempt < 3 && !page.url().includes('#/users/user/'); attempt++) {
      await userRow.click();
      await page.waitForURL(/#\/users\/user\//, { timeout: 5_000 }).catch(() => undefined);
    }
    await page.getByRole('heading', { name: 'New Agent' }).waitFor();
    await page.getByRole('button', { name: 'Set pending' }).waitFor();
    await saveScreenshot(page, 'admin-user-detail');
    // The audit trail says who created the user, and what the user became.
    await goToRoute(page, '/users/audit-trail');
    const created = page.getByRole('row').filter({ hasText: 'user.create' }).filter({ hasText: secondAdmin });
    await created.first().click();
    await page.getByRole('dialog').getByRole('table', { name: 'Change' }).getByText(newUser).waitFor();
    await saveScreenshot(page, 'admin-audit-trail');
    await page.keyboard.press('Escape');
    await logOut(page);

    // 5. The new user signs in.
    await signIn(newUser, newUserPassword);
    expect(await page.getByTestId('user-name').textContent()).toContain('New Agent');
    await saveScreenshot(page, 'admin-new-user-signed-in');

    // No failed call of the administration APIs beyond the maker's refused approval (403), and no
    // uncaught error. (Sign-out's own calls belong to the shell and are not this journey's.)
    const adminApi = /\/api\/(clients|users|tasks|roles|rights|audit-trail)/;
    const refusedOwnApproval = /status of 403 .*\/api\/tasks\/task\/[^/]+\/approve/;
    expect(
      consoleErrors.filter(
        (text) => text.startsWith('page error') || (adminApi.test(text) && !refusedOwnApproval.test(text)),
      ),
    ).toEqual([]);
  });

  it('SAD creates clients from a CSV file and sees what happened to every row', async () => {
    const { page } = journey;
    await signIn('sad@demo.test');
    await goToRoute(page, '/clients');
    await page.getByRole('button', { name: 'Import clients (CSV)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import clients (CSV)' });
    const csv = [
      'clientName,clientBizType,features,mainFeature,adminName,adminEmail',
      'Batch Retail,Retail,OTP|SMS,OTP,Batch Admin,batch.admin@journey.test',
      ',Retail,OTP,OTP,,',
    ].join('\n');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload' }).click();

    await dialog.getByText('1 of 2 rows imported, 1 failed').waitFor();
    const report = dialog.getByRole('table', { name: 'Result' });
    expect(await report.textContent()).toContain('batch.admin@journey.test');
    expect(await report.textContent()).toContain('clientName');
    await saveScreenshot(page, 'admin-client-batch');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('row').filter({ hasText: 'Batch Retail' }).waitFor();
  });
});
