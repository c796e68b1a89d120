import { readInboxEvent } from '@sapa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type RealtimeConnection, realtime } from '../../../lib/realtime';
import { findSession } from '../../../lib/session';
import { sendTyping } from '../api/notes-api';

/** How often a typing person tells the others, at most; the server drops anything closer than 2 s. */
export const TYPING_SEND_EVERY_MS = 3_000;
/** How long "is typing" stays without a new event: a little over two sends, so it does not flicker. */
export const TYPING_SHOWN_FOR_MS = 7_000;

/** A callback for every keystroke that tells the room at most every TYPING_SEND_EVERY_MS. */
export function useAnnounceTyping(roomId: string, mode: 'reply' | 'note') {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_SEND_EVERY_MS) return;
    last.current = now;
    void sendTyping(roomId, mode).catch(() => undefined);
  }, [roomId, mode]);
}

export type Typist = { userId: string; name: string; mode: 'reply' | 'note' };

/** Who else is typing in the room now: each shown until TYPING_SHOWN_FOR_MS passes without news. */
export function useTypists(roomId: string, connection: RealtimeConnection = realtime): Typist[] {
  const [typists, setTypists] = useState<(Typist & { until: number })[]>([]);
  useEffect(() => {
    setTypists([]);
    const unsubscribe = connection.subscribe({
      onEvent: (frame) => {
        const event = readInboxEvent(frame);
        if (event?.typeNotif !== 'TYPING' || !event.data || event.data.roomId !== roomId) return;
        const data = event.data;
        if (data.userId === findSession()?.userId) return;
        setTypists((old) => [
          ...old.filter((typist) => typist.userId !== data.userId),
          { userId: data.userId, name: data.name, mode: data.mode, until: Date.now() + TYPING_SHOWN_FOR_MS },
        ]);
      },
    });
    const timer = setInterval(() => {
      setTypists((old) => {
        const now = Date.now();
        const left = old.filter((typist) => typist.until > now);
        return left.length === old.length ? old : left;
      });
    }, 1_000);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [roomId, connection]);
  return typists;
}
