import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { useJourney } from './support/journey.js';
import {
  DEMO_PASSWORD,
  goToRoute,
  logOut,
  openLoginPage,
  submitLogin,
  waitForHash,
} from './support/portal.js';
import { totp } from './support/totp.js';

const journey = useJourney({
  viewport: { width: 1280, height: 900 },
  // Refused calls (wrong code, used link) are answered 4xx on purpose: the browser logs those.
  ignoreConsoleError: (message) => /status of 4\d\d/.test(message.text()),
});

/** Signs in on this test's page, or on `page` when another person's browser is in play. */
async function signIn(email: string, password = DEMO_PASSWORD, page = journey.page) {
  await openLoginPage(page, journey.server.baseUrl);
  await submitLogin(page, email, password);
  await page.getByTestId('user-name').waitFor();
}

async function openEditProfile() {
  await goToRoute(journey.page, '/settings/editProfile');
  await journey.page.getByRole('heading', { name: 'Two-step verification (MFA)' }).waitFor();
}

describe('account security', () => {
  it('a user turns on MFA from the QR secret, then signs in with a code; a wrong code is refused', async () => {
    const { page, consoleErrors } = journey;
    const email = 'usv@demo.test';
    await signIn(email);
    await openEditProfile();
    await saveScreenshot(page, 'account-edit-profile');

    // Turn on: the QR code and the same secret as text, which the "authenticator" here reads.
    await page.getByRole('button', { name: 'Turn on MFA' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await saveScreenshot(page, 'account-mfa-activate');

    // A wrong first code is refused and MFA stays off.
    const activation = page.getByRole('form', { name: 'Verify and turn on' });
    await activation.getByLabel('Code from the app').fill('000000');
    await activation.getByRole('button', { name: 'Verify and turn on' }).click();
    await activation.getByRole('alert').filter({ hasText: 'The code is not valid' }).waitFor();

    await activation.getByLabel('Code from the app').fill(totp(secret));
    await activation.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByTestId('mfa-status').filter({ hasText: 'On' }).waitFor();
    await page.getByRole('button', { name: 'Turn off MFA' }).waitFor();

    await logOut(page);

    // Sign in again: the password alone no longer opens the portal.
    await submitLogin(page, email);
    const codeStep = page.getByRole('form', { name: 'Verify code' });
    await codeStep.waitFor();
    await saveScreenshot(page, 'login-code-step');

    await codeStep.getByLabel('Authentication code').fill('123456');
    await codeStep.getByRole('button', { name: 'Verify code' }).click();
    await codeStep.getByRole('alert').filter({ hasText: 'The code is not valid' }).waitFor();
    expect(await codeStep.getByLabel('Authentication code').inputValue()).toBe('');
    await saveScreenshot(page, 'login-code-step-refused');

    // Each code works once: the one used to turn MFA on is spent, so the next step's code signs in
    // (the server allows one step of clock drift).
    await codeStep.getByLabel('Authentication code').fill(totp(secret, Date.now() + 30_000));
    await codeStep.getByRole('button', { name: 'Verify code' }).click();
    await page.getByTestId('user-name').waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('forgot password: the super admin reads the mail in the outbox, the link resets once, the new password signs in', async () => {
    const { server, browser, page, consoleErrors } = journey;
    const email = 'usp@demo.test';
    const newPassword = 'Fresh-start-2026';

    // 1. The user asks for a link from the login page.
    await openLoginPage(page, server.baseUrl);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForHash(page, '#/forgot-password');
    const request = page.getByRole('form', { name: 'Forgot password' });
    await request.getByLabel('Email').fill(email);
    await saveScreenshot(page, 'forgot-password');
    await request.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your email' }).waitFor();

    // 2. Embedded mode has no SMTP: the super admin reads the mail in the sandbox outbox.
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await admin.newPage();
    let link = '';
    try {
      await signIn('sad@demo.test', DEMO_PASSWORD, adminPage);
      await goToRoute(adminPage, '/settings/mailOutbox');
      await adminPage.getByRole('heading', { name: 'Mail outbox' }).waitFor();
      await adminPage.getByLabel('Recipient email (full address)').fill(email);
      const row = adminPage.getByRole('row').filter({ hasText: 'Reset your Sapa password' });
      await row.first().waitFor();
      await saveScreenshot(adminPage, 'mail-outbox');
      await row.first().getByRole('button', { name: /Read/ }).click();
      const mail = adminPage.getByRole('dialog').getByTestId('mail-text');
      await mail.waitFor();
      // The dialog fades in: wait for it to settle before the picture.
      await adminPage.waitForFunction(() => {
        const dialog = document.querySelector('[role="dialog"]');
        return dialog !== null && getComputedStyle(dialog).opacity === '1';
      });
      await saveScreenshot(adminPage, 'mail-outbox-message');
      link = (await mail.getByRole('link').first().getAttribute('href')) ?? '';
    } finally {
      await admin.close();
    }
    const token = new URL(link.replace('/#/', '/')).searchParams.get('token') ?? '';
    expect(link).toContain('#/reset-password?token=');
    expect(token.length).toBeGreaterThan(20);

    // 3. The link opens the reset page (on this server's address), the policy is checked live.
    const resetUrl = `${server.baseUrl}/#/reset-password?token=${token}`;
    await page.goto(resetUrl);
    const reset = page.getByRole('form', { name: 'Reset password' });
    await reset.waitFor();
    await reset.getByLabel('New password', { exact: true }).fill('short');
    await reset.getByLabel('Confirm new password').fill('short');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await reset.getByText('The new password must have at least 10 characters.').waitFor();
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Confirm new password').fill(newPassword);
    await saveScreenshot(page, 'reset-password');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password reset' }).waitFor();

    // 4. The link is single use: opening it again says so plainly.
    await page.goto(`${server.baseUrl}/#/`);
    // Only the hash changes: the reset page must have left the screen (the login form is up) before the
    // link is opened again, or it stays mounted with its success notice.
    await page.getByLabel('Username').waitFor();
    await page.goto(resetUrl);
    const again = page.getByRole('form', { name: 'Reset password' });
    await again.getByLabel('New password', { exact: true }).fill('Another-pass-2026');
    await again.getByLabel('Confirm new password').fill('Another-pass-2026');
    await again.getByRole('button', { name: 'Reset password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This reset link was already used. Ask for a new one.' })
      .waitFor();
    await page.getByRole('link', { name: 'Ask for a new reset link' }).waitFor();
    await saveScreenshot(page, 'reset-password-used-link');

    // 5. The old password is refused, the new one signs in.
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, email);
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    await submitLogin(page, email, newPassword);
    await page.getByTestId('user-name').waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('change password enforces the policy live and on submit, then the new password signs in', async () => {
    const { page, consoleErrors } = journey;
    const email = 'uso@demo.test';
    const newPassword = 'Changed-pass-2026';
    await signIn(email);
    await openEditProfile();
    const form = page.getByRole('form', { name: 'Change password' });
    const rule = (name: string) => form.locator(`[data-rule="${name}"]`);

    await form.getByLabel('Current password').fill(DEMO_PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(email);
    expect(await rule('tooShort').getAttribute('data-met')).toBe('true');
    expect(await rule('isEmail').getAttribute('data-met')).toBe('false');
    await form.getByLabel('Confirm new password').fill(email);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The new password must not be your email address.').waitFor();
    await saveScreenshot(page, 'change-password-policy');

    // A wrong current password is the server's to find: it answers under the field.
    await form.getByLabel('Current password').fill('Not-my-password-1');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    for (const name of ['tooShort', 'isEmail', 'sameAsOld', 'mismatch'])
      expect(await rule(name).getAttribute('data-met')).toBe('true');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your current password is not correct.').waitFor();

    await form.getByLabel('Current password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed.').waitFor();

    await logOut(page);
    await submitLogin(page, email, newPassword);
    await page.getByTestId('user-name').waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('a client admin renames themself, makes and rotates the API secret (shown once) and gives consent', async () => {
    const { page, consoleErrors } = journey;
    await signIn('adc@demo.test');
    await openEditProfile();

    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Name').fill('Demo ADC Renamed');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await page.getByTestId('user-name').filter({ hasText: 'Demo ADC Renamed' }).waitFor();

    const secretSection = page.getByRole('region', { name: 'API secret' });
    await secretSection.getByRole('button', { name: /API secret/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    const first = ((await secretSection.getByTestId('one-time-secret').textContent()) ?? '').trim();
    expect(first.length).toBeGreaterThanOrEqual(16);

    // Rotating asks first, then shows the new secret once; the old one stops working.
    await secretSection.getByRole('button', { name: 'Rotate API secret' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('The current one stops working at once.').waitFor();
    await saveScreenshot(page, 'api-secret-rotate-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await secretSection.getByTestId('one-time-secret').filter({ hasNotText: first }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await saveScreenshot(page, 'api-secret-shown-once');

    const consent = page.getByRole('region', { name: 'Consent' });
    await consent.getByRole('button', { name: 'Accept the terms of use' }).click();
    await consent.getByTestId('consent-status').filter({ hasText: 'Accepted' }).waitFor();
    await consent.getByRole('button', { name: 'Withdraw consent' }).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('SSO: the login page leads to the SSO page, which names a bad provider and relay state', async () => {
    const { server, page } = journey;
    await openLoginPage(page, server.baseUrl);
    await page.getByRole('link', { name: 'Single sign-on (SSO)' }).click();
    await waitForHash(page, '#/sso');
    const form = page.getByRole('form', { name: 'Single sign-on (SSO)' });
    await form.getByLabel('Provider ID').fill('no-such-provider');
    await form.getByLabel('Relay state').fill('https://evil.example');
    await form.getByRole('button', { name: 'Continue with SSO' }).click();
    await form.getByText('Relay state invalid').waitFor();

    await form.getByLabel('Relay state').fill('/dashboard');
    await form.getByRole('button', { name: 'Continue with SSO' }).click();
    await form.getByText('Provider invalid').waitFor();
    await saveScreenshot(page, 'sso');
  });
});
