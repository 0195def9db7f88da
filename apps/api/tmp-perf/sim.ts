import { existsSync } from 'node:fs';
import { writeMemberFile } from '../bench/file-upload.bench.js';
import { readRows } from '../src/modules/file-uploads/file-reader.js';
import { checkRowCells } from '../src/modules/file-uploads/row-checks.js';
import { STAGED_VALUES } from '../src/modules/file-uploads/validate-upload.job.js';
const file = '/tmp/perf/member-1m.csv';
if (!existsSync(file)) await writeMemberFile(file, 1_000_000);
const mode = process.argv[2] ?? 'full'; console.log('start rss', (process.memoryUsage().rss/1048576).toFixed(0));
let peak = 0; let peakHeap = 0;
const sample = () => { const m = process.memoryUsage(); peak = Math.max(peak, m.rss); peakHeap = Math.max(peakHeap, m.heapUsed); };
const timer = setInterval(sample, 100);
const start = performance.now();
const today = new Date();
let header: string[] | undefined; let n = 0; let bytes = 0; let pending = '';
const columnOf = new Map<string, number>();
for await (const cells of readRows(file, 'csv')) {
  if (!header) { header = cells; header.forEach((c, i) => columnOf.set(c === 'amount' ? 'amount' : c, i)); continue; }
  n++;
  if (mode === 'parse') continue;
  const checked = checkRowCells('member_file', (key) => cells[columnOf.get(key) ?? -1] ?? '', today);
  const row: unknown[] = [1, n, false, checked.findings.length ? checked.findings : null];
  for (const key of STAGED_VALUES) row.push(checked.values[key]);
  pending += `${row.map((v) => (v === null || v === undefined ? '\\N' : typeof v === 'object' ? JSON.stringify(v) : String(v))).join('\t')}\n`;
  if (pending.length > 65536) { bytes += Buffer.byteLength(pending); pending = ''; await new Promise((r) => setImmediate(r)); }
}
clearInterval(timer); sample();
console.log(mode, n, 'rows', ((performance.now() - start) / 1000).toFixed(1), 's; peak rss', (peak / 1048576).toFixed(0), 'MB, peak heapUsed', (peakHeap / 1048576).toFixed(0), 'MB; start rss', 'bytes', bytes);
