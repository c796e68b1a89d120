import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { useJourney } from './support/journey.js';
import { goToRoute, openLoginPage, submitLogin } from './support/portal.js';
import { postSignedWebhookMessage } from './support/whatsapp.js';

const journey = useJourney({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });

async function signIn(email: string) {
  await openLoginPage(journey.page, journey.server.baseUrl);
  await submitLogin(journey.page, email);
  await journey.page.getByTestId('user-name').waitFor();
}

/** A customer writes to the demo number: the provider's webhook, signed as Meta signs it. */
async function customerWrites(from: string, text: string) {
  const response = await postSignedWebhookMessage(journey.server.baseUrl, {
    from,
    name: 'Journey Customer',
    text,
  });
  expect(response.status, await response.text()).toBe(200);
}

/** The number on a dashboard card, once it has one. */
async function statValue(label: string): Promise<number> {
  const value = journey.page.getByRole('group', { name: label }).getByTestId('stat-value');
  await value.waitFor();
  return Number(await value.textContent());
}

describe('customer-service configuration, dashboard and exports', () => {
  it('ADC changes the CS configuration, adds a template and a category, sees a new conversation counted and downloads a history export', async () => {
    const { page, consoleErrors } = journey;
    const suffix = Date.now().toString(36);
    await signIn('adc@demo.test');

    // 1. A configuration field, saved and still there after a reload.
    await goToRoute(page, '/config/CS');
    const form = page.getByRole('form', { name: 'Customer-service configuration' });
    await form.waitFor();
    const minutes = form.getByLabel('Close after (minutes)');
    await minutes.fill('45');
    await form.getByRole('button', { name: 'Save configuration' }).click();
    await page.getByText('The configuration was saved').waitFor();
    await saveScreenshot(page, 'cs-config-form');
    await page.reload();
    await page.getByRole('form', { name: 'Customer-service configuration' }).waitFor();
    await expect
      .poll(() => page.getByLabel('Close after (minutes)').inputValue(), { timeout: 10_000 })
      .toBe('45');

    // 2. A chat template.
    await goToRoute(page, '/config/chatTemplate');
    await page.getByRole('button', { name: 'New template' }).click();
    const templateForm = page.getByRole('form', { name: 'New chat template' });
    await templateForm.getByLabel('Name').fill(`Greeting ${suffix}`);
    await templateForm.getByLabel('Text').fill('Halo, terima kasih sudah menghubungi kami.');
    await templateForm.getByLabel('Shortcut').fill(`/hi${suffix}`);
    await templateForm.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('cell', { name: `Greeting ${suffix}`, exact: true }).waitFor();
    await templateForm.waitFor({ state: 'hidden' });
    await saveScreenshot(page, 'cs-config-chat-templates');

    // 3. A room category.
    await goToRoute(page, '/config/roomCategory');
    await page.getByRole('button', { name: 'New category' }).click();
    const categoryForm = page.getByRole('form', { name: 'New room category' });
    await categoryForm.getByLabel('Name').fill(`Billing ${suffix}`);
    await categoryForm.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: `Billing ${suffix}`, exact: true }).waitFor();
    await categoryForm.waitFor({ state: 'hidden' });
    await saveScreenshot(page, 'cs-config-room-categories');

    // 4. The dashboard counts a conversation a new customer starts now.
    await goToRoute(page, '/dashboard/customer-service');
    const before = await statValue('Total conversations');
    const customer = `62813${Date.now().toString().slice(-7)}`;
    await customerWrites(customer, 'Halo, saya mau tanya tagihan');
    // The open dashboard catches up by itself (socket event or its 15-second refresh), and a reload agrees.
    await expect.poll(() => statValue('Total conversations'), { timeout: 25_000 }).toBe(before + 1);
    await page.reload();
    await expect.poll(() => statValue('Total conversations'), { timeout: 10_000 }).toBe(before + 1);
    await page.getByRole('img', { name: 'Daily active tickets' }).waitFor();
    await saveScreenshot(page, 'cs-dashboard');

    // 5. A chat-history export: requested, built, downloaded from /exports.
    await goToRoute(page, '/exports');
    await page.getByRole('button', { name: 'New export' }).click();
    await page.getByRole('menuitem', { name: 'Chat history' }).click();
    await page
      .getByRole('form', { name: 'Export chat history' })
      .getByRole('button', { name: 'Start export' })
      .click();
    await page.getByRole('form', { name: 'Export chat history' }).waitFor({ state: 'hidden' });
    const table = page.getByRole('table', { name: 'Exports' });
    const row = table.getByRole('row').filter({ hasText: 'Chat history' }).first();
    await row.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await saveScreenshot(page, 'cs-exports');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file.split('\n')[0]).toMatch(/,/);

    expect(consoleErrors).toEqual([]);
  });
});
