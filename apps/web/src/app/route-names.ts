import type { TFunction } from 'i18next';
import type { RouteEntry } from './route-table';

/** The route name of spec §2 (the title is the portal name plus this): area, then page. */
export function routeNameOf(entry: Pick<RouteEntry, 'area' | 'page'>, t: TFunction): string {
  const area = t(`areas.${entry.area}`);
  return entry.page === 'index' ? area : `${area} · ${t(`pages.${entry.page}`)}`;
}
