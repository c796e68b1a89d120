import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch, type SentRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { CustomerUserData } from './customer-user-data';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CONFIG = {
  isDisplayingUserData: true,
  userDataDisplay: ['city', 'tier'],
  userDataEditable: ['city', 'memberId'],
};

function customer(userData: Record<string, unknown>) {
  return {
    id: 'cust-1',
    phoneNumber: '6281234567890',
    name: 'Rina',
    tags: ['vip'],
    userData,
    mediaPlatform: 'whatsapp',
    imgProfileUrl: null,
    csId: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-23T00:00:00.000Z',
  };
}

describe('customer data in the panel', () => {
  it('shows the configured keys, and saves the editable ones through the customers upsert', async () => {
    const { requests } = mockFetch((request: SentRequest) => {
      if (request.path === '/api/cs/customers' && request.method === 'POST') {
        const body = request.body as { userData: Record<string, string> };
        return jsonResponse(200, customer({ city: 'Bandung', tier: 'gold', ...body.userData }));
      }
      return errorResponse(404, 'not_found', request.path);
    });
    renderWithProviders(
      <CustomerUserData
        phoneNumber="6281234567890"
        userData={{ city: 'Bandung', tier: 'gold' }}
        config={CONFIG}
      />,
    );
    const shown = screen.getByTestId('customer-user-data');
    expect(shown.textContent).toContain('city: Bandung');
    expect(shown.textContent).toContain('tier: gold');
    expect(shown.textContent).toContain('memberId: not filled in');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit data' }));
    const form = screen.getByRole('form', { name: 'Edit customer data' });
    // Only the editable keys are fields.
    expect(within(form).queryByRole('textbox', { name: 'tier' })).toBeNull();
    const city = within(form).getByRole('textbox', { name: 'city' });
    await user.clear(city);
    await user.type(city, 'Surabaya');
    await user.type(within(form).getByRole('textbox', { name: 'memberId' }), ' M-77 ');
    await user.click(within(form).getByRole('button', { name: 'Save data' }));

    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'Edit customer data' })).toBeNull());
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      phoneNumber: '6281234567890',
      tags: '',
      userData: { city: 'Surabaya', memberId: 'M-77' },
    });
  });

  it('keeps the form open with the server’s reason when saving fails', async () => {
    mockFetch(() => errorResponse(403, 'user_data_not_editable', 'not editable: city'));
    renderWithProviders(<CustomerUserData phoneNumber="6281234567890" userData={{}} config={CONFIG} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit data' }));
    await user.click(screen.getByRole('button', { name: 'Save data' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The configuration no longer lets agents edit some of these fields. Reload and try again.',
    );
    expect(screen.getByRole('form', { name: 'Edit customer data' })).toBeTruthy();
  });

  it('shows nothing when the configuration does not display customer data, and no edit without editable keys', () => {
    const { unmount } = renderWithProviders(
      <CustomerUserData
        phoneNumber="62812"
        userData={{ city: 'Bandung' }}
        config={{ ...CONFIG, isDisplayingUserData: false }}
      />,
    );
    expect(screen.queryByTestId('customer-user-data')).toBeNull();
    unmount();
    renderWithProviders(
      <CustomerUserData
        phoneNumber="62812"
        userData={{ city: 'Bandung' }}
        config={{ ...CONFIG, userDataEditable: [] }}
      />,
    );
    expect(screen.getByTestId('customer-user-data').textContent).toContain('city: Bandung');
    expect(screen.queryByRole('button', { name: 'Edit data' })).toBeNull();
  });
});
