import type { Resource } from '@sapa/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import '../notification-i18n';
import { RecordingPicker } from './recording-picker';

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:recording'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const recording: Resource = {
  id: 'r-1',
  channel: 'VOICE',
  name: 'Bill reminder',
  kind: 'audio',
  mimeType: 'audio/wav',
  size: 48_000,
  durationMs: 3_000,
  fileId: 'f-1',
  createdAt: '2026-11-27T01:00:00.000Z',
};

function renderPicker(items: Resource[], onChange = vi.fn(), value = '') {
  const { requests } = mockFetch((request) => {
    if (request.path.startsWith('/api/resources?'))
      return jsonResponse(200, { items, total: items.length, pageNumber: 0, pageSize: 100 });
    if (request.path === '/api/resources/r-1/content')
      return new Response(new Blob(['RIFF']), { status: 200, headers: { 'content-type': 'audio/wav' } });
    return jsonResponse(404, {});
  });
  const router = createMemoryRouter(
    [{ path: '/', element: <RecordingPicker clientId="c-1" value={value} onChange={onChange} /> }],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { requests, onChange };
}

describe("a voice campaign's recording", () => {
  it('is chosen from the voice recordings, keeping its file id, and can be listened to first', async () => {
    const other = { ...recording, id: 'r-2', fileId: 'f-2', name: 'Promo', durationMs: 12_400 };
    const { requests, onChange } = renderPicker([recording, other], vi.fn(), 'f-1');
    await waitFor(() => expect(requests.some((r) => r.path.includes('channel=VOICE'))).toBe(true));
    expect(requests.find((r) => r.path.startsWith('/api/resources?'))!.path).toContain('kind=audio');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Listen' }));
    expect(await screen.findByLabelText('Recording player')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Recording' }));
    await user.click(await screen.findByRole('option', { name: 'Promo (12 s)' }));
    expect(onChange).toHaveBeenCalledWith('f-2');
  });

  it('points to the voice resources when there is none yet', async () => {
    renderPicker([]);
    expect(await screen.findByRole('link', { name: 'Upload one in the voice resources' })).toBeTruthy();
  });
});
