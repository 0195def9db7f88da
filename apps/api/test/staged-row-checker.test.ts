import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import { describe, expect, it } from 'vitest';
import { workerChecker } from '../src/modules/file-uploads/staged-row-checker.js';
import { AppError } from '../src/platform/errors/app-error.js';

/**
 * Decision 085: a refusal raised where the worker parses a batch reaches the job's thread as the
 * same `AppError` (its kind and message become the upload's failure reason), not as a plain error.
 */
describe('the check worker (decision 085)', () => {
  it('gives back a refused row as the AppError it was, and a checked batch as COPY bytes', async () => {
    const context = { uploadId: 7, kind: 'member_file' as const, columns: { first_name: 1 }, todayMs: Date.now() };
    const checker = workerChecker(context);
    const format = { delimiter: ',', newline: '\n' as const };
    try {
      // The first batch goes to the worker (none waiting there yet).
      const refused = checker.lines({ text: `1,${'x'.repeat(40_000)}\n`, format, count: 1 }, 12);
      const error = await refused.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ kind: 'too_large', message: FILE_UPLOAD_MESSAGES.cellTooLong(12, 2, 32_767) });
      const checked = await checker.lines({ text: '1,Ann\n', format, count: 1 }, 13);
      expect(checked.text).toBeInstanceOf(Uint8Array);
      expect(new TextDecoder().decode(checked.text as Uint8Array)).toMatch(/^7\t13\tt\t/);
    } finally {
      await checker.close();
    }
  });
});
