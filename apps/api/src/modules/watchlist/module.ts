import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { watchlistRoutes } from './app.routes.js';
import { installWatchlist } from './install-watchlist.js';
import { watchlistPublicRoutes } from './public.routes.js';

/** The watchlist module's registration (issue 35 item 4): The watchlist: notice jobs, sign-up and unsubscribe links. */
export const watchlistModule: ModuleDefinition = {
  name: 'watchlist',
  install: installWatchlist,
  routes: [routesAt(watchlistPublicRoutes, '/api'), routesAt(watchlistRoutes, '/api/app')],
};
