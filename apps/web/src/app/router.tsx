import { createHashRouter } from 'react-router';
import { routes } from './routes';

/** Hash routing (spec §2): every URL is `#/<path>`. */
export function createAppRouter() {
  return createHashRouter(routes);
}
