import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';

/**
 * Issue 35 item 5: the boundaries in `.dependency-cruiser.cjs` fire. A small source tree (paths
 * mirroring apps/api/src and apps/admin/src, one planted violation per case, each in a module of its
 * own) is written to a temp folder and cruised once with the repository's rules, as
 * `npm run lint:deps` does; each case then reads the violations of its planted file.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const config = createRequire(import.meta.url)(path.join(repoRoot, '.dependency-cruiser.cjs')) as IConfiguration;

const table = (name: string) => `export const ${name} = { name: '${name}' };\n`;
const api = 'apps/api/src';

const plantedTree: Record<string, string> = {
  [`${api}/db/schema/tasks.ts`]: table('tasks'),
  [`${api}/db/schema/persons.ts`]: table('persons'),
  [`${api}/db/schema/sessions.ts`]: table('sessions'),
  [`${api}/db/schema/users.ts`]: table('users'),
  [`${api}/db/schema/webhooks.ts`]: table('webhooks'),
  [`${api}/db/schema/index.ts`]: `export * from './tasks.js';\n`,
  // A module as intended: its repository imports its own table, its service the repository, and
  // another module its public file.
  [`${api}/modules/tasks/tasks.repository.ts`]: `import { tasks } from '../../db/schema/tasks.js';\nexport const findTasks = () => tasks;\n`,
  [`${api}/modules/tasks/tasks.service.ts`]: `import { findTasks } from './tasks.repository.js';\nexport const listTasks = () => findTasks();\n`,
  [`${api}/modules/tasks/index.ts`]: `export { listTasks } from './tasks.service.js';\n`,
  [`${api}/modules/tasks/module.ts`]: `export const tasksModule = {};\n`,
  [`${api}/modules/modules.ts`]: `import { tasksModule } from './tasks/module.js';\nexport const modules = [tasksModule];\n`,
  [`${api}/modules/users/users.service.ts`]: `import { listTasks } from '../tasks/index.js';\nexport const work = () => listTasks();\n`,
  [`${api}/platform/auth/sessions.ts`]: `import { sessions } from '../../db/schema/sessions.js';\nexport const s = sessions;\n`,
  // The planted violations.
  [`${api}/modules/webhooks/planted.service.ts`]: `import { webhooks } from '../../db/schema/webhooks.js';\nexport const w = webhooks;\n`,
  [`${api}/modules/faqs/planted.repository.ts`]: `import { persons } from '../../db/schema/persons.js';\nexport const p = persons;\n`,
  [`${api}/modules/banks/planted.repository.ts`]: `import { tasks } from '../../db/schema/index.js';\nexport const t = tasks;\n`,
  [`${api}/modules/devices/planted.repository.ts`]: `import { sessions } from '../../db/schema/sessions.js';\nexport const s = sessions;\n`,
  [`${api}/platform/auth/planted.ts`]: `import { users } from '../../db/schema/users.js';\nexport const u = users;\n`,
  [`${api}/modules/templates/planted.service.ts`]: `import { listTasks } from '../tasks/tasks.service.js';\nexport const work = () => listTasks();\n`,
  [`${api}/queries/planted-registration.ts`]: `import { tasksModule } from '../modules/tasks/module.js';\nexport const m = tasksModule;\n`,
  [`${api}/modules/tasks/planted.routes.ts`]: `import { findTasks } from './tasks.repository.js';\nexport const r = () => findTasks();\n`,
  [`${api}/planted-entry.ts`]: `import { listTasks } from './modules/tasks/tasks.service.js';\nexport const e = () => listTasks();\n`,
  [`${api}/queries/planted.ts`]: `import { listTasks } from '../modules/tasks/index.js';\nexport const q = () => listTasks();\n`,
  // alpha and beta import each other's public file, with no cycle of files.
  [`${api}/modules/alpha/index.ts`]: `export { a } from './a.service.js';\n`,
  [`${api}/modules/alpha/a.service.ts`]: `export const a = () => 1;\n`,
  [`${api}/modules/alpha/uses-beta.service.ts`]: `import { b } from '../beta/index.js';\nexport const useB = () => b();\n`,
  [`${api}/modules/beta/index.ts`]: `export { b } from './b.service.js';\n`,
  [`${api}/modules/beta/b.service.ts`]: `export const b = () => 2;\n`,
  [`${api}/modules/beta/uses-alpha.service.ts`]: `import { a } from '../alpha/index.js';\nexport const useA = () => a();\n`,
  'apps/admin/src/features/claims/claim-status.tsx': `export const ClaimStatus = () => null;\n`,
  'apps/admin/src/features/persons/planted.tsx': `import { ClaimStatus } from '../claims/claim-status.js';\nexport const P = ClaimStatus;\n`,
};

/** Rule names broken, by the file (or, for folder rules, the folder) the dependency starts from. */
const broken = new Map<string, string[]>();
let root = '';

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [file, source] of Object.entries(plantedTree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const result = await cruise(
    ['apps'],
    {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
      doNotFollow: { path: 'node_modules' },
      tsPreCompilationDeps: false,
    },
    // Our imports name `.js` files whose sources are `.ts`, as TypeScript's NodeNext resolution allows.
    { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
  );
  const output = result.output;
  if (typeof output === 'string') throw new Error('cruise returned text, not a result');
  for (const violation of output.summary.violations) {
    broken.set(violation.from, [...(broken.get(violation.from) ?? []), violation.rule.name]);
  }
}, scaled(60_000));

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const rulesBrokenBy = (from: string) => [...new Set(broken.get(from) ?? [])].sort();

describe('dependency-cruiser boundaries (issue 35 item 5)', () => {
  it('passes a module whose repository imports its own table and whose service imports the repository', () => {
    const clean = [...broken.keys()].filter((from) => !from.includes('planted') && !/modules\/(alpha|beta)/.test(from));
    expect(clean).toEqual([]);
  });

  it('fails a service that imports a table (module-tables-only-in-repository)', () => {
    expect(rulesBrokenBy(`${api}/modules/webhooks/planted.service.ts`)).toEqual(['module-tables-only-in-repository']);
  });

  it("fails a repository that imports another module's table (module-tables-only-in-repository)", () => {
    expect(rulesBrokenBy(`${api}/modules/faqs/planted.repository.ts`)).toEqual(['module-tables-only-in-repository']);
  });

  it('fails a repository that imports db/schema/index.ts (module-not-to-schema-index)', () => {
    expect(rulesBrokenBy(`${api}/modules/banks/planted.repository.ts`)).toEqual(['module-not-to-schema-index']);
  });

  it("fails a module that imports platform's tables (platform-tables-only-in-platform)", () => {
    expect(rulesBrokenBy(`${api}/modules/devices/planted.repository.ts`)).toEqual(['platform-tables-only-in-platform']);
  });

  it("fails platform that imports a module's table (platform-not-to-module-tables)", () => {
    expect(rulesBrokenBy(`${api}/platform/auth/planted.ts`)).toEqual(['platform-not-to-module-tables']);
  });

  it("fails a module that imports another module's inner file (module-public-file-only)", () => {
    expect(rulesBrokenBy(`${api}/modules/templates/planted.service.ts`)).toEqual(['module-public-file-only']);
  });

  it("fails a file outside modules/ that imports a module's inner file (module-public-file-only)", () => {
    expect(rulesBrokenBy(`${api}/planted-entry.ts`)).toEqual(['module-public-file-only']);
  });

  it('fails a route that imports a repository (routes-not-to-data)', () => {
    expect(rulesBrokenBy(`${api}/modules/tasks/planted.routes.ts`)).toEqual(['routes-not-to-data']);
  });

  it('fails a module.ts imported by anything but the registry (module-registration-only-from-registry)', () => {
    expect(rulesBrokenBy(`${api}/queries/planted-registration.ts`)).toEqual([
      'module-registration-only-from-registry',
      'queries-not-to-modules',
    ]);
  });

  it('fails two modules that import each other through their public files (no-module-cycles)', () => {
    expect(rulesBrokenBy(`${api}/modules/alpha`)).toEqual(['no-module-cycles']);
    expect(rulesBrokenBy(`${api}/modules/beta`)).toEqual(['no-module-cycles']);
    expect(rulesBrokenBy(`${api}/modules/alpha/uses-beta.service.ts`)).toEqual([]);
  });

  it('fails a read model in queries/ that imports a module (queries-not-to-modules)', () => {
    expect(rulesBrokenBy(`${api}/queries/planted.ts`)).toEqual(['queries-not-to-modules']);
  });

  it('fails a back-office feature that imports another feature (admin-feature-not-to-feature)', () => {
    expect(rulesBrokenBy('apps/admin/src/features/persons/planted.tsx')).toEqual(['admin-feature-not-to-feature']);
  });
});

/** Issue 35 item 3: read models read any table and never write. */
describe('queries/ read models never write', () => {
  const queriesDir = path.join(repoRoot, 'apps/api/src/queries');
  const sources = (() => {
    try {
      return readdirSync(queriesDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => ({ file, text: readFileSync(path.join(queriesDir, file), 'utf8') }));
    } catch {
      return [];
    }
  })();
  const writes = [
    /\.(insert|update|delete)\(/,
    /\binsert into\b/i,
    /\bdelete from\b/i,
    /\bupdate [a-z_".]{1,63} set\b/i,
  ];

  it('finds no insert, update or delete (drizzle calls or SQL text) in apps/api/src/queries', () => {
    const found = sources.flatMap(({ file, text }) =>
      writes.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern.source}`),
    );
    expect(found).toEqual([]);
  });

  it('recognises a write when it sees one', () => {
    const planted = ['db.insert(tasks).values(row)', "sql`update tasks set status = 'done'`", 'tx.delete(tasks)'];
    for (const text of planted) expect(writes.some((pattern) => pattern.test(text))).toBe(true);
  });
});

/**
 * Issue 35 items 1 and 5, for what the import rules cannot see: SQL written as text. A module's
 * SQL names only its own tables (another domain's go through that domain's index.ts, e.g. a
 * relation or statement it builds), and no module or read model names a platform table. Table
 * names come from `pgTable('<name>'` in each schema file, owners from scripts/lint/schema-owners.cjs
 * (the map `.dependency-cruiser.cjs` uses); comments are skipped.
 */
describe('SQL text names only the tables its file may use', () => {
  const srcDir = path.join(repoRoot, 'apps/api/src');
  const owners = createRequire(import.meta.url)(path.join(repoRoot, 'scripts/lint/schema-owners.cjs')) as Record<
    string,
    string
  >;
  const tableOwners = new Map<string, string>();
  for (const [file, owner] of Object.entries(owners)) {
    const schema = readFileSync(path.join(srcDir, 'db/schema', `${file}.ts`), 'utf8');
    for (const match of schema.matchAll(/pgTable\(\s*'([a-z0-9_]{1,63})'/g)) tableOwners.set(match[1] as string, owner);
  }

  /**
   * The tables another owner holds that `text` (a file of `area`: a module's name, or `queries`)
   * names after from, join, update, into or exists.
   */
  function foreignTables(area: string, text: string): string[] {
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const found: string[] = [];
    const check = (said: string, name: string) => {
      const owner = tableOwners.get(name);
      if (owner !== undefined && (area === 'queries' ? owner === 'platform' : owner !== area)) {
        found.push(`${said} (${owner})`);
      }
    };
    for (const match of code.matchAll(/\b(?:from|join|update|into|exists) ([a-z][a-z0-9_]{0,62})\b/g)) {
      check(match[0], match[1] as string);
    }
    // The later tables of a comma list: `from confirmed c, benefits b`.
    for (const match of code.matchAll(
      /\bfrom [a-z][a-z0-9_]{0,62}(?: [a-z][a-z0-9_]{0,62})?((?:, ?[a-z][a-z0-9_]{0,62}(?: [a-z][a-z0-9_]{0,62})?)+)/g,
    )) {
      for (const item of (match[1] as string).split(',').slice(1)) {
        const name = item.trim().split(' ')[0] as string;
        check(`from ..., ${name}`, name);
      }
    }
    return found;
  }

  it('reads the tables of every schema file', () => {
    expect(tableOwners.get('persons')).toBe('persons');
    expect(tableOwners.get('outbox_messages')).toBe('platform');
    expect(tableOwners.size).toBeGreaterThan(40);
  });

  it("finds no module SQL naming another domain's table, and no read model naming a platform table", () => {
    const found: string[] = [];
    for (const folder of ['modules', 'queries']) {
      for (const file of readdirSync(path.join(srcDir, folder), { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts')) continue;
        const area = folder === 'queries' ? 'queries' : (file.split(path.sep)[0] as string);
        const text = readFileSync(path.join(srcDir, folder, file), 'utf8');
        for (const table of foreignTables(area, text)) found.push(`${folder}/${file}: ${table}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('recognises a foreign table when it sees one, and not in a comment', () => {
    expect(foreignTables('benefit-claims', "sql`update benefits set status = 'paid'`")).toEqual([
      'update benefits (benefits)',
    ]);
    expect(foreignTables('file-uploads', 'sql`select 1 from file_upload_rows r join persons p on true`')).toEqual([
      'join persons (persons)',
    ]);
    expect(foreignTables('queries', 'sql`left join outbox_messages o on o.id = i.outbox_id`')).toEqual([
      'join outbox_messages (platform)',
    ]);
    expect(
      foreignTables('benefit-claims', 'sql`update benefit_claims c set x = 1 from confirmed r, benefits b where`'),
    ).toEqual(['from ..., benefits (benefits)']);
    expect(foreignTables('persons', '/** loads rows from benefits */\nsql`select 1 from persons`')).toEqual([]);
  });
});

/**
 * ARCHITECTURE.md "Shapes live once, in packages/contract": the product's route files (the member
 * app's, the back office's and the partners') declare no request or response shape of their own;
 * they use the contract's. Development-only and sandbox routes (`dev.routes.ts`,
 * `sandbox.routes.ts`), which are not part of the product's API, may.
 */
describe("the product's routes take their shapes from packages/contract", () => {
  const modulesDir = path.join(repoRoot, 'apps/api/src/modules');
  const declares = /\bz\.object\(|\.extend\(\{/;

  it('finds no z.object or .extend in a product route file', () => {
    const found = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.routes.ts') && !/(^|[/\\])(dev|sandbox)\.routes\.ts$/.test(file))
      .filter((file) => declares.test(readFileSync(path.join(modulesDir, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('recognises a shape declared in a route file', () => {
    expect(declares.test('const Query = z.object({ kind: z.string() });')).toBe(true);
    expect(declares.test('const Params = IdParams.extend({ documentId: z.number() });')).toBe(true);
    expect(declares.test('response: { 200: z.array(NotificationResponse) }')).toBe(false);
  });
});
