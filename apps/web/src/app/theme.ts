import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/** Mantine's palette `name` with its darkest shades replaced by `dark` (the last `dark.length` of the ten). */
function darkened(name: 'teal' | 'red' | 'green' | 'blue' | 'gray', dark: string[]): MantineColorsTuple {
  return [...DEFAULT_THEME.colors[name].slice(0, 10 - dark.length), ...dark] as unknown as MantineColorsTuple;
}

/**
 * Colours meeting WCAG 2.2 AA (issue 14 item 5), contrast on white in brackets: filled buttons and
 * coloured text use shade 6 (teal 5.3:1, red 5.5:1, green 5.3:1, blue 5.0:1) and hover 7, so
 * white text on them and their text on white pass 4.5:1. Grey: shade 6 (dimmed and helper text,
 * placeholders) 5.2:1; shade 5 (borders of inputs, checkboxes, radios) 3.3:1 as controls need 3:1.
 */
export const ACCESSIBLE_COLORS = {
  teal: darkened('teal', ['#0b7a5a', '#096a4e', '#075b43', '#054c38']),
  red: darkened('red', ['#c92a2a', '#b02525', '#961f1f', '#7d1a1a']),
  green: darkened('green', ['#2b7a3a', '#246b32', '#1d5c2a', '#174d23']),
  blue: darkened('blue', ['#1971c2', '#1864ab', '#145591', '#104778']),
  gray: darkened('gray', ['#868e96', '#666d75', '#495057', '#343a40', '#212529']),
};

/**
 * The app's Mantine theme: readable colours, and every icon-only close button named. Component
 * defaults are plain objects, not `Modal.extend(...)`: naming a component here would pull its code
 * (and Modal's scroll area) into the first load (issue 14 item 7).
 */
export const theme = themeWith({ closeNotice: 'Close notice', close: 'Close' });

/** The theme with the close buttons named in the app's language (decision 036). */
export function themeWith(labels: { closeNotice: string; close: string }) {
  return createTheme({
    primaryColor: 'teal',
    primaryShade: 6,
    colors: ACCESSIBLE_COLORS,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    components: {
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': labels.closeNotice } } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
    },
  });
}

/** Controls' borders at 3:1 and placeholders at 4.5:1 (Mantine's defaults are 1.5:1 and 2.1:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-default-border': 'var(--mantine-color-gray-5)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
