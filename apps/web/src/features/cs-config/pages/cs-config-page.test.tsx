import { CS_CONFIG_DEFAULTS, type CsConfig } from '@sapa/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';
import { validateCsConfig } from '../components/cs-config-form';

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A configuration server that keeps what is PUT, as the real one merges it. */
function serveConfiguration(initial: Partial<CsConfig> = {}) {
  let stored: CsConfig = { ...CS_CONFIG_DEFAULTS, ...initial };
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request: SentRequest) => {
      if (!request.path.startsWith('/api/cs/configuration')) return undefined;
      if (request.method === 'PUT') stored = { ...stored, ...(request.body as Partial<CsConfig>) };
      return jsonResponse(200, { clientId: 'client-1', config: stored, defaultBot: null });
    },
  });
}

const puts = (requests: SentRequest[]) =>
  requests.filter((request) => request.method === 'PUT' && request.path === '/api/cs/configuration');

async function openForm() {
  renderApp('/config/CS');
  return screen.findByRole('form', { name: 'Customer-service configuration' });
}

describe('validateCsConfig', () => {
  it('accepts the defaults', () => {
    expect(validateCsConfig(CS_CONFIG_DEFAULTS)).toEqual({});
  });

  it('names each problem under its field', () => {
    expect(
      validateCsConfig({
        ...CS_CONFIG_DEFAULTS,
        autoclose: { enabled: true, minutes: 0 },
        package: '  ',
        initialState: 'bot',
        chatBot: false,
        isDisplayingUserData: true,
        userDataDisplay: [],
        csDataDisplay: ['x'.repeat(101)],
      }),
    ).toEqual({
      'autoclose.minutes': 'minutesWhole',
      package: 'packageRequired',
      initialState: 'botNeedsChatBot',
      userDataDisplay: 'fieldsRequired',
      csDataDisplay: 'fieldNameTooLong',
    });
    expect(
      validateCsConfig({ ...CS_CONFIG_DEFAULTS, autoclose: { enabled: true, minutes: 50_000 } }),
    ).toEqual({ 'autoclose.minutes': 'minutesTooLong' });
  });
});

describe('CS configuration form', () => {
  it('shows every group with the stored values and help for each field', async () => {
    serveConfiguration({ autoAssignTicket: true, autoclose: { enabled: true, minutes: 90 } });
    const form = await openForm();
    for (const group of ['Features', 'Routing and assignment', 'Auto-close', 'Closing a conversation']) {
      expect(within(form).getByText(group)).toBeTruthy();
    }
    expect(
      (within(form).getByRole('switch', { name: /Assign conversations automatically/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect((within(form).getByLabelText(/Close after \(minutes\)/) as HTMLInputElement).value).toBe('90');
    expect(within(form).getByText(/New conversations go to an online agent by themselves/)).toBeTruthy();
  });

  it('refuses an empty auto-close time and sends nothing until it is fixed', async () => {
    const { requests } = serveConfiguration();
    const form = await openForm();
    const user = userEvent.setup();
    const minutes = within(form).getByLabelText(/Close after \(minutes\)/);
    await user.clear(minutes);
    await user.click(within(form).getByRole('button', { name: 'Save configuration' }));

    expect(await within(form).findByText('Enter a whole number of minutes, at least 1')).toBeTruthy();
    expect(within(form).getByText('Correct the fields marked in red, then save again')).toBeTruthy();
    expect(puts(requests)).toHaveLength(0);

    await user.type(minutes, '30');
    expect(within(form).queryByText('Enter a whole number of minutes, at least 1')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]!.body).toMatchObject({ autoclose: { enabled: false, minutes: 30 } });
    expect(await screen.findByText('The configuration was saved')).toBeTruthy();
  });

  it('lets conversations start with the bot only when the chat bot is on', async () => {
    const { requests } = serveConfiguration();
    const form = await openForm();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'Chat bot' }));
    await user.click(within(form).getByRole('button', { name: 'Save configuration' }));
    expect(
      await within(form).findByText(
        'Conversations can start with the bot only when the chat bot is turned on',
      ),
    ).toBeTruthy();
    expect(puts(requests)).toHaveLength(0);

    await user.click(within(form).getByRole('switch', { name: /^Chat bot/ }));
    await user.click(within(form).getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]!.body).toMatchObject({ initialState: 'bot', chatBot: true });
  });

  it('asks for the fields to show when customer data is shown in the chat', async () => {
    const { requests } = serveConfiguration();
    const form = await openForm();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('switch', { name: /Show customer data in the chat/ }));
    await user.click(within(form).getByRole('button', { name: 'Save configuration' }));
    expect(
      await within(form).findByText('Name at least one field to show, or turn the display off'),
    ).toBeTruthy();
    expect(puts(requests)).toHaveLength(0);

    // The tags input also keeps a hidden input for the form value: type into the visible one.
    const fields = within(form)
      .getAllByLabelText(/^Customer data fields in the chat/)
      .find((element) => element instanceof HTMLInputElement && element.type !== 'hidden')!;
    await user.type(fields, 'plan{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]!.body).toMatchObject({ isDisplayingUserData: true, userDataDisplay: ['plan'] });
  });
});

describe('auto-close page', () => {
  it('sends ADB from CS settings to auto-close, which saves that field alone', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'ADB' }) });
    const { requests } = serveConfiguration({ autoclose: { enabled: false, minutes: 1440 } });
    const { router } = renderApp('/config/CS');
    const form = await screen.findByRole('form', { name: 'Auto-close' });
    expect(router.state.location.pathname).toBe('/config/AutoClose');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('switch', { name: /Close quiet conversations/ }));
    const minutes = within(form).getByLabelText(/Close after \(minutes\)/);
    await user.clear(minutes);
    await user.click(within(form).getByRole('button', { name: 'Save configuration' }));
    expect(await within(form).findByText('Enter a whole number of minutes, at least 1')).toBeTruthy();
    expect(puts(requests)).toHaveLength(0);

    await user.clear(minutes);
    await user.type(minutes, '120');
    await user.click(within(form).getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]!.body).toEqual({ autoclose: { enabled: true, minutes: 120 } });
  });
});
