import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';

/** Mantine's palette `name` with its darkest shades replaced by `dark`. */
function shaded(name: 'teal' | 'red' | 'green' | 'blue' | 'gray', dark: string[]): MantineColorsTuple {
  return [...DEFAULT_THEME.colors[name].slice(0, 10 - dark.length), ...dark] as unknown as MantineColorsTuple;
}

/**
 * The back office's theme: the member app's colours (WCAG 2.2 AA: text 4.5:1 on white, control
 * borders 3:1), denser for desktop screens, every icon-only close button named, keyboard focus ringed.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 6,
  colors: {
    teal: shaded('teal', ['#0b7a5a', '#096a4e', '#075b43', '#054c38']),
    red: shaded('red', ['#c92a2a', '#b02525', '#961f1f', '#7d1a1a']),
    green: shaded('green', ['#2b7a3a', '#246b32', '#1d5c2a', '#174d23']),
    blue: shaded('blue', ['#1971c2', '#1864ab', '#145591', '#104778']),
    gray: shaded('gray', ['#868e96', '#666d75', '#495057', '#343a40', '#212529']),
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  // Mantine's ring on its controls when focused from the keyboard (`:focus-visible`), none on a
  // mouse click; `focus.css` (imported by `main.tsx`) draws the same ring on inputs and every other
  // element, so keyboard focus is visible everywhere (issue 38 item 1).
  focusRing: 'auto',
  components: {
    // Plain objects, not `Modal.extend(...)`: that would put the Modal component (with its scroll
    // area, floating-ui and scroll lock) into the sign-in page's first load (decision 064).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notice' } } satisfies Partial<NotificationProps>,
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
  },
});

/** Controls' borders at 3:1, placeholders and dimmed text at 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-default-border': 'var(--mantine-color-gray-5)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
