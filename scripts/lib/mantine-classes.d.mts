/** See `mantine-classes.mjs`: the Mantine classes first-load scripts use that first-load styles lack. */
export function missingMantineClasses(assetsDir: string, scripts: string[], styles: string[]): string[];
