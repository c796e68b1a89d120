import { useEffect, useRef } from 'react';
import { type ChatCommand, sendChatCommand } from './chat-commands';

/** The workspace's shortcuts, in the order the `?` overlay lists them. */
export const CHAT_SHORTCUTS = [
  { id: 'next', keys: ['j'] },
  { id: 'previous', keys: ['k'] },
  { id: 'reply', keys: ['r'] },
  { id: 'send', keys: ['Enter'] },
  { id: 'newLine', keys: ['Shift', 'Enter'] },
  { id: 'template', keys: ['/'] },
  { id: 'leave', keys: ['Esc'] },
  { id: 'take', keys: ['a'] },
  { id: 'close', keys: ['c'] },
  { id: 'help', keys: ['?'] },
] as const;

const KEY_COMMANDS: Record<string, ChatCommand> = { r: 'focusComposer', a: 'take', c: 'close' };

/**
 * Typing somewhere, or a dialog or menu open: the page's single-letter shortcuts stay out of the way
 * (the chat box handles its own Enter, `/` and Esc).
 */
export function isTypingOrBusy(target: EventTarget | null): boolean {
  if (target instanceof HTMLElement) {
    if (target.isContentEditable) return true;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
    if (target.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return true;
  }
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

type ChatKeyboard = {
  /** The next (+1) or previous (-1) room of the list. */
  move: (step: 1 | -1) => void;
  openHelp: () => void;
};

/** j/k between rooms, r to reply, a to take, c to close, ? for the list; never while typing. */
export function useChatKeyboard({ move, openHelp }: ChatKeyboard): void {
  const latest = useRef({ move, openHelp });
  latest.current = { move, openHelp };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing)
        return;
      if (isTypingOrBusy(event.target)) return;
      const key = event.key;
      if (key === '?') latest.current.openHelp();
      else if (key === 'j' || key === 'k') latest.current.move(key === 'j' ? 1 : -1);
      else if (KEY_COMMANDS[key]) sendChatCommand(KEY_COMMANDS[key]);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
