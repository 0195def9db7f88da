import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Mantine's hashed class names (`m_` and 8 hex digits), as its components' JavaScript names them. */
const CLASS_NAME = /m_[0-9a-f]{8}/g;
/** The same names where a stylesheet defines them (`.m_…`). */
const CLASS_SELECTOR = /\.(m_[0-9a-f]{8})/g;

const namesIn = (text, pattern) => new Set(Array.from(text.matchAll(pattern), (match) => match[1] ?? match[0]));

/**
 * The Mantine classes a first load's JavaScript can render that its stylesheets do not define
 * (decision 076: the member app's first load carries only some components' CSS). `assetsDir` is the
 * build's assets folder, `scripts` and `styles` the first load's files in it (absolute paths). A class
 * counts only when some stylesheet of the build defines it (names without CSS, e.g. of keyframes, are
 * not asked for). Returns the missing names, sorted; empty when the first load is complete.
 */
export function missingMantineClasses(assetsDir, scripts, styles) {
  const used = new Set(scripts.flatMap((path) => [...namesIn(readFileSync(path, 'utf8'), CLASS_NAME)]));
  const loaded = new Set(styles.flatMap((path) => [...namesIn(readFileSync(path, 'utf8'), CLASS_SELECTOR)]));
  const defined = new Set(
    readdirSync(assetsDir)
      .filter((name) => name.endsWith('.css'))
      .flatMap((name) => [...namesIn(readFileSync(join(assetsDir, name), 'utf8'), CLASS_SELECTOR)]),
  );
  return [...used].filter((name) => defined.has(name) && !loaded.has(name)).sort();
}
