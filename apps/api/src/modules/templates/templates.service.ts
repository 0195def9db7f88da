import type { CreateTemplateRequest } from '@bcp/contract';
import {
  BENEFIT_TEMPLATE_VARIABLES,
  type ListQuery,
  type ListResponse,
  TEMPLATE_KIND_INFO,
  TEMPLATE_KINDS,
  TEMPLATE_MESSAGES,
  type TemplateFormResponse,
  type TemplateKind,
  type TemplateResponse,
  type TemplateVariable,
  type UpdateTemplateRequest,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import { checkTemplate, describeTemplateProblem } from '@bcp/contract/templating';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError, type FieldErrors } from '../../platform/errors/app-error.js';
import { BUILT_IN_MESSAGES, listBuiltInMessages } from '../../platform/templating/message-catalog.js';
import {
  deleteTemplateRow,
  insertTemplate,
  listTemplateRows,
  selectTemplateRow,
  type TemplateRow,
  type TemplateSort,
  templateKeyTaken,
  templateNameTaken,
  updateTemplateRow,
} from './templates.repository.js';

type TemplateInput = z.output<typeof CreateTemplateRequest>;

function toResponse(row: TemplateRow): TemplateResponse {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    key: row.key,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function auditFields(template: TemplateResponse): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = template;
  return fields;
}

/** The variables of each kind: benefit data for all; the message variables of the kind's built-in messages. */
function variablesByKind(): Record<TemplateKind, TemplateVariable[]> {
  const byKind = Object.fromEntries(TEMPLATE_KINDS.map((kind) => [kind, [...BENEFIT_TEMPLATE_VARIABLES]])) as Record<
    TemplateKind,
    TemplateVariable[]
  >;
  for (const [key, message] of Object.entries(BUILT_IN_MESSAGES)) {
    for (const kind of Object.keys(message.defaults) as TemplateKind[]) {
      for (const variable of message.variables) {
        if (!byKind[kind].some((known) => known.name === variable.name)) {
          byKind[kind].push({ name: variable.name, description: `${variable.description} (message ${key})` });
        }
      }
    }
  }
  return byKind;
}

/** `GET templates/create` / `GET templates/{id}/edit`: kinds, variables per kind, built-in messages, the template. */
export function templateForm(template: TemplateResponse | null): TemplateFormResponse {
  return {
    kinds: TEMPLATE_KINDS.map((kind) => ({ kind, ...TEMPLATE_KIND_INFO[kind] })),
    variables: variablesByKind(),
    messages: listBuiltInMessages(),
    template,
  };
}

/** Liquid problems of a subject and body, as per-field messages with line and column. */
export function templateErrors(fields: Record<string, string | null | undefined>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, source] of Object.entries(fields)) {
    if (!source) continue;
    const problem = checkTemplate(source);
    if (problem) errors[field] = [describeTemplateProblem(problem)];
  }
  return errors;
}

/** Checks the whole template as it would be stored: Liquid, subject for the kind, unique name and key. */
async function assertValid(db: Database, template: TemplateInput, exceptId?: number): Promise<void> {
  const errors = templateErrors({ subject: template.subject, body: template.body });
  if (template.subject && !TEMPLATE_KIND_INFO[template.kind].hasSubject) errors.subject = [TEMPLATE_MESSAGES.noSubject];
  if (await templateNameTaken(db, template.name, exceptId)) errors.name = [TEMPLATE_MESSAGES.duplicateName];
  if (template.key && (await templateKeyTaken(db, template.kind, template.key, exceptId))) {
    errors.key = [TEMPLATE_MESSAGES.duplicateKey];
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', VALIDATION_FAILED_MESSAGE, errors);
}

async function findTemplateRow(db: Database, id: number): Promise<TemplateRow> {
  const row = await selectTemplateRow(db, id);
  if (!row) throw new AppError('not_found', TEMPLATE_MESSAGES.notFound);
  return row;
}

/**
 * One template (spec 7 `GET templates/{id}`).
 * @throws AppError `not_found` (404)
 */
export async function getTemplate(db: Database, id: number): Promise<TemplateResponse> {
  return toResponse(await findTemplateRow(db, id));
}

/** Templates in the list envelope: `filter[kind]`, `filter[key]`; `q` searches name, key and subject. */
export async function listTemplates(
  db: Database,
  query: ListQuery<TemplateSort, { kind?: TemplateKind | undefined; key?: string | undefined }>,
): Promise<ListResponse<TemplateResponse>> {
  return listTemplateRows(db, query, toResponse);
}

/**
 * Saves a new template (spec 7 `POST templates`); audited `templates.created`.
 * @throws AppError `validation` (422): Liquid parse errors of `subject`/`body` with line and
 *   column, a subject for a kind without one, a name or kind+key already used
 */
export async function createTemplate(
  db: Database,
  input: TemplateInput,
  context: AuditContext,
): Promise<TemplateResponse> {
  await assertValid(db, input);
  return db.transaction(async (tx) => {
    const row = await insertTemplate(tx, {
      name: input.name,
      kind: input.kind,
      key: input.key ?? null,
      subject: input.subject ?? null,
      body: input.body,
    });
    const response = toResponse(row);
    await recordAudit(tx, {
      ...context,
      action: 'templates.created',
      entityType: 'templates',
      entityId: row.id,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Changes a template (spec 7 `PATCH templates/{id}`): the fields given; audited `templates.updated`.
 * @throws AppError `not_found` (404); `validation` (422) as `createTemplate`
 */
export async function updateTemplate(
  db: Database,
  id: number,
  input: z.output<typeof UpdateTemplateRequest>,
  context: AuditContext,
): Promise<TemplateResponse> {
  const row = await findTemplateRow(db, id);
  const merged: TemplateInput = {
    name: input.name ?? row.name,
    kind: input.kind ?? row.kind,
    key: input.key === undefined ? row.key : input.key,
    subject: input.subject === undefined ? row.subject : input.subject,
    body: input.body ?? row.body,
  };
  await assertValid(db, merged, id);
  return db.transaction(async (tx) => {
    const updated = await updateTemplateRow(tx, id, {
      ...merged,
      key: merged.key ?? null,
      subject: merged.subject ?? null,
    });
    if (!updated) throw new AppError('not_found', TEMPLATE_MESSAGES.notFound);
    const response = toResponse(updated);
    await recordAudit(tx, {
      ...context,
      action: 'templates.updated',
      entityType: 'templates',
      entityId: id,
      before: auditFields(toResponse(row)),
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Deletes a template (spec 7 `DELETE templates/{id}`); a message it replaced goes back to its
 * built-in default. Audited `templates.deleted`.
 * @throws AppError `not_found` (404)
 */
export async function deleteTemplate(db: Database, id: number, context: AuditContext): Promise<void> {
  const row = await findTemplateRow(db, id);
  await db.transaction(async (tx) => {
    await deleteTemplateRow(tx, id);
    await recordAudit(tx, {
      ...context,
      action: 'templates.deleted',
      entityType: 'templates',
      entityId: id,
      before: auditFields(toResponse(row)),
    });
  });
}
