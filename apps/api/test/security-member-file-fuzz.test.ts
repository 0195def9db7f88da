import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FILE_UPLOAD_MAX_BYTES, type FileUploadResponse } from '@bcp/contract';
import { CsvError } from 'csv-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { FILE_BUDGETS } from '../src/modules/file-uploads/file-budgets.js';
import { formatOfFileName, readHeaderAndSample, readRowBatches } from '../src/modules/file-uploads/file-reader.js';
import { FILE_UPLOADS_FOLDER } from '../src/modules/file-uploads/file-uploads.service.js';
import { VALIDATE_UPLOAD_QUEUE } from '../src/modules/file-uploads/validate-upload.job.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { AppError } from '../src/platform/errors/app-error.js';
import { fileOpener } from '../src/platform/files/file-store.js';
import { createLocalFileStore } from '../src/platform/files/local-file-store.js';
import { call } from './support/accounts.js';
import { uploadFileTo } from './support/file-uploads.js';
import { errorShapeProblem } from './support/fuzz-checks.js';
import { MEMBER_HEADER } from './support/hostile-files.js';
import { type FuzzFile, fuzzFile, Random } from './support/member-file-fuzz.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 34 "Done when": the member-file parser fuzzed with random shapes (`member-file-fuzz.ts`):
 * read from the real local file store, every file is read to its end or refused with a documented
 * refusal (an AppError 413 or 422 with its message under `errors.file`, or csv-parse's CsvError for
 * a file that is not CSV), never anything else, every row within the column and cell budgets; and
 * through the real upload route and validation job, no answer is 5xx, every refusal is in the error
 * shape, and every upload ends `validated`, `failed` or refused, never stuck. Time is bounded by the
 * readers' own deadlines and the test's timeout. Deterministic: FUZZ_SEED (printed) fixes every file;
 * FUZZ_FILES and FUZZ_UPLOADS change the counts.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const FILES = Number(process.env.FUZZ_FILES ?? 400);
const UPLOADS = Number(process.env.FUZZ_UPLOADS ?? 80);

let testApp: TestApp;
let staff: Staff;
let fundId: number;
let folder: string;
const app = () => testApp.app;

/** What reading a file came to: its rows, or a documented refusal; anything else is thrown. */
async function readOutcome(file: FuzzFile, store: ReturnType<typeof createLocalFileStore>): Promise<string> {
  const format = formatOfFileName(file.fileName) ?? 'csv';
  const stored = await store.put(FILE_UPLOADS_FOLDER, Readable.from([file.content]), FILE_UPLOAD_MAX_BYTES);
  const open = fileOpener(store, FILE_UPLOADS_FOLDER, stored.storedName);
  const classify = (error: unknown): string => {
    if (error instanceof AppError && (error.status === 413 || error.status === 422)) {
      expect(error.fieldErrors).toEqual({ file: [error.message] });
      return `refused ${error.status}`;
    }
    if (error instanceof CsvError) return 'not CSV';
    throw error;
  };
  try {
    if (file.content.length > 0) await readHeaderAndSample(open, format, 5, stored.sizeBytes);
  } catch (error) {
    classify(error);
  }
  try {
    let rows = 0;
    for await (const batch of readRowBatches(open, format, { sizeBytes: stored.sizeBytes })) {
      for (const cells of batch) {
        expect(cells.length).toBeLessThanOrEqual(FILE_BUDGETS.maxColumns);
        for (const text of cells) expect(text.length).toBeLessThanOrEqual(FILE_BUDGETS.maxCellChars);
      }
      rows += batch.length;
    }
    return `read ${rows > 0 ? 'rows' : 'empty'}`;
  } catch (error) {
    return classify(error);
  } finally {
    await store.remove(FILE_UPLOADS_FOLDER, stored.storedName);
  }
}

beforeAll(async () => {
  testApp = await createTestApp();
  staff = await createStaff(app(), ['file-uploads.read', 'file-uploads.write']);
  fundId = (await createFund(app().db, { name: 'Fuzz Files Fund', registrationNumber: '12/8/34002' })).id;
  folder = mkdtempSync(join(tmpdir(), 'bcp-member-file-fuzz-'));
});
afterAll(async () => {
  await testApp.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('issue 34: the member-file parser fuzzed with random shapes', () => {
  it(
    `reads or refuses (documented) ${FILES} random files from the local file store (FUZZ_SEED=${SEED})`,
    async () => {
      const random = new Random(SEED);
      const store = createLocalFileStore(folder);
      const outcomes = new Map<string, number>();
      for (let count = 0; count < FILES; count += 1) {
        const file = fuzzFile(random);
        let outcome: string;
        try {
          outcome = await readOutcome(file, store);
        } catch (error) {
          throw new Error(`file ${count} (${file.fileName}: ${file.shape}) threw ${String(error)}`, { cause: error });
        }
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
      console.info(`member-file fuzz (seed ${SEED}):`, Object.fromEntries(outcomes));
      // The generator reaches each way out: rows read, refusals of both kinds.
      expect(outcomes.get('read rows')).toBeGreaterThan(0);
      expect(outcomes.get('refused 413')).toBeGreaterThan(0);
      expect(outcomes.get('refused 422')).toBeGreaterThan(0);
    },
    scaled(600_000),
  );

  it(
    `answers ${UPLOADS} random uploads below 500 in the error shape, each ending validated, failed or refused`,
    async () => {
      const random = new Random(SEED + 1);
      const mapping = Object.fromEntries(MEMBER_HEADER.map((column) => [column, column]));
      const endings = new Map<string, number>();
      for (let count = 0; count < UPLOADS; count += 1) {
        const file = fuzzFile(random);
        // A mapping of the member file's columns (refused when the header lacks them: 422).
        const created = await call(app(), 'POST', '/api/v1/file-uploads', {
          token: staff.token,
          body: { fundId, type: 'member_file', mapping },
        });
        const id = (created.json() as FileUploadResponse).id;
        const response = await uploadFileTo(app(), staff.token, id, file.fileName, file.content);
        const context = `upload ${count} (${file.fileName}: ${file.shape})`;
        expect(response.statusCode, `${context}: ${response.body}`).toBeLessThan(500);
        expect([200, 409, 413, 415, 422], context).toContain(response.statusCode);
        expect(errorShapeProblem(response.statusCode, response.headers['content-type'], response.body), context).toBe(
          undefined,
        );
        await app().jobs.idle([VALIDATE_UPLOAD_QUEUE]);
        const upload = (await call(app(), 'GET', `/api/v1/file-uploads/${id}`, { token: staff.token })).json();
        const ending = response.statusCode === 200 ? upload.status : `refused ${response.statusCode}`;
        if (response.statusCode === 200) expect(['validated', 'failed'], context).toContain(upload.status);
        else expect(upload.status, context).toBe('awaiting_file');
        endings.set(ending, (endings.get(ending) ?? 0) + 1);
      }
      console.info(`member-file upload fuzz (seed ${SEED + 1}):`, Object.fromEntries(endings));
      expect(endings.get('validated')).toBeGreaterThan(0);
    },
    scaled(600_000),
  );
});
