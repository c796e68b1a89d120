import type userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/**
 * Puts text into a field as a paste: typing key by key re-renders a large form once per key, which
 * pushes form tests past their timeout on a loaded machine.
 */
export async function fillField(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
