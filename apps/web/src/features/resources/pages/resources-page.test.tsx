import type { Resource } from '@sapa/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';
import { formatDuration, resourceChannelOfPath } from './resources-page';

beforeEach(() => {
  resetShell();
  useSessionStore.setState({
    session: buildSession({ role: 'ADC', features: ['SMS', 'WHATSAPP', 'VOICE', 'EMAIL'] }),
  });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const aResource = (overrides: Partial<Resource>): Resource => ({
  id: 'r-1',
  channel: 'WHATSAPP',
  name: 'Shop logo',
  kind: 'image',
  mimeType: 'image/png',
  size: 20_480,
  durationMs: null,
  fileId: 'f-1',
  createdAt: '2026-11-27T01:00:00.000Z',
  ...overrides,
});
const page = (items: Resource[], total = items.length) =>
  jsonResponse(200, { items, total, pageNumber: 0, pageSize: 10 });
const file = (type: string) =>
  new Response(new Blob(['x'], { type }), { status: 200, headers: { 'content-type': type } });

describe('the resources screen', () => {
  it("lists the area's files with an image's thumbnail and a recording's player, filters and searches", async () => {
    const logo = aResource({});
    const jingle = aResource({
      id: 'r-2',
      name: 'Jingle',
      kind: 'audio',
      mimeType: 'audio/mpeg',
      durationMs: 75_000,
      fileId: 'f-2',
    });
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/resources?')) {
          if (request.path.includes('search=nothing')) return page([]);
          if (request.path.includes('kind=audio')) return page([jingle]);
          return page([logo, jingle]);
        }
        if (request.path === '/api/resources/r-1/content') return file('image/png');
        if (request.path === '/api/resources/r-2/content') return file('audio/mpeg');
        return undefined;
      },
    });
    renderApp('/whatsapp/resources');
    const table = await screen.findByRole('table', { name: 'WhatsApp resources' });
    expect(await within(table).findByText('Shop logo')).toBeTruthy();
    expect(within(table).getByText('1:15')).toBeTruthy();
    expect(await within(table).findByRole('img', { name: 'Thumbnail of Shop logo' })).toBeTruthy();
    const listCall = requests.find((request) => request.path.startsWith('/api/resources?'));
    expect(listCall!.path).toContain('channel=WHATSAPP');
    // A recording is fetched only when asked for, then plays in the browser.
    expect(requests.some((request) => request.path === '/api/resources/r-2/content')).toBe(false);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Play Jingle' }));
    expect(await within(table).findByLabelText('Player of Jingle')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Audio' }));
    await waitFor(() => expect(requests.some((request) => request.path.includes('kind=audio'))).toBe(true));
    await user.type(screen.getByRole('textbox', { name: 'Search by name' }), 'nothing');
    expect(await screen.findByText('No resource matches these filters.')).toBeTruthy();
  });

  it('uploads a dropped file to the area and tells the server’s refusal in its words', async () => {
    let uploads = 0;
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/resources?')) return page([]);
        if (request.path === '/api/resources' && request.method === 'POST') {
          uploads += 1;
          return uploads === 1
            ? jsonResponse(
                201,
                aResource({ channel: 'VOICE', kind: 'audio', mimeType: 'audio/wav', name: 'hello.wav' }),
              )
            : errorResponse(
                400,
                'unsupported_media_type',
                'This file is not one of WAV or MP3. Its contents were checked, not its name.',
              );
        }
        return undefined;
      },
    });
    const { container } = renderApp('/voice/resources');
    expect(await screen.findByText('No resources yet. Drop a file above to add the first one.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Voice recordings' })).toBeTruthy();
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['RIFF'], 'hello.wav', { type: 'audio/wav' }));
    expect(await screen.findByText('hello.wav was added.')).toBeTruthy();
    const sent = requests.find((request) => request.method === 'POST' && request.path === '/api/resources');
    expect(sent).toBeTruthy();
    await user.upload(input, new File(['text'], 'fake.wav', { type: 'audio/wav' }));
    expect(
      await screen.findByText('This file is not one of WAV or MP3. Its contents were checked, not its name.'),
    ).toBeTruthy();
  });

  it('asks before deleting and shows why the server refuses while a campaign uses the file', async () => {
    mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/resources?'))
          return page([
            aResource({ channel: 'SMS', kind: 'document', mimeType: 'application/pdf', name: 'Terms' }),
          ]);
        if (request.path === '/api/resources/r-1' && request.method === 'DELETE')
          return errorResponse(
            409,
            'resource_in_use',
            'This resource is in use by campaign PROMO-1; choose another file there first.',
          );
        return undefined;
      },
    });
    renderApp('/sms/resources');
    const table = await screen.findByRole('table', { name: 'SMS resources' });
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: 'Delete Terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete resource' });
    await user.click(within(dialog).getByRole('button', { name: /yes|delete|confirm/i }));
    expect(
      await screen.findByText(
        'This resource is in use by campaign PROMO-1; choose another file there first.',
      ),
    ).toBeTruthy();
  });

  it('shows the error state when the list cannot load', async () => {
    mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) =>
        request.path.startsWith('/api/resources?')
          ? errorResponse(
              403,
              'forbidden',
              "Only the client's admins and the Email makers and checkers may do this.",
            )
          : undefined,
    });
    renderApp('/email/resources');
    expect(
      await screen.findByText("Only the client's admins and the Email makers and checkers may do this."),
    ).toBeTruthy();
  });

  it('reads the area from the path and formats durations', () => {
    expect(resourceChannelOfPath('/whatsapp/resources')).toBe('WHATSAPP');
    expect(resourceChannelOfPath('/voice/resources')).toBe('VOICE');
    expect(() => resourceChannelOfPath('/telegram/resources')).toThrow();
    expect(formatDuration(3000)).toBe('0:03');
    expect(formatDuration(754_000)).toBe('12:34');
  });
});
