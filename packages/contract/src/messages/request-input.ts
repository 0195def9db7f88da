/**
 * Messages of input a call does not take (issue 39 item 2; decision 060): each names one
 * parameter or field in a 422's `errors`, keyed by the parameter as sent (`colour`,
 * `filter[colour]`) or the body field's dotted path.
 */
export const REQUEST_INPUT_MESSAGES = {
  unknownQueryParameter: 'Unknown query parameter.',
  unknownField: 'Unknown field.',
} as const;
