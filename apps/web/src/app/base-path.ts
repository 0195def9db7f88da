/**
 * The build's base path without its trailing slash (spec section 9: '' at the site root, or
 * `/portal`), and the app path of a browser path under it.
 */
export const BASE_PATH = import.meta.env.BASE_URL.replace(/\/$/, '');

/** `pathname` without the base path (`/portal/verify` -> `/verify`); `/` for the base itself. */
export function appPath(pathname: string): string {
  if (!BASE_PATH || !pathname.startsWith(BASE_PATH)) return pathname;
  return pathname.slice(BASE_PATH.length) || '/';
}
