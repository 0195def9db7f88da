#!/usr/bin/env node
/**
 * `npm run lint:engines` (part of `npm run lint`; issue 23 item 8, decision 027): our `engines`
 * are honest. Every workspace declares the root's Node range, and every package in the lockfile
 * that declares `engines.node` accepts every Node version of that range (`semver.subset`), so
 * `npm install` on a supported Node never warns EBADENGINE. Prints each package that does not and
 * exits 1.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { parseCommandLine } from './lib/command-line.mjs';

parseCommandLine({
  command: 'npm run lint:engines',
  usage: `
Usage: npm run lint:engines

Checks that every workspace declares the root package.json's engines.node, and that every
package in package-lock.json accepts that whole Node range (decision 027). Takes no options.`,
});

const ROOT = resolve(import.meta.dirname, '..');
const readJson = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const root = readJson('package.json');
const ours = root.engines?.node;
const problems = [];
if (!ours || !semver.validRange(ours)) problems.push(`package.json: engines.node is missing or not a range (${ours})`);
for (const workspace of root.workspaces) {
  const declared = readJson(join(workspace, 'package.json')).engines?.node;
  if (declared !== ours) problems.push(`${workspace}/package.json: engines.node is ${declared}, the root's is ${ours}`);
}
if (problems.length === 0) {
  for (const [path, entry] of Object.entries(readJson('package-lock.json').packages)) {
    const theirs = entry.engines?.node;
    if (!path || entry.link || typeof theirs !== 'string') continue;
    if (!semver.validRange(theirs) || !semver.subset(ours, theirs)) {
      problems.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} needs Node ${theirs}`);
    }
  }
}
if (problems.length > 0) {
  console.error(`engines: Node ${ours} is not what the dependencies support:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.info(`engines: every workspace and dependency supports Node ${ours}`);
