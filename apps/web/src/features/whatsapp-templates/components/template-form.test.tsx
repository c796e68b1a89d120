import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { buildSession } from '../../../test/session-fixture';
import '../whatsapp-templates-i18n';
import { TemplateForm } from './template-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NUMBERS = [{ id: '01900000-0000-7000-8000-000000000001', displayPhoneNumber: '+62 21 5150 0001' }];
const preview = () => within(screen.getByTestId('template-preview'));
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function renderForm(onSubmit = vi.fn()) {
  renderWithProviders(
    <TemplateForm
      numbers={NUMBERS}
      submitting={false}
      serverError={null}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return onSubmit;
}

describe('the template form’s live preview', () => {
  it('shows the bubble as it is typed, with the examples filled in and WhatsApp formatting', () => {
    renderForm();
    expect(preview().getByText('Type the body to see the message.')).toBeTruthy();
    type(/^Body/, 'Hello {{1}}, your order *{{2}}* has shipped.');
    // Before examples, the variables show as they are.
    expect(preview().getByTestId('preview-body').textContent).toBe(
      'Hello {{1}}, your order {{2}} has shipped.',
    );
    type(/^Example for \{\{1\}\}/, 'Rina');
    type(/^Example for \{\{2\}\}/, 'A-100');
    const body = preview().getByTestId('preview-body');
    expect(body.textContent).toBe('Hello Rina, your order A-100 has shipped.');
    expect(within(body).getByText('A-100').tagName).toBe('STRONG');
  });

  it('adds the header, footer and buttons to the bubble', () => {
    renderForm();
    type(/^Body/, 'Your parcel {{1}} is on its way today.');
    type(/^Example for \{\{1\}\}/, 'JX-1');
    fireEvent.click(screen.getByRole('radio', { name: 'Text' }));
    type(/^Header text/, 'Order {{1}}');
    type(/^Example for \{\{1\}\} in the header/, 'A-100');
    type(/^Footer/, 'Reply STOP to opt out');
    fireEvent.click(screen.getByRole('button', { name: 'Quick reply' }));
    type(/^Button text/, 'Thanks');
    expect(preview().getByTestId('preview-header').textContent).toBe('Order A-100');
    expect(preview().getByTestId('preview-footer').textContent).toBe('Reply STOP to opt out');
    expect(
      preview()
        .getAllByTestId('preview-button')
        .map((button) => button.textContent),
    ).toEqual(['Thanks']);
  });

  it('warns about a variable sequence Meta rejects, and refuses to submit without examples', () => {
    const onSubmit = renderForm();
    type(/^Name/, 'gap_example');
    type(/^Body/, 'Hello {{1}}, code {{3}} is ready now.');
    expect(screen.getByText(/Meta's review will likely reject this/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('An example is required')).toHaveLength(2);
  });

  it('shows Meta’s own text for an authentication template, and submits its options', () => {
    const onSubmit = renderForm();
    type(/^Name/, 'login_code');
    fireEvent.click(screen.getByRole('radio', { name: 'Authentication' }));
    type(/^Code expires after/, '10');
    const body = preview().getByTestId('preview-body');
    expect(body.textContent).toBe(
      '123456 is your verification code. For your security, do not share this code.',
    );
    expect(preview().getByTestId('preview-footer').textContent).toBe('This code expires in 10 minutes.');
    expect(
      preview()
        .getAllByTestId('preview-button')
        .map((button) => button.textContent),
    ).toEqual(['Copy code']);
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'login_code',
        category: 'AUTHENTICATION',
        securityRecommendation: true,
        codeExpirationMinutes: 10,
        buttons: [{ type: 'OTP', otpType: 'COPY_CODE', text: 'Copy code' }],
      }),
    );
  });

  it('takes a media header’s sample from the client’s WhatsApp resources of that kind', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
    const resource = (fileId: string, name: string, kind: string, mimeType: string) => ({
      id: `r-${fileId}`,
      channel: 'WHATSAPP',
      name,
      kind,
      mimeType,
      size: 1000,
      durationMs: null,
      fileId,
      createdAt: '2026-11-27T10:00:00.000Z',
    });
    const { requests } = mockFetch((request) =>
      request.path.startsWith('/api/resources')
        ? jsonResponse(200, {
            pageSize: 500,
            pageNumber: 0,
            total: 2,
            items: [
              resource('01900000-0000-7000-8000-0000000000a1', 'Shop logo', 'image', 'image/png'),
              resource('01900000-0000-7000-8000-0000000000a2', 'Old sticker', 'image', 'image/webp'),
            ],
          })
        : jsonResponse(404, {}),
    );
    const onSubmit = renderForm();
    const user = userEvent.setup();
    type(/^Name/, 'catalogue_launch');
    type(/^Body/, 'Our new catalogue is out today.');
    fireEvent.click(screen.getByRole('radio', { name: 'Image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const picker = await screen.findByPlaceholderText('Choose a file from the WhatsApp resources');
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    expect(requests.some((r) => r.path.includes('channel=WHATSAPP') && r.path.includes('kind=image'))).toBe(
      true,
    );
    await user.click(picker);
    expect(screen.queryByRole('option', { name: 'Old sticker' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Shop logo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        header: { format: 'IMAGE', exampleFileId: '01900000-0000-7000-8000-0000000000a1' },
      }),
    );
  });
});
