import { Outlet } from 'react-router';

/** The `/benefit` layout (spec section 2): holds the selected benefit for its children steps and claim-details. */
export function BenefitLayout() {
  return <Outlet />;
}
