import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { useJourney } from './support/journey.js';
import { goToRoute, openLoginPage, submitLogin, waitForHash } from './support/portal.js';

const journey = useJourney({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });

describe('channel areas: self-service, blacklist, status messages and providers', () => {
  it('USO lands on the first self-service sender, sends a WhatsApp template and sees it in the history', async () => {
    const { page, server, consoleErrors } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'uso@demo.test');
    // Spec §6: the demo client has every channel, so the first sender in the order is voice's.
    await waitForHash(page, '#/voice/self-service/send');
    await page.getByRole('heading', { name: 'Voice · Send' }).waitFor();

    await goToRoute(page, '/whatsapp/self-service/send');
    await page.getByRole('heading', { name: 'WhatsApp · Send' }).waitFor();
    const form = page.getByRole('form', { name: 'Send a message' });
    await form.getByLabel('Recipients').fill('0812 7100 0301');
    await form.getByLabel('Template name').fill('pengingat_tagihan');
    await form.getByRole('button', { name: 'Add parameter' }).click();
    await form.getByLabel('Parameter 1', { exact: true }).fill('Budi');
    await form.getByRole('figure', { name: 'Message preview' }).getByText('{{1}} → Budi').waitFor();
    await saveScreenshot(page, 'channel-self-service-whatsapp');
    await form.getByRole('button', { name: 'Send to 1 recipient' }).click();
    await page.getByText('Queued for 1 recipient').waitFor();

    await goToRoute(page, '/whatsapp/self-service/history-self-service');
    await page.getByRole('heading', { name: 'WhatsApp · Self-service history' }).waitFor();
    const row = page
      .getByRole('table', { name: 'Self-service history' })
      .getByRole('row')
      .filter({ hasText: '6281271000301' });
    await row.getByText('pengingat_tagihan').waitFor();
    await row.getByText('uso@demo.test').waitFor();
    // The dispatcher takes it within seconds: the sandbox reports it sent, then further.
    await row.getByText(/^(Sent|Delivered|Read)$/).waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'channel-self-service-history');
    expect(consoleErrors).toEqual([]);
  });

  it('an admin blocks and unblocks a number, exports the status messages as a job, downloads the file and tests an SMS provider', async () => {
    const { page, server, consoleErrors } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'adc@demo.test');
    await page.getByTestId('user-name').waitFor();

    // 1. The blacklist: add an SMS number, see it listed, remove it through the confirmation.
    await goToRoute(page, '/sms/blacklist');
    await page.getByRole('heading', { name: 'SMS · Blacklist' }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const add = page.getByRole('form', { name: 'Add to the blacklist' });
    await add.getByLabel('Phone number').fill('0812 7100 0401');
    await add.getByLabel('Reason').fill('Asked not to be contacted');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    const table = page.getByRole('table', { name: 'Blacklist' });
    const entry = table.getByRole('row').filter({ hasText: '6281271000401' });
    await entry.getByText('Asked not to be contacted').waitFor();
    await saveScreenshot(page, 'channel-blacklist');
    await entry.getByRole('button', { name: 'Remove 6281271000401' }).click();
    await page.getByRole('dialog').getByText('Messages to 6281271000401 will be sent again.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await entry.waitFor({ state: 'detached' });

    // 2. Something to export: a self-service SMS (the admins may send one too).
    await goToRoute(page, '/sms/self-service/send');
    const form = page.getByRole('form', { name: 'Send a message' });
    await form.getByLabel('Recipients').fill('0812 7100 0402');
    await form.getByLabel('Message').fill('Toko buka jam 9');
    await form.getByTestId('sms-counter').getByText('Encoding GSM-7').waitFor();
    await form.getByRole('button', { name: 'Send to 1 recipient' }).click();
    await page.getByText('Queued for 1 recipient').waitFor();

    // 3. Status messages: the message listed, exported as a job with its progress, then downloaded.
    await goToRoute(page, '/sms/status-messages');
    await page.getByRole('heading', { name: 'SMS · Status messages' }).waitFor();
    await page
      .getByRole('table', { name: 'Status messages' })
      .getByRole('row')
      .filter({ hasText: '6281271000402' })
      .waitFor();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const job = page.getByRole('region', { name: 'Your export' });
    await job.getByRole('progressbar').waitFor();
    await job.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => job.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await saveScreenshot(page, 'channel-status-messages-export');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      job.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toContain('recipient');
    expect(csv).toContain('6281271000402');

    // 4. The SMS dashboard counts what was sent; today's campaigns (the demo's) are searched by code.
    await goToRoute(page, '/dashboard/sms');
    await page.getByRole('heading', { name: 'SMS dashboard' }).waitFor();
    await expect
      .poll(async () =>
        Number(
          await page.getByRole('group', { name: 'Notifications' }).getByTestId('stat-value').textContent(),
        ),
      )
      .toBeGreaterThan(0);
    // Active customers: the self-service SMS reached its recipient today, so today and this month count it.
    const activeFigure = async (name: string) =>
      Number(await page.getByRole('group', { name }).getByTestId('stat-value').textContent());
    await expect.poll(() => activeFigure('Daily active customers'), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await activeFigure('Monthly active customers')).toBeGreaterThanOrEqual(
      await activeFigure('Daily active customers'),
    );
    await page.getByText('Daily active customers, last 30 days').waitFor();
    await page.getByText('Monthly active customers, last 6 months').waitFor();
    await page.getByRole('table', { name: 'Daily campaign progress' }).waitFor();
    await saveScreenshot(page, 'channel-dashboard-sms');
    await page.getByRole('textbox', { name: 'Search by campaign code' }).fill('NO-SUCH-CAMPAIGN');
    await page.getByText("no data for today's campaign").waitFor();

    // 5. An SMPP provider: its password is never shown back, and "test connection" says in plain
    // words why this server may not reach it (the journey has no SMSC on a public address).
    await goToRoute(page, '/sms/configuration/provider');
    await page.getByRole('heading', { name: 'SMS · Provider configuration' }).waitFor();
    await page.getByText('No provider yet: this channel sends through the sandbox.').waitFor();
    await page.getByRole('button', { name: 'Add provider' }).click();
    const provider = page.getByRole('form', { name: 'Provider' });
    await provider.getByLabel('Name').fill('Local SMSC');
    await provider.getByLabel('Host').fill('127.0.0.1');
    await provider.getByLabel('System id').fill('sapa');
    await provider.getByLabel('Sender id').fill('SAPA');
    await provider.locator('input[type=password]').fill('Smsc-Pa55word');
    await provider.getByRole('button', { name: 'Save' }).click();
    const card = page.getByRole('region', { name: 'Local SMSC' });
    await card.getByText('Default', { exact: true }).waitFor();
    expect(await page.content()).not.toContain('Smsc-Pa55word');
    await card.getByRole('button', { name: 'Test connection' }).click();
    const result = card.getByRole('status');
    await result.getByText('Connection failed').waitFor();
    await result.getByText(/private or reserved address/).waitFor();
    await saveScreenshot(page, 'channel-provider-sms');
    expect(consoleErrors).toEqual([]);
  });
});
