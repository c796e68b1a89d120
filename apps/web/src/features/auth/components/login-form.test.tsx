import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { deferred, errorResponse, jsonResponse, mockFetch, signBody } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { buildSession } from '../../../test/session-fixture';
import { forgetPublicKey } from '../api/get-public-key';
import { LoginPage } from '../pages/login-page';

let keyPair: CryptoKeyPair;
let publicKeyBase64: string;

beforeAll(async () => {
  keyPair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = await crypto.subtle.exportKey('spki', keyPair.publicKey);
  publicKeyBase64 = Buffer.from(spki).toString('base64');
});

beforeEach(() => {
  useSessionStore.setState({ session: null, csrfToken: null });
  forgetPublicKey();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

async function decrypt(base64: string): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'RSA-OAEP' },
    keyPair.privateKey,
    Buffer.from(base64, 'base64'),
  );
  return new TextDecoder().decode(plain);
}

function publicKeyResponse() {
  return jsonResponse(200, { algorithm: 'RSA-OAEP-256', publicKey: publicKeyBase64 });
}

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('login page', () => {
  it('shows the product name, its version and a locale switch', () => {
    mockFetch(() => jsonResponse(200, {}));
    renderWithProviders(<LoginPage />);

    expect(screen.getByRole('heading', { name: 'Sapa' })).toBeTruthy();
    expect(screen.getByText('Version 1.72.0')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Bahasa Indonesia' })).toBeTruthy();
  });

  it('asks for the username and password before calling the server', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, {}));
    renderWithProviders(<LoginPage />);

    await fillAndSubmit('', '');

    expect(await screen.findByText('Enter your username')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(requests.filter((request) => request.path === '/api/auth/login')).toHaveLength(0);
  });

  it('treats a username of only spaces as missing', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, {}));
    renderWithProviders(<LoginPage />);

    await fillAndSubmit('   ', 'secret');

    expect(await screen.findByText('Enter your username')).toBeTruthy();
    expect(screen.queryByText('Enter your password')).toBeNull();
    expect(requests.filter((request) => request.path === '/api/auth/login')).toHaveLength(0);
  });

  it('disables the form and shows progress while signing in', async () => {
    const loginAnswer = deferred<Response>();
    mockFetch((request) =>
      request.path === '/api/auth/publicKey' ? publicKeyResponse() : loginAnswer.promise,
    );
    renderWithProviders(<LoginPage />);

    await fillAndSubmit('adc@demo.test', 'Demo#2026');

    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(true));
    expect((screen.getByLabelText('Username') as HTMLInputElement).closest('fieldset')?.disabled).toBe(true);
    expect((button as HTMLButtonElement).disabled).toBe(true);

    loginAnswer.resolve(errorResponse(401, 'invalid_credentials', 'Invalid username or password'));
    await screen.findByRole('alert');
    expect((screen.getByLabelText('Username') as HTMLInputElement).closest('fieldset')?.disabled).toBe(false);
  });

  it("shows the server's error message when the login is refused", async () => {
    mockFetch((request) =>
      request.path === '/api/auth/publicKey'
        ? publicKeyResponse()
        : errorResponse(401, 'invalid_credentials', 'Invalid username or password'),
    );
    renderWithProviders(<LoginPage />);

    await fillAndSubmit('adc@demo.test', 'wrong');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid username or password');
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('encrypts the password with the server key and keeps the session it answers', async () => {
    const session = buildSession({ name: 'Admin Demo', integrityKey: 'login-key' });
    const { requests } = mockFetch((request) =>
      request.path === '/api/auth/publicKey'
        ? publicKeyResponse()
        : jsonResponse(200, signBody(session, 'login-key'), { 'x-csrf-token': 'csrf-after-login' }),
    );
    renderWithProviders(<LoginPage />);

    await fillAndSubmit('  adc@demo.test ', 'Demo#2026');

    await waitFor(() => expect(useSessionStore.getState().session).toEqual(session));
    const loginRequest = requests.find((request) => request.path === '/api/auth/login');
    const body = loginRequest?.body as { username: string; encryptedPassword: string; password?: string };
    expect(body.username).toBe('adc@demo.test');
    expect(body.password).toBeUndefined();
    expect(await decrypt(body.encryptedPassword)).toBe('Demo#2026');
    expect(loginRequest?.headers.has('authorization')).toBe(false);
    expect(useSessionStore.getState().csrfToken).toBe('csrf-after-login');
    expect(JSON.parse(sessionStorage.getItem('sapa.session') ?? '{}').state.session.token).toBe(
      session.token,
    );
  });

  it('reads the server key as the page opens, so signing in sends only the login call', async () => {
    const session = buildSession({ integrityKey: 'login-key' });
    const { requests } = mockFetch((request) =>
      request.path === '/api/auth/publicKey'
        ? publicKeyResponse()
        : jsonResponse(200, signBody(session, 'login-key')),
    );
    const onSignInStart = vi.fn();
    renderWithProviders(<LoginPage onSignInStart={onSignInStart} />);

    await waitFor(() => expect(requests.map((request) => request.path)).toEqual(['/api/auth/publicKey']));
    await fillAndSubmit('adc@demo.test', 'Demo#2026');

    await waitFor(() => expect(useSessionStore.getState().session).toEqual(session));
    expect(requests.map((request) => request.path)).toEqual(['/api/auth/publicKey', '/api/auth/login']);
    expect(onSignInStart).toHaveBeenCalledTimes(1);
  });

  it('reads the key again after a refused login, and tells no one of a sign-in the form refused', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/auth/publicKey'
        ? publicKeyResponse()
        : errorResponse(400, 'undecryptable_password', 'The password could not be decrypted'),
    );
    const onSignInStart = vi.fn();
    renderWithProviders(<LoginPage onSignInStart={onSignInStart} />);

    const user = await fillAndSubmit('adc@demo.test', '');
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    expect(onSignInStart).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password'), 'Demo#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toEqual([
        '/api/auth/publicKey',
        '/api/auth/login',
        '/api/auth/publicKey',
        '/api/auth/login',
      ]),
    );
    expect(onSignInStart).toHaveBeenCalledTimes(2);
  });

  it('refuses a login answer whose hash does not match its integrity key', async () => {
    const session = buildSession({ integrityKey: 'login-key' });
    mockFetch((request) =>
      request.path === '/api/auth/publicKey'
        ? publicKeyResponse()
        : jsonResponse(200, { ...signBody(session, 'login-key'), role: 'SAD' }),
    );
    renderWithProviders(<LoginPage />);

    await fillAndSubmit('adc@demo.test', 'Demo#2026');

    expect((await screen.findByRole('alert')).textContent).toContain('response is not trusted');
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('sends the password as is where WebCrypto is unavailable', async () => {
    vi.stubGlobal('crypto', {});
    const { requests } = mockFetch(() => jsonResponse(200, buildSession()));
    renderWithProviders(<LoginPage />);

    await fillAndSubmit('adc@demo.test', 'Demo#2026');

    await waitFor(() => expect(useSessionStore.getState().session).not.toBeNull());
    expect(requests.map((request) => request.path)).toEqual(['/api/auth/login']);
    expect(requests[0]?.body).toEqual({ username: 'adc@demo.test', password: 'Demo#2026' });
  });

  it('explains an unreachable server in words', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<LoginPage />);

    await fillAndSubmit('adc@demo.test', 'Demo#2026');

    expect((await screen.findByRole('alert')).textContent).toContain('The server could not be reached');
  });

  it('switches to Indonesian and remembers the choice', async () => {
    mockFetch(() => jsonResponse(200, {}));
    renderWithProviders(<LoginPage />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('radio', { name: 'Bahasa Indonesia' }));

    expect(await screen.findByLabelText('Nama pengguna')).toBeTruthy();
    expect(screen.getByLabelText('Kata sandi')).toBeTruthy();
    expect(screen.getByText('Versi 1.72.0')).toBeTruthy();
    expect(localStorage.getItem('sapa.locale')).toBe('id');

    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText('Masukkan nama pengguna Anda')).toBeTruthy();
  });
});
