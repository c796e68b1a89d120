import '../notification-i18n';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { EmailPreview, fillTemplate, previewDocument } from './email-preview';

describe('email preview', () => {
  it('fills placeholders as the server does: missing ones become empty, values are escaped in HTML', () => {
    expect(fillTemplate('Hi {{ name }}, {{missing}}!', { name: 'Budi' })).toBe('Hi Budi, !');
    const doc = previewDocument('<p>{{name}}</p>', { name: '<b>Budi</b> & Ani' });
    expect(doc).toContain('<p>&lt;b&gt;Budi&lt;/b&gt; &amp; Ani</p>');
    expect(doc).toContain("default-src 'none'");
  });

  it('draws the email with the sample row in a sandboxed frame without scripts, at desktop and mobile widths', async () => {
    renderWithProviders(
      <EmailPreview
        subject="Tagihan {{order}} untuk {{name}}"
        html="<p>Halo {{name}}</p><script>parent.alert(1)</script>"
        parameters={['name', 'order']}
      />,
    );
    const frame = screen.getByTitle('Email preview, Desktop') as HTMLIFrameElement;
    // An empty sandbox: no scripts, no forms, no same origin.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('width')).toBe('600');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Halo [name]</p>');
    expect(screen.getByTestId('email-preview-subject').textContent).toContain('Tagihan [order] untuk [name]');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Sample name'), 'Budi');
    fireEvent.change(screen.getByLabelText('Sample order'), { target: { value: 'INV-7' } });
    expect(frame.getAttribute('srcdoc')).toContain('<p>Halo Budi</p>');
    expect(screen.getByTestId('email-preview-subject').textContent).toContain('Tagihan INV-7 untuk Budi');

    await user.click(screen.getByRole('radio', { name: 'Mobile' }));
    const mobile = screen.getByTitle('Email preview, Mobile') as HTMLIFrameElement;
    expect(mobile.getAttribute('width')).toBe('375');
    expect(mobile.getAttribute('sandbox')).toBe('');
  });
});
