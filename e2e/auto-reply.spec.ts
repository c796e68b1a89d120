import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { useJourney } from './support/journey.js';
import { goToRoute, openLoginPage, submitLogin } from './support/portal.js';
import { postSandboxPhoneMessage, SANDBOX_PHONE_NUMBER_ID } from './support/whatsapp.js';

const journey = useJourney({ viewport: { width: 1280, height: 900 } });

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Tomorrow's day of the week in Jakarta: business hours on that day only exclude now. */
function tomorrowInJakarta(): string {
  const today = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jakarta', weekday: 'long' }).format(
    new Date(),
  );
  return DAYS[(DAYS.indexOf(today) + 1) % 7]!;
}

describe('auto-reply outside business hours', () => {
  it('ADC sets business hours that exclude now and an outside-hours rule; a customer on the sandbox phone gets the reply', async () => {
    const { page, consoleErrors } = journey;
    const reply = `Kami sedang tutup, kami balas besok pagi (${Date.now().toString(36)}).`;
    await openLoginPage(page, journey.server.baseUrl);
    await submitLogin(page, 'adc@demo.test');
    await page.getByTestId('user-name').waitFor();

    // 1. Business hours: one period, tomorrow only.
    await goToRoute(page, '/config/CSAvailability');
    await page.getByText('No schedule yet', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'New schedule' }).click();
    const schedule = page.getByRole('form', { name: 'New schedule' });
    await schedule.getByLabel('Name').fill('Office hours');
    await schedule.getByRole('button', { name: `Add period ${tomorrowInJakarta()}` }).click();
    await saveScreenshot(page, 'cs-availability-editor');
    await schedule.getByRole('button', { name: 'Save' }).click();
    await schedule.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Office hours', exact: true }).waitFor();
    await saveScreenshot(page, 'cs-availability');

    // 2. The rule that answers outside them.
    await goToRoute(page, '/config/AutoReply');
    await page.getByText('No auto-reply rule yet.').waitFor();
    await page.getByRole('button', { name: 'New rule' }).click();
    const rule = page.getByRole('form', { name: 'New rule' });
    await rule.getByRole('combobox', { name: 'When', exact: true }).click();
    await page.getByRole('option', { name: 'Outside business hours' }).click();
    await rule.getByLabel('Reply').fill(reply);
    await rule.getByRole('button', { name: 'Save' }).click();
    await rule.waitFor({ state: 'hidden' });
    await page.getByText(reply).waitFor();
    await saveScreenshot(page, 'cs-auto-reply');

    // 3. A customer writes on the sandbox phone and gets the auto-reply, once.
    const customer = `62813${Date.now().toString().slice(-7)}`;
    for (const text of ['Halo, masih buka?', 'Halo?']) {
      const sent = await postSandboxPhoneMessage(journey.server.baseUrl, {
        from: `+${customer}`,
        name: 'Rina',
        text,
      });
      expect(sent.status, await sent.text()).toBe(200);
    }
    const repliesOnPhone = async () => {
      const response = await fetch(
        `${journey.server.baseUrl}/api/sandbox/whatsapp/${SANDBOX_PHONE_NUMBER_ID}/conversations/${customer}`,
      );
      const { messages } = (await response.json()) as { messages: { text: string | null }[] };
      return messages.filter((message) => message.text === reply).length;
    };
    await expect.poll(repliesOnPhone, { timeout: 20_000 }).toBe(1);

    // 4. The other new screens answer (screenshots for the record).
    for (const [path, heading, name] of [
      ['/config/strategies', 'Routing strategies', 'cs-strategies'],
      ['/config/maintenance', 'Maintenance', 'cs-maintenance'],
      ['/config/provider', 'Provider', 'cs-provider'],
    ] as const) {
      await goToRoute(page, path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await saveScreenshot(page, name);
    }
    expect(await repliesOnPhone()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
});
