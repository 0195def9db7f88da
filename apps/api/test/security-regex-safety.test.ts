import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';

// recheck's own JavaScript checker, in this process: no native binary or Java needed.
process.env.RECHECK_SYNC_BACKEND = 'pure';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCE_FOLDERS = ['packages/contract/src', 'apps/api/src'];

/**
 * `new RegExp(...)` built from values, which no static check can read: each is reviewed by hand
 * and listed here with why it is linear. A new one fails the test until it is reviewed.
 */
const REVIEWED_DYNAMIC = new Map([
  ['packages/contract/src/shapes/bank-accounts.ts', 'digits with fixed bounds: ^\\d{7,11}$'],
  ['packages/contract/src/shapes/notifications.ts', 'alternation of fixed words: ^(id|createdAt|...):(asc|desc)$'],
  [
    'packages/contract/src/phone-number.ts',
    "libphonenumber-js's own ZA national-number pattern ([1-79]\\d{8}|8\\d{4,9}), which isValid() compiles on every call, run once compiled on 9 digits only",
  ],
]);

interface FoundPattern {
  where: string;
  source: string;
  flags: string;
}

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every regular expression literal and `new RegExp('...')` of a file, found by the TypeScript parser. */
function patternsOf(path: string, dynamic: string[]): FoundPattern[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const name = relative(ROOT, path);
  const found: FoundPattern[] = [];
  const where = (node: ts.Node) => `${name}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const text = node.text;
      const end = text.lastIndexOf('/');
      found.push({ where: where(node), source: text.slice(1, end), flags: text.slice(end + 1) });
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      const [source, flags] = node.arguments ?? [];
      if (source && ts.isStringLiteralLike(source) && (!flags || ts.isStringLiteralLike(flags))) {
        found.push({
          where: where(node),
          source: source.text,
          flags: flags && ts.isStringLiteralLike(flags) ? flags.text : '',
        });
      } else {
        dynamic.push(name);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('issue 13 item 2: every regular expression is linear', () => {
  const dynamic: string[] = [];
  const patterns = SOURCE_FOLDERS.flatMap((folder) => typeScriptFiles(join(ROOT, folder))).flatMap((path) =>
    patternsOf(path, dynamic),
  );

  it('finds the patterns of the contract and the API', () => {
    expect(patterns.length).toBeGreaterThan(30);
    expect(patterns.some((pattern) => pattern.where.startsWith('packages/contract/src/rules/form-rules.ts'))).toBe(
      true,
    );
  });

  it(
    'recheck proves each one safe (no exponential or polynomial backtracking)',
    () => {
      const unsafe: string[] = [];
      for (const pattern of patterns) {
        const result = checkSync(pattern.source, pattern.flags, { timeout: 5000 });
        if (result.status !== 'safe') {
          const complexity = result.status === 'vulnerable' ? ` (${result.complexity.type})` : '';
          unsafe.push(`${pattern.where} /${pattern.source}/${pattern.flags}: ${result.status}${complexity}`);
        }
      }
      expect(unsafe).toEqual([]);
    },
    scaled(120_000),
  );

  it('patterns built from values are only the reviewed ones', () => {
    expect([...new Set(dynamic)].filter((file) => !REVIEWED_DYNAMIC.has(file))).toEqual([]);
  });
});
