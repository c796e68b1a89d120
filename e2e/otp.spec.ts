import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { useJourney } from './support/journey.js';
import { apiCall, apiLogin, goToRoute, openLoginPage, submitLogin, waitForHash } from './support/portal.js';

const journey = useJourney({ viewport: { width: 1280, height: 900 } });

describe('OTP and phone validation', () => {
  it('USP lands on the OTP dashboard, sends a code to the sandbox, reads it in the outbox and verifies it', async () => {
    const { page, server, consoleErrors } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'usp@demo.test');
    await waitForHash(page, '#/dashboard/otp');
    await page.getByRole('heading', { name: 'OTP', exact: true }).waitFor();
    await saveScreenshot(page, 'otp-dashboard');

    await goToRoute(page, '/otp/sendOTP');
    await page.getByRole('heading', { name: 'Send OTP' }).waitFor();
    await page.getByLabel('Destination').fill('0812 7777 0001');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Code sent' }).waitFor();

    // What the sandbox SMS channel received (its outbox is the client admins' to read).
    const admin = await apiLogin(server.baseUrl, 'adc@demo.test');
    let code = '';
    await expect
      .poll(
        async () => {
          const response = await apiCall(
            server.baseUrl,
            admin,
            'GET',
            '/api/sandbox/outbox?channel=sms&recipient=6281277770001',
          );
          const { items } = (await response.json()) as { items: { content: { text?: string } }[] };
          code = /(\d{6})/.exec(items[0]?.content.text ?? '')?.[1] ?? '';
          return code;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^\d{6}$/);

    await page.getByRole('textbox', { name: /^Code( \*)?$/ }).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Check code' }).click();
    await page.getByRole('status').filter({ hasText: 'Wrong code. 4 attempts left.' }).waitFor();
    await page.getByRole('textbox', { name: /^Code( \*)?$/ }).fill(code);
    await page.getByRole('button', { name: 'Check code' }).click();
    await page.getByRole('status').filter({ hasText: 'The code is right' }).waitFor();
    await saveScreenshot(page, 'otp-send-verified');

    await goToRoute(page, '/otp/otpDetails');
    await page
      .getByRole('row')
      .filter({ hasText: '6281277770001' })
      .filter({ hasText: 'Approved' })
      .waitFor();
    await saveScreenshot(page, 'otp-details');
    // The wrong code above is answered 200 (valid: false): no refused call to log.
    expect(consoleErrors).toEqual([]);
  });

  it('an admin validates a 10,000-row CSV and downloads the result', async () => {
    const { page, server, consoleErrors } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'adc@demo.test');
    await page.getByTestId('user-name').waitFor();
    await goToRoute(page, '/validations/self-service');
    await page.getByRole('heading', { name: 'Self-service' }).waitFor();

    const rows = Array.from({ length: 10_000 }, (_, n) =>
      n % 100 === 99 ? 'not a number' : `0812${String(10_000_000 + (n % 9_000)).slice(0, 8)}`,
    );
    await page.locator('input[type="file"]').setInputFiles({
      name: 'ten-thousand.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['phone', ...rows].join('\n')),
    });
    await waitForHash(page, '#/validations/history');
    const run = page.getByRole('row').filter({ hasText: 'ten-thousand.csv' });
    await run.filter({ hasText: 'Done' }).waitFor({ timeout: 60_000 });
    await run.filter({ hasText: '10000 numbers' }).waitFor();
    await saveScreenshot(page, 'validation-history');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      run.getByRole('button', { name: 'CSV' }).click(),
    ]);
    const lines = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(10_001);
    expect(lines[0]).toBe('row,input,valid,e164,nationalFormat,country,type,error,duplicate,blacklisted');
    expect(lines[100]).toContain('NOT_A_NUMBER');
    expect(consoleErrors).toEqual([]);
  });
});
