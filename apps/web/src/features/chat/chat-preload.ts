import type { QueryClient } from '@tanstack/react-query';
import { EMPTY_FILTER } from './api/chat-keys';
import {
  agentsOptions,
  agentTagsOptions,
  categoriesOptions,
  csConfigurationOptions,
} from './api/lookups-api';
import { roomListOptions } from './api/rooms-api';

/**
 * What the workspace's first paint shows (the room list as it opens, the configuration that says
 * whether the inbox is in maintenance, and the list filters' categories, tags and agents), asked for
 * right after sign-in while the screen's code loads, so the list draws as soon as the screen does and
 * is not drawn again for each answer. The workspace's own queries find them in the cache.
 */
export function preloadChatWorkspace(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.prefetchInfiniteQuery(roomListOptions(EMPTY_FILTER)),
    queryClient.prefetchQuery(csConfigurationOptions()),
    queryClient.prefetchQuery(categoriesOptions()),
    queryClient.prefetchQuery(agentTagsOptions()),
    queryClient.prefetchQuery(agentsOptions()),
  ]).then(() => undefined);
}
