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
 * What the workspace's first paint shows (the room list as it opens and the configuration that says
 * whether the inbox is in maintenance), asked for right after sign-in while the screen's code loads, so
 * the list draws as soon as the screen does. The workspace's own queries find them in the cache. The
 * categories, tags and agents (an opened room's header and panel, the list's filters) follow once those
 * have answered: asked for at once they would queue beside the room list on the server (decision 0065).
 */
export async function preloadChatWorkspace(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchInfiniteQuery(roomListOptions(EMPTY_FILTER)),
    queryClient.prefetchQuery(csConfigurationOptions()),
  ]);
  await Promise.all([
    queryClient.prefetchQuery(categoriesOptions()),
    queryClient.prefetchQuery(agentTagsOptions()),
    queryClient.prefetchQuery(agentsOptions()),
  ]);
}
