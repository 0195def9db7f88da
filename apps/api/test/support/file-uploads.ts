import { type FileUploadResponse, parseSaIdNumber } from '@bcp/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { VALIDATE_UPLOAD_QUEUE } from '../../src/modules/file-uploads/validate-upload.job.js';
import { upsertPersonsByIdNumber } from '../../src/modules/persons/persons.service.js';
import { call } from './accounts.js';
import { multipartBody } from './claims.js';
import { xsrfPair } from './test-app.js';

/** A CSV file of rows (cells holding the delimiter are quoted), CRLF line ends. */
export function csvFile(rows: string[][], delimiter = ','): Buffer {
  const cell = (text: string) => (text.includes(delimiter) ? `"${text}"` : text);
  return Buffer.from(`${rows.map((row) => row.map(cell).join(delimiter)).join('\r\n')}\r\n`);
}

/** `POST /api/v1/file-uploads/upload` with one multipart file, through the real route. */
export function uploadFileTo(
  app: FastifyInstance,
  token: string,
  id: number,
  fileName: string,
  content: Buffer,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fileName, content);
  const pair = xsrfPair();
  return app.inject({
    method: 'POST',
    url: `/api/v1/file-uploads/upload?fileUploadId=${id}`,
    cookies: pair.cookies,
    headers: { ...pair.headers, authorization: `Bearer ${token}`, 'content-type': body.contentType, ...headers },
    payload: body.payload,
  });
}

/**
 * Creates an upload (mapping: each column of `header` to the field of the same name), uploads the
 * file, waits for its validation job and answers `GET file-uploads/{id}`.
 */
export async function validatedUpload(
  app: FastifyInstance,
  token: string,
  input: { fundId: number; type: string; header: string[]; fileName: string; content: Buffer },
): Promise<FileUploadResponse> {
  const mapping = Object.fromEntries(input.header.map((column) => [column, column]));
  const created = await call(app, 'POST', '/api/v1/file-uploads', {
    token,
    body: { fundId: input.fundId, type: input.type, mapping },
  });
  if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
  const id = created.json().id as number;
  const uploaded = await uploadFileTo(app, token, id, input.fileName, input.content);
  if (uploaded.statusCode !== 200) throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`);
  await app.jobs.idle([VALIDATE_UPLOAD_QUEUE]);
  return (await call(app, 'GET', `/api/v1/file-uploads/${id}`, { token })).json() as FileUploadResponse;
}

/** A person already known (as an earlier fund file made them), by ID number; returns the person id. */
export async function knownPerson(
  app: FastifyInstance,
  person: { idNumber: string; firstName: string; lastName: string; email?: string | null },
): Promise<number> {
  const parsed = parseSaIdNumber(person.idNumber);
  if (!parsed.valid) throw new Error('not a valid ID number');
  const ids = await upsertPersonsByIdNumber(app.db, [
    {
      ...person,
      dateOfBirth: parsed.dateOfBirth,
      gender: parsed.gender,
      email: person.email ?? null,
      phoneNumber: null,
    },
  ]);
  return ids.get(person.idNumber) as number;
}
