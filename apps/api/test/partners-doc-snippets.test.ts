import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { createTestApp, freePort, type TestApp } from './support/test-app.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const ROOT_NODE_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
const PAGE = readFileSync(join(ROOT, 'docs/partners.md'), 'utf8');

/** The page's fenced code blocks of one language, in order. */
function blocks(language: string): string[] {
  return [...PAGE.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map(
    (match) => match[1] ?? '',
  );
}

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'partners-doc-'));
  symlinkSync(ROOT_NODE_MODULES, join(folder, 'node_modules'), 'dir');
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * docs/partners.md's code cannot rot (issue 39 item 5): its TypeScript compiles as the page says to
 * (its `tsconfig.json`: NodeNext, strict) against types generated from the served document, and
 * its webhook receiver accepts a delivery signed as the server signs and refuses a forged one.
 */
describe('docs/partners.md snippets', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp?.close());

  it(
    "compiles every TypeScript block with the page's tsconfig.json (module NodeNext, strict)",
    async () => {
      const tsconfig = blocks('json').find((block) => block.includes('"compilerOptions"'));
      expect(tsconfig).toBeDefined();
      expect(JSON.parse(tsconfig as string).compilerOptions).toMatchObject({ module: 'NodeNext', strict: true });
      writeFileSync(join(folder, 'tsconfig.json'), tsconfig as string);
      const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      writeFileSync(join(folder, 'benefit-finder.d.ts'), astToString(await openapiTS(document)));
      const snippets = blocks('ts');
      expect(snippets.filter((snippet) => snippet.includes("from './benefit-finder.js'")).length).toBeGreaterThan(0);
      snippets.forEach((snippet, index) => {
        writeFileSync(join(folder, `snippet-${index + 1}.ts`), snippet);
      });
      const typecheck = () =>
        promisify(execFile)(process.execPath, [TSC, '-p', '.'], { cwd: folder }).then(
          () => '',
          (error: { stdout: string }) => error.stdout || String(error),
        );
      expect(await typecheck()).toBe('');
      // The check can fail: the import the issue found (no extension) does not compile under NodeNext.
      writeFileSync(
        join(folder, 'snippet-wrong.ts'),
        (snippets[0] ?? '').replace("from './benefit-finder.js'", "from './benefit-finder'"),
      );
      expect(await typecheck()).toContain('snippet-wrong.ts');
      rmSync(join(folder, 'snippet-wrong.ts'));
    },
    scaled(120_000),
  );

  it(
    "the receiver of 'Try it locally' verifies a delivery signed as the server signs, and refuses a forged one",
    async () => {
      const receiver = blocks('js').find((block) => block.includes("from 'standardwebhooks'"));
      expect(receiver).toBeDefined();
      writeFileSync(join(folder, 'receiver.mjs'), receiver as string);
      const secret = `whsec_${Buffer.from('partners-doc-receiver-secret-32b').toString('base64')}`;
      const port = await freePort();
      const child: ChildProcess = spawn(process.execPath, ['receiver.mjs'], {
        cwd: folder,
        env: { ...process.env, BENEFIT_FINDER_WEBHOOK_SECRET: secret, RECEIVER_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += String(chunk);
      });
      // The receiver's lines arrive through a pipe, possibly after the HTTP answer: wait for them.
      const printed = async (text: string) => {
        while (!output.includes(text)) await once(child.stdout as NodeJS.ReadableStream, 'data');
      };
      try {
        await printed('listening on');
        const send = (body: string, signature: string) =>
          fetch(`http://127.0.0.1:${port}/hooks`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'webhook-id': 'msg_doc_1',
              'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
              'webhook-signature': signature,
            },
            body,
          });
        const body = JSON.stringify({
          type: 'claim.submitted',
          timestamp: new Date().toISOString(),
          data: { claimId: 7 },
        });
        // As deliverWebhook signs: Standard Webhooks over id, timestamp and the raw body.
        const signature = new Webhook(secret).sign('msg_doc_1', new Date(), body);
        expect((await send(body, signature)).status).toBe(204);
        expect((await send(body.replace('7', '8'), signature)).status).toBe(400);
        await printed('refused:');
        expect(output).toContain('verified msg_doc_1 {"type":"claim.submitted"');
        expect(output.match(/verified/g)).toHaveLength(1);
      } finally {
        child.kill();
      }
    },
    scaled(60_000),
  );
});
