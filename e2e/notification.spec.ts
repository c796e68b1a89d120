import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { collectConsoleErrors, useJourney } from './support/journey.js';
import { apiCall, apiLogin, goToRoute, openLoginPage, submitLogin } from './support/portal.js';

const journey = useJourney({ viewport: { width: 1366, height: 900 } });

const CODE = 'E2E-SMS-1';
const ROWS = 1_000;
/** Rows 8, 108, …: a phone that is no number (10 invalid); rows 4, 254, 504, 754 repeat the first recipient. */
const isInvalid = (n: number) => n % 100 === 7;
const isDuplicate = (n: number) => n % 250 === 3;
const phoneOf = (n: number) => `0812${String(20_000_000 + n)}`;
function notificationFile(): Buffer {
  const lines = ['phone,name'];
  for (let n = 0; n < ROWS; n++) {
    const phone = isInvalid(n) ? 'not a phone' : isDuplicate(n) ? phoneOf(0) : phoneOf(n);
    lines.push(`${phone},Customer ${n}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}
const invalid = Array.from({ length: ROWS }, (_, n) => n).filter(isInvalid).length;
const duplicate = Array.from({ length: ROWS }, (_, n) => n).filter(isDuplicate).length;

/** The demo client now requires a checker for what its makers send (the super admin's client setting). */
async function requireApproval(baseUrl: string) {
  const sad = await apiLogin(baseUrl, 'sad@demo.test');
  const adc = await apiLogin(baseUrl, 'adc@demo.test');
  const current = await (await apiCall(baseUrl, sad, 'GET', `/api/clients/${adc.clientId}`)).json();
  if (!current.abbreviatedClientName) delete current.abbreviatedClientName;
  const updated = await apiCall(baseUrl, sad, 'PUT', `/api/clients/${adc.clientId}`, {
    ...current,
    // The client's info carries its log types as JSON text; the edit takes the list.
    logTypes: JSON.parse(current.logTypes),
    approvalRequired: true,
  });
  expect(updated.status).toBe(200);
}

describe('notification campaigns', () => {
  it('an admin creates an SMS campaign with a window and a retry plan, uploads 1,000 rows, a checker approves, it is sent', async () => {
    const { page, server, consoleErrors } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'adc@demo.test');
    await page.getByTestId('user-name').waitFor();

    // The campaign, from the list's create button (the query carries action and clientId).
    await goToRoute(page, '/notification/campaign');
    await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Create campaign' }).waitFor();
    expect(new URL(page.url()).hash).toMatch(/action=create&clientId=/);
    await page.getByRole('textbox', { name: /^Campaign code/ }).fill(CODE);
    await page.getByRole('textbox', { name: /^Name/ }).fill('E2E bill reminder');
    await page.getByRole('textbox', { name: /^Message text/ }).fill('Hi {{name}}, your bill is ready.');

    await page.getByRole('combobox', { name: 'Window', exact: true }).click();
    await page.getByRole('option', { name: 'New window…' }).click();
    await page.getByRole('textbox', { name: /^Window name/ }).fill('E2E always');
    await page.getByRole('button', { name: 'Every hour' }).click();
    await page
      .getByRole('button', { name: 'Sun 23:00' })
      .and(page.locator('[aria-pressed="true"]'))
      .waitFor();

    await page.getByRole('combobox', { name: 'Retry plan', exact: true }).click();
    await page.getByRole('option', { name: 'New retry plan…' }).click();
    await page.getByRole('textbox', { name: /^Plan name/ }).fill('E2E twice');
    await page.getByRole('textbox', { name: /^Attempts per channel/ }).fill('2');
    await page.getByRole('textbox', { name: /^Wait between attempts/ }).fill('1');
    const timeline = page.getByRole('region', { name: 'Retry timeline' });
    await timeline.getByText('Retry after 1 min').waitFor();
    await saveScreenshot(page, 'notification-campaign-create');

    await page.getByRole('button', { name: 'Save and submit' }).click();
    await page.getByRole('heading', { name: /^Campaign details/ }).waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor();
    await page.getByRole('region', { name: 'Retry timeline' }).getByText('Retry after 1 min').waitFor();
    await saveScreenshot(page, 'notification-campaign-show');

    // From now on the client's makers need a checker.
    await requireApproval(server.baseUrl);

    await page.getByRole('button', { name: 'Upload file' }).click();
    await page.getByRole('heading', { name: 'Upload' }).waitFor();
    await page
      .getByRole('combobox', { name: 'Campaign' })
      .and(page.locator(`[value^="${CODE}"]`))
      .waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'bills.csv',
      mimeType: 'text/csv',
      buffer: notificationFile(),
    });
    const preview = page.getByRole('table', { name: 'Preview of the first rows' });
    await preview.getByText('Hi Customer 0, your bill is ready.').waitFor();
    await saveScreenshot(page, 'notification-upload-preview');
    await page.getByRole('button', { name: 'Upload and send' }).click();
    await page
      .getByTestId('count-valid')
      .filter({ hasText: String(ROWS - invalid - duplicate) })
      .waitFor({
        timeout: 60_000,
      });
    await expect.poll(() => page.getByTestId('count-invalid').textContent()).toBe(String(invalid));
    await expect.poll(() => page.getByTestId('count-duplicate').textContent()).toBe(String(duplicate));
    await page.getByText("The batch waits for a checker's approval before it is sent.").waitFor();
    await saveScreenshot(page, 'notification-upload-counts');
    const batchLink = (await page.getByRole('link', { name: 'Open the batch' }).getAttribute('href')) ?? '';
    const batchRoute = batchLink.replace(/^#/, '');
    expect(batchRoute).toMatch(/^\/notification\/campaign-batch-detail\?batchId=/);

    // The invalid rows, with their row numbers and reasons.
    await page.getByRole('group', { name: 'Invalid' }).getByRole('link', { name: 'See the rows' }).click();
    await page.getByRole('heading', { name: 'Batch input errors' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'not a phone' }).first().waitFor();
    await page.getByRole('cell', { name: '9', exact: true }).first().waitFor();
    await saveScreenshot(page, 'notification-batch-errors');
    // A checker, in a browser of their own, approves and follows the batch.
    const checkerContext = await journey.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const checker = await checkerContext.newPage();
    collectConsoleErrors(checker, consoleErrors);
    await openLoginPage(checker, server.baseUrl);
    await submitLogin(checker, 'adb@demo.test');
    await checker.getByTestId('user-name').waitFor();
    await goToRoute(checker, batchRoute);
    await checker.getByRole('heading', { name: 'Campaign batch detail' }).waitFor();
    await checker.getByText('This batch waits for your decision as checker.').waitFor();
    await saveScreenshot(checker, 'notification-batch-approval');
    const decided = checker.waitForResponse((response) =>
      /\/api\/tasks\/task\/[^/]+\/approve$/.test(response.url()),
    );
    await checker.getByRole('button', { name: 'Approve' }).click();
    const answer = await decided;
    expect(answer.status(), await answer.text()).toBe(200);
    await checker.getByText('Batch approved: it is scheduled').waitFor();

    // The live counters follow the batch until it is done (failed sends are retried a minute later): the dispatcher starts scheduled batches on its minute tick, then sends and retries once.
    await checker.getByTestId('batch-status').filter({ hasText: 'Done' }).waitFor({ timeout: 420_000 });
    await expect.poll(() => checker.getByTestId('batch-done-percent').textContent()).toBe('100%');
    await saveScreenshot(checker, 'notification-batch-done');

    // Every attempt of one notification.
    await checker.getByRole('link', { name: 'Batch input', exact: true }).click();
    await checker.getByRole('heading', { name: 'Batch input', exact: true }).waitFor();
    await checker
      .getByRole('row')
      .filter({ hasText: phoneOf(1).slice(1) })
      .first()
      .click();
    await checker.getByRole('heading', { name: 'Campaign attempts' }).waitFor();
    const attempts = checker.getByRole('table', { name: 'Attempts' });
    await attempts.getByRole('row').nth(1).waitFor();
    expect(await attempts.getByRole('row').nth(1).textContent()).toMatch(/SMS/);
    await saveScreenshot(checker, 'notification-attempts');

    await goToRoute(checker, '/notification/dashboard');
    await checker.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await checker.getByRole('table', { name: 'Daily campaign progress' }).getByText(CODE).waitFor();
    await saveScreenshot(checker, 'notification-dashboard');
    await checkerContext.close();
    expect(consoleErrors).toEqual([]);
  }, 600_000);
});
