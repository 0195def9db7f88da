import type { BenefitResponse, ClaimResponse } from '@bcp/contract';

/** What every claim step receives: the selected benefit, its claim, and how to say it is done. */
export interface StepProps {
  benefit: BenefitResponse;
  claim: ClaimResponse;
  /** The step saved its part; the page moves on. */
  onDone: (claim: ClaimResponse) => void;
}
