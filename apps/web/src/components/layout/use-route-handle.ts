import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { APP_NAME, type RouteHandle } from '../../config/paths';

/** The deepest matched route's handle (title, hideNavbar). */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}

/** Sets `document.title` to `<page title> · Benefit Finder`. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
