import { useEffect, useRef } from 'react';

/**
 * What the workspace's keyboard asks of the parts that own the action: the room header takes or
 * closes, the chat box takes the focus. A page-wide event target keeps those parts free of props
 * threaded only for the keyboard.
 */
export type ChatCommand = 'take' | 'close' | 'focusComposer';

const commands = new EventTarget();

export function sendChatCommand(command: ChatCommand): void {
  commands.dispatchEvent(new Event(command));
}

/** Runs `handler` on `command` while mounted; the latest handler is used, without re-subscribing. */
export function useChatCommand(command: ChatCommand, handler: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = () => latest.current();
    commands.addEventListener(command, listener);
    return () => commands.removeEventListener(command, listener);
  }, [command]);
}
