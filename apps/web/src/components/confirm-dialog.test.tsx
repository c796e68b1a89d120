import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { CONFIRM_DIALOG_WIDTH, ConfirmDialog } from './confirm-dialog';

describe('confirm dialog', () => {
  it('asks yes or cancel in a 290 px dialog and reports the answer', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        opened
        title="Delete tag"
        message="Delete the tag VIP?"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Delete tag' });
    expect(within(dialog).getByText('Delete the tag VIP?')).toBeTruthy();
    expect(CONFIRM_DIALOG_WIDTH).toBe(290);
    expect(document.body.innerHTML).toContain('--modal-size: calc(18.125rem');

    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('keeps the buttons from being pressed twice while the action runs', async () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        opened
        loading
        title="Log out"
        message="Do you want to log out?"
        onConfirm={vi.fn()}
        onCancel={onCancel}
      />,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
  });
});
