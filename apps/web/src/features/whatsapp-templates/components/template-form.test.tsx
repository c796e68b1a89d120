import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import '../whatsapp-templates-i18n';
import { TemplateForm } from './template-form';

afterEach(cleanup);

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
});
