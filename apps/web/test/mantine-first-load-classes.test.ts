import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { missingMantineClasses } from '../../../scripts/lib/mantine-classes.mjs';

/** Decision 076: the build fails when first-load JavaScript renders a Mantine class its CSS lacks. */
describe('missingMantineClasses (the first-load CSS check of `npm run build`)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A fake assets folder: `files` maps names to contents; returns absolute paths by name. */
  function assets(files: Record<string, string>) {
    dir = mkdtempSync(join(tmpdir(), 'bcp-mantine-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return (name: string) => join(dir, name);
  }

  it('names a class the first load renders whose CSS is only in a later stylesheet', () => {
    const path = assets({
      'entry.js': 'const a="m_0123abcd",b="m_89abcdef";',
      'first.css': '.m_0123abcd{color:red}',
      'all.css': '.m_0123abcd{color:red}.m_89abcdef{color:blue}',
    });
    expect(missingMantineClasses(dir, [path('entry.js')], [path('first.css')])).toEqual(['m_89abcdef']);
  });

  it('passes when the first load defines every class it renders, and ignores names no stylesheet defines', () => {
    const path = assets({
      'entry.js': 'const a="m_0123abcd",k="m_deadbeef";',
      'first.css': '.m_0123abcd{color:red}',
      'all.css': '.m_0123abcd{color:red}',
    });
    expect(missingMantineClasses(dir, [path('entry.js')], [path('first.css')])).toEqual([]);
  });
});
