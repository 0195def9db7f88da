/** The benefit statuses staff filter by, with their words. */
export const BENEFIT_STATUS_OPTIONS = [
  { value: 'unclaimed', label: 'Unclaimed' },
  { value: 'claimed', label: 'Claimed' },
  { value: 'paid', label: 'Paid' },
];
