import {
  TEMPLATE_KIND_INFO,
  type TemplatePreviewRequest,
  type TemplatePreviewResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import { renderTemplate, TemplateRenderError } from '@bcp/contract/templating';
import type { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.js';
import { sanitizeHtml } from '../../platform/templating/sanitize-html.js';
import { templateErrors } from './templates.service.js';

/**
 * The sample data a preview renders with: every benefit variable (`BENEFIT_TEMPLATE_VARIABLES`) and
 * every built-in message's variables, with fictional values (no real person's data).
 */
export const TEMPLATE_SAMPLE_DATA = {
  benefit: {
    id: 1001,
    benefitType: 'withdrawal',
    status: 'unclaimed',
    amount: 'R 3 450,00',
    amountCents: 345_000,
    totalFees: 'R 99,19',
    netAmount: 'R 3 350,81',
    netAmountCents: 335_081,
  },
  person: { firstName: 'Zanele', lastName: 'Sample', idNumberMasked: '*********4088' },
  fund: { id: 1, name: 'Demo Retirement Fund', registrationNumber: '12/8/00001' },
  claim: [{ id: 501, status: 'submitted', submittedAt: '2026-03-02T09:15:00.000Z' }],
  pin: '123456',
  purpose: 'to sign in',
  purposeKey: 'sign_in',
  expiresInMinutes: 10,
  benefitType: 'withdrawal',
  fundName: 'Demo Retirement Fund',
  netAmount: 'R 3 350,81',
  reason: 'The bank account is not in the member’s name.',
  paymentReference: 'EFT-2026-0001',
  accountLast4: '4321',
} as const;

/**
 * Renders a template as typed (issue 19 "live preview rendered by the server") with
 * `TEMPLATE_SAMPLE_DATA`: HTML kinds escaped and sanitized as messages are, SMS as plain text.
 * @throws AppError `validation` (422) with `subject`/`body` problems at line and column
 */
export async function previewTemplate(
  input: z.output<typeof TemplatePreviewRequest>,
): Promise<TemplatePreviewResponse> {
  const info = TEMPLATE_KIND_INFO[input.kind];
  const subjectSource = info.hasSubject ? (input.subject ?? null) : null;
  const errors = templateErrors({ subject: subjectSource, body: input.body });
  if (Object.keys(errors).length > 0) throw new AppError('validation', VALIDATION_FAILED_MESSAGE, errors);
  const html = info.format === 'html';
  const render = async (field: 'subject' | 'body', source: string, escapeHtml: boolean) => {
    try {
      return await renderTemplate(source, TEMPLATE_SAMPLE_DATA, { escape: escapeHtml });
    } catch (error) {
      if (error instanceof TemplateRenderError) {
        throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { [field]: [error.message] });
      }
      throw error;
    }
  };
  const body = await render('body', input.body, html);
  return {
    subject: subjectSource === null ? null : await render('subject', subjectSource, false),
    body: html ? sanitizeHtml(body) : body,
    format: info.format,
  };
}
