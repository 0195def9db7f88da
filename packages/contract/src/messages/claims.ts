/**
 * Messages of the claim calls.
 * Plain values, no Zod: the app imports them and its bundle leaves the schemas out
 * (`sideEffects: false` in package.json lets the bundler drop modules whose exports are unused).
 */

/** Messages of the claim calls (issue 4). */
export const CLAIM_MESSAGES = {
  identityFirst: 'Prove who you are before you see or claim your benefits.',
  benefitNotFound: 'Benefit not found.',
  claimNotFound: 'There is no claim for this benefit yet.',
  notClaimable: 'This benefit cannot be claimed: it is already paid, or a claim for it is running.',
  alreadySubmitted: 'This claim was already submitted.',
  notEditable: 'This claim was submitted, so it can no longer be changed.',
  stepsMissing: 'Finish every step before you submit.',
  payoutChanged: 'The fees or payout changed since you reviewed them. Review them again before you submit.',
  mustAccept: 'Please accept to continue.',
  documentTooLarge: 'The file is too large: at most 10 MB.',
  documentType: 'Upload a PDF, JPEG or PNG file.',
  documentDimensions: 'This image is too large: at most 12,000 pixels a side. Take a smaller photo or scan.',
  documentMissing: 'Choose a file to upload.',
  documentKind: 'Choose what the document is.',
  documentNotFound: 'Document not found.',
} as const;

/** Messages of requests for more information (issue 21 item 1). */
export const INFORMATION_REQUEST_MESSAGES = {
  messageRequired: 'Tell the member what you need.',
  documentKindRequired: 'Choose the document you need.',
  reasonRequired: 'Give the reason the member will read.',
  whatToDoRequired: 'Tell the member what to do.',
  notRequestable: 'More information can be asked for while a claim is submitted or in review.',
  noOpenRequest: 'Nothing is asked of you on this claim.',
  uploadAsked: 'Upload the document asked for.',
  answerRequired: 'Write your answer.',
  documentsLocked: 'Documents can be reviewed once the claim is submitted.',
} as const;
