import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'a-production-secret-of-at-least-32-chars',
  IDENTITY_PROVIDER: 'iidentifii',
  IIDENTIFII_BASE_URL: 'https://verify.example.com',
  IIDENTIFII_API_KEY: 'key',
  IIDENTIFII_CALLBACK_SECRET: 'callback-secret-0123',
};

/**
 * Every module `entry` loads when it starts (static `import` and `export ... from`, not
 * `import type` and not `import()`), as package names and our own files.
 */
function staticImportClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    if (files.has(path)) continue;
    files.add(path);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      const isImport = ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly;
      const isReExport = ts.isExportDeclaration(statement) && !statement.isTypeOnly;
      if (!isImport && !isReExport) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      if (!specifier.text.startsWith('.')) {
        packages.add(specifier.text);
        continue;
      }
      const target = resolve(dirname(path), specifier.text.replace(/\.js$/, '.ts'));
      if (existsSync(target)) pending.push(target);
    }
  }
  return { files, packages };
}

describe('issue 15 item 6: demo data never in production', () => {
  it('seeds demo data by default outside production and not in production', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(loadConfig(PRODUCTION).seedDemoData).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('refuses to start in production when demo data is asked for', () => {
    for (const value of ['true', '1']) {
      const start = () => loadConfig({ ...PRODUCTION, SEED_DEMO_DATA: value });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow('SEED_DEMO_DATA: demo data is not allowed in production');
    }
  });

  it('does not load the member generator (@faker-js/faker) when the server starts', () => {
    // main.ts starts tracing, then imports the server (run-server.ts) dynamically (decision 054).
    const main = resolve(import.meta.dirname, '../src/main.ts');
    expect(readFileSync(main, 'utf8')).toContain("await import('./run-server.js')");
    const { files, packages } = staticImportClosure(resolve(import.meta.dirname, '../src/run-server.ts'));
    expect(files.size).toBeGreaterThan(50);
    expect(files).toContain(resolve(import.meta.dirname, '../src/server.ts'));
    expect([...packages].filter((name) => name.startsWith('@faker-js/'))).toEqual([]);
    // The check itself sees faker where it is: the lazily imported demo data loads it.
    const cli = staticImportClosure(
      resolve(import.meta.dirname, '../src/modules/file-uploads/demo/seed-all-demo-data.ts'),
    );
    expect(cli.packages).toContain('@faker-js/faker');
  });

  it('keeps faker a development dependency', () => {
    const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8'));
    expect(manifest.dependencies['@faker-js/faker']).toBeUndefined();
    expect(manifest.devDependencies['@faker-js/faker']).toBeDefined();
  });
});
