import { matchPath } from 'react-router';
import { ROUTE_TABLE, type RouteEntry } from './route-table';

/** The route table entry a concrete path opens, if any. */
export function findRouteEntry(pathname: string): RouteEntry | undefined {
  return ROUTE_TABLE.find((entry) => matchPath({ path: entry.path, end: true }, pathname) !== null);
}
