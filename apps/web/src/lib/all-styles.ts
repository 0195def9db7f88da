/**
 * Mantine's whole stylesheet for code loaded after the first page (issue 40 item 2, decision 076):
 * the first load carries only the CSS of the components its pages render
 * (`styles/mantine-first-load.css`); any other page, dialog, menu or notice may render any
 * component, so its code resolves only once the whole stylesheet is applied (Vite's loader waits for
 * the stylesheet's `load` event), and nothing shows unstyled. Fetched once, the first time it is
 * asked for (about 33 kB brotli).
 */
export function loadAllStyles(): Promise<unknown> {
  return import('../styles/mantine-all');
}

/** `load`'s result, given once Mantine's whole stylesheet is applied too (both load at the same time). */
export async function withAllStyles<T>(load: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load, loadAllStyles()]);
  return loaded;
}
