import { useMatches } from 'react-router';
import type { RouteHandle } from './root-layout';
import type { RouteEntry } from './route-table';

/** The route table entry of the screen being shown. */
export function useRouteEntry(): RouteEntry | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const entry = (matches[index]?.handle as RouteHandle | undefined)?.entry;
    if (entry) return entry;
  }
  return undefined;
}
