import type { QueryClient } from '@tanstack/react-query';
import { EMPTY_FILTER } from './api/chat-keys';
import { csConfigurationOptions } from './api/lookups-api';
import { roomListOptions } from './api/rooms-api';

/**
 * What the workspace's first paint shows (the room list as it opens, and the configuration that says
 * whether the inbox is in maintenance), asked for right after sign-in while the screen's code loads, so
 * the list draws as soon as the screen does. The workspace's own queries find it in the cache.
 */
export function preloadChatWorkspace(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.prefetchInfiniteQuery(roomListOptions(EMPTY_FILTER)),
    queryClient.prefetchQuery(csConfigurationOptions()),
  ]).then(() => undefined);
}
