import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ConversationView } from './conversation-view';

afterEach(() => cleanup());

describe('sandbox phone conversation', () => {
  it('shows the reply buttons of a business message and taps one', async () => {
    const onTap = vi.fn();
    const question = {
      id: 'wamid.q',
      direction: 'out' as const,
      type: 'buttons',
      text: 'How did we do?',
      status: 'delivered' as const,
      errorTitle: null,
      replyTo: null,
      buttons: [
        { id: 'csat:r:3', title: '😀 Baik / Good' },
        { id: 'csat:r:1', title: '🙁 Buruk / Bad' },
      ],
      sentAt: '2026-11-23T08:00:00.000Z',
    };
    renderWithProviders(<ConversationView messages={[question]} onTap={onTap} />);
    const group = screen.getByRole('group', { name: 'Reply buttons' });
    expect(group.textContent).toContain('😀 Baik / Good');
    await userEvent.setup().click(screen.getByRole('button', { name: '🙁 Buruk / Bad' }));
    expect(onTap).toHaveBeenCalledWith(question, { id: 'csat:r:1', title: '🙁 Buruk / Bad' });
  });
});
