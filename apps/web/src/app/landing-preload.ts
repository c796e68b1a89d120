import { guardRoute } from '@sapa/contracts/access';
import type { Session } from '@sapa/contracts/identity';
import type { QueryClient } from '@tanstack/react-query';
import { loadSubscriptionForGuard } from '../features/subscription/api/get-subscription';
import { guardSubjectOf } from './guards/route-guard';
import { findRouteEntry } from './route-lookup';
import type { ScreenKind } from './route-table';

/** A screen kind's code loader: the route table's lazy import (`SCREENS` of `routes.tsx`). */
export type ScreenLoaders = Partial<Record<ScreenKind, unknown>>;

/**
 * What a landing screen's first paint shows, asked for beside its code. Only screens people land on
 * after sign-in need one; any other screen asks for its data as it renders.
 */
const LANDING_DATA: Partial<Record<ScreenKind, (queryClient: QueryClient) => Promise<void>>> = {
  chat: async (queryClient) =>
    (await import('../features/chat/chat-preload')).preloadChatWorkspace(queryClient),
};

/** The signed-in frame's code: every sign-in needs it, so it loads while the login call is in flight. */
export function preloadFrame(): Promise<unknown> {
  return import('./layouts/app-frame');
}

/**
 * The code a sign-in most often needs, loaded while the login page sits idle (the user is typing): the
 * frame, which every sign-in opens, and the CS agents' landing, the chat workspace with its preloader.
 * Nothing of it is in the login page's HTML or entry; a sign-in landing elsewhere loads its own screen
 * after the login call as before (decision 0056).
 */
export function preloadSignedInCode(screens: ScreenLoaders): void {
  preloadFrame().catch(() => undefined);
  import('../features/chat/chat-preload').catch(() => undefined);
  const chat = screens.chat;
  if (typeof chat === 'function') Promise.resolve(chat()).catch(() => undefined);
}

/**
 * Starts, all at once, what the router would otherwise load one after the other once a sign-in answers:
 * the guard's subscription read, the frame's and the landing screen's code (with its strings), and the
 * landing screen's first data. The landing path is the login page's guard decision for this session,
 * so it is the page the router then opens. Resolves that path (null when the session has no landing).
 */
export function preloadLanding(
  session: Session,
  queryClient: QueryClient,
  screens: ScreenLoaders,
): string | null {
  const subject = guardSubjectOf(session);
  if (!subject) return null;
  const landing = guardRoute('/', subject);
  if (landing.kind !== 'redirect') return null;
  const screen = findRouteEntry(landing.to)?.screen;
  // In the order the first paint needs them: the browser queues what it cannot send at once, and the
  // data's call waits for its own (few) chunks, not for the whole screen's.
  if (screen && screen !== 'redirect') LANDING_DATA[screen]?.(queryClient).catch(() => undefined);
  void loadSubscriptionForGuard(session.clientId);
  preloadFrame().catch(() => undefined);
  const load = screen && screen !== 'redirect' ? screens[screen] : undefined;
  // A chunk that fails here fails again, visibly, when the router opens the screen.
  if (typeof load === 'function') Promise.resolve(load()).catch(() => undefined);
  return landing.to;
}
