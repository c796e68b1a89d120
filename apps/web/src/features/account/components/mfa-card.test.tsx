import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, mockFetch, type SentRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { buildSession } from '../../../test/session-fixture';
import { MfaCard } from './mfa-card';

const SECRET = 'JBSWY3DPEHPK3PXP';
const WRONG = 'The code is not valid. Enter the current code from your authenticator app.';

beforeEach(() => {
  useSessionStore.setState({ session: buildSession(), csrfToken: 'csrf-1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The MFA routes of one account: on or off, and 135790 as the only good code. */
function mfaApi(initiallyOn: boolean) {
  let on = initiallyOn;
  return mockFetch((request: SentRequest) => {
    const token = (request.body as { token?: string } | undefined)?.token;
    switch (request.path) {
      case '/api/users/mfa':
        return jsonResponse(200, { mfaEnabled: on });
      case '/api/users/mfa/activate':
        return jsonResponse(200, {
          otpauthUri: `otpauth://totp/Sapa:adc%40demo.test?secret=${SECRET}&issuer=Sapa`,
          secret: SECRET,
        });
      case '/api/users/mfa/verify':
      case '/api/users/mfa/deactivate':
        if (token !== '135790') return errorResponse(400, 'mfa_code_invalid', WRONG);
        on = request.path.endsWith('verify');
        return jsonResponse(200, { mfaEnabled: on });
      default:
        return errorResponse(404, 'route_not_found', request.path);
    }
  });
}

describe('MFA card', () => {
  it('turns MFA on: QR code and secret as text, a wrong code refused, the right one accepted', async () => {
    const { requests } = mfaApi(false);
    renderWithProviders(<MfaCard />);
    const user = userEvent.setup();

    expect((await screen.findByTestId('mfa-status')).textContent).toBe('Off');
    await user.click(screen.getByRole('button', { name: 'Turn on MFA' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('mfa-secret').textContent).toBe(SECRET);

    await user.type(screen.getByLabelText('Code from the app'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect((await screen.findByRole('alert')).textContent).toContain(WRONG);

    await user.type(screen.getByLabelText('Code from the app'), '135790');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    await waitFor(() => expect(screen.getByTestId('mfa-status').textContent).toBe('On'));
    expect(screen.queryByTestId('mfa-secret')).toBeNull();
    expect(requests.filter((request) => request.path === '/api/users/mfa/verify').at(-1)?.body).toEqual({
      token: '135790',
    });
  });

  it('turns MFA off with a current code', async () => {
    mfaApi(true);
    renderWithProviders(<MfaCard />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Current code from the app'), '135790');
    await user.click(screen.getByRole('button', { name: 'Turn off MFA' }));

    await waitFor(() => expect(screen.getByTestId('mfa-status').textContent).toBe('Off'));
    expect(screen.getByRole('button', { name: 'Turn on MFA' })).toBeTruthy();
  });
});
