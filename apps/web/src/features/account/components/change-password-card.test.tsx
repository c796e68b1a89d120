import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { buildSession } from '../../../test/session-fixture';
import { ChangePasswordForm } from './change-password-card';

const EMAIL = 'ayu@demo.test';

beforeEach(() => {
  useSessionStore.setState({ session: buildSession({ email: EMAIL }), csrfToken: 'csrf-1' });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

function ruleMet(rule: string): boolean {
  const item = document.querySelector(`[data-rule="${rule}"]`);
  if (!item) throw new Error(`no rule ${rule}`);
  return item.getAttribute('data-met') === 'true';
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('change password form', () => {
  it('shows each policy rule ticking as the new password meets it', async () => {
    mockFetch(() => jsonResponse(200, {}));
    renderWithProviders(<ChangePasswordForm email={EMAIL} />);
    const user = userEvent.setup();

    const list = screen.getByRole('list', { name: 'The new password must:' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(ruleMet('tooShort')).toBe(false);
    expect(ruleMet('mismatch')).toBe(false);

    await fill(user, { 'Current password': 'Old-password-1', 'New password': EMAIL });
    expect(ruleMet('tooShort')).toBe(true);
    expect(ruleMet('isEmail')).toBe(false);

    await fill(user, { 'New password': 'Old-password-1' });
    expect(ruleMet('isEmail')).toBe(true);
    expect(ruleMet('sameAsOld')).toBe(false);

    await fill(user, { 'New password': 'New-password-22', 'Confirm new password': 'New-password-2' });
    expect(ruleMet('sameAsOld')).toBe(true);
    expect(ruleMet('mismatch')).toBe(false);

    await user.type(screen.getByLabelText('Confirm new password'), '2');
    for (const rule of ['tooShort', 'isEmail', 'sameAsOld', 'mismatch']) expect(ruleMet(rule)).toBe(true);
  });

  it('refuses a password that breaks the policy without calling the server', async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(200, { changed: true }));
    renderWithProviders(<ChangePasswordForm email={EMAIL} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(screen.getByText('The new password must have at least 10 characters.')).toBeTruthy();

    await fill(user, {
      'Current password': 'Old-password-1',
      'New password': 'short',
      'Confirm new password': 'other',
    });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password and its confirmation do not match.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends old, new and confirmation, then empties the form', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, { changed: true }));
    renderWithProviders(<ChangePasswordForm email={EMAIL} />);
    const user = userEvent.setup();

    await fill(user, {
      'Current password': 'Old-password-1',
      'New password': 'New-password-22',
      'Confirm new password': 'New-password-22',
    });
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain('/api/users/changePassword'),
    );
    expect(requests[0]?.body).toEqual({
      oldPassword: 'Old-password-1',
      newPassword: 'New-password-22',
      confirmPassword: 'New-password-22',
    });
    await waitFor(() => expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe(''));
  });

  it('puts a wrong current password under its field, in the chosen language', async () => {
    mockFetch(() => errorResponse(400, 'wrong_password', 'Your current password is not correct.'));
    await changeLocale('id');
    renderWithProviders(<ChangePasswordForm email={EMAIL} />);
    const user = userEvent.setup();

    await fill(user, {
      'Kata sandi saat ini': 'Not-my-password',
      'Kata sandi baru': 'New-password-22',
      'Konfirmasi kata sandi baru': 'New-password-22',
    });
    await user.click(screen.getByRole('button', { name: 'Ubah kata sandi' }));

    expect(await screen.findByText('Kata sandi Anda saat ini tidak benar.')).toBeTruthy();
  });
});
