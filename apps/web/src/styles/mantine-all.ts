// Mantine's whole stylesheets, layered (`@layer mantine`, as `mantine-first-load.css`): loaded by
// `lib/all-styles.ts` with the first code that may render a component the first load has no CSS for.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
