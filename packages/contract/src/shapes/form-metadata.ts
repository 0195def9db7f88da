import { z } from 'zod';

/**
 * Form metadata of the back office (`GET <resource>/create`, `GET <resource>/{id}/edit`, spec 7):
 * the fields a create or edit form shows, with their choices, and for an edit form the current
 * values, so that the back-office UI draws forms from the server's rules.
 */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'tel',
  'number',
  'date',
  'checkbox',
  'select',
  'multiselect',
  'tags',
] as const;

export const FormFieldResponse = z
  .object({
    /** The request body field it fills. */
    name: z.string(),
    label: z.string(),
    type: z.enum(FORM_FIELD_TYPES),
    required: z.boolean(),
    /** Shown but not changeable (e.g. an account type's code once created). */
    readOnly: z.boolean(),
    maxLength: z.number().int().nullable(),
    /** For `select` and `multiselect`: the values allowed. */
    options: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })).nullable(),
  })
  .meta({ id: 'FormFieldResponse' });
export type FormFieldResponse = z.infer<typeof FormFieldResponse>;

export const FormMetadataResponse = z
  .object({
    fields: z.array(FormFieldResponse),
    /** The values to start from: defaults for `create`, the entity's for `{id}/edit`. */
    values: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'FormMetadataResponse' });
export type FormMetadataResponse = z.infer<typeof FormMetadataResponse>;

/** A form field with the defaults most fields share (`required: false`, no options). */
export function formField(
  field: Pick<FormFieldResponse, 'name' | 'label' | 'type'> & Partial<FormFieldResponse>,
): FormFieldResponse {
  return { required: false, readOnly: false, maxLength: null, options: null, ...field };
}
