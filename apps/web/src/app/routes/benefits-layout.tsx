import { Outlet } from 'react-router';

/** The layout of `/benefits` (spec section 2), which requires sign-in. */
export function BenefitsLayout() {
  return <Outlet />;
}
