/** Mantine writes sizes in rem scaled by `--mantine-scale` (1 in this app) over the browser's 16 px root. */
const ROOT_FONT_PX = 16;

/**
 * A Mantine modal's width in px, read from the size it was given (`--modal-size` on the dialog or its root,
 * e.g. `calc(59.375rem * var(--mantine-scale))` for 950 px). jsdom does no layout, so this is the
 * width the browser will draw, not a measured one.
 */
export function modalWidthPx(dialog: HTMLElement): number {
  let element: HTMLElement | null = dialog;
  while (element && !element.style.getPropertyValue('--modal-size')) element = element.parentElement;
  const size = element?.style.getPropertyValue('--modal-size') ?? '';
  const rem = /^calc\(([\d.]+)rem \* var\(--mantine-scale\)\)$/.exec(size);
  if (!rem) throw new Error(`unexpected modal size "${size}"`);
  return Number(rem[1]) * ROOT_FONT_PX;
}
