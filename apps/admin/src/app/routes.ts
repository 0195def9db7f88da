import type { Permission } from '@bcp/contract';
import {
  IconBuildingBank,
  IconChecklist,
  IconCreditCard,
  IconDashboard,
  IconFileCheck,
  IconFileInvoice,
  IconFileText,
  IconFileUpload,
  IconHelpCircle,
  IconHistory,
  IconKey,
  IconLayoutList,
  IconListSearch,
  IconRadar,
  IconShieldLock,
  IconTransfer,
  IconUserSearch,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { type ComponentType, lazy } from 'react';

/** Where a screen's link sits in the navigation; screens without one are reached from others. */
export interface NavEntry {
  group: 'Work' | 'Set-up';
  label: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
}

/**
 * One screen of the back office: its path (under `/admin`), title, the permission it needs (null:
 * any signed-in staff user) and, when it has one, its navigation link. The navigation and the
 * router are both built from `ADMIN_ROUTES`; a user lacking a screen's permission sees no link to it
 * and, at its URL, the "You do not have access" page.
 */
export interface AdminRoute {
  path: string;
  title: string;
  permission: Permission | null;
  nav?: NavEntry;
  component: ComponentType;
}

/** Every signed-in screen, in navigation order. */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  {
    path: '/',
    title: 'Dashboard',
    permission: null,
    nav: { group: 'Work', label: 'Dashboard', icon: IconDashboard },
    component: lazy(() => import('../features/dashboard/dashboard-page')),
  },
  {
    path: '/tasks',
    title: 'Tasks',
    permission: 'tasks.read',
    nav: { group: 'Work', label: 'Tasks', icon: IconChecklist },
    component: lazy(() => import('../features/tasks/tasks-page')),
  },
  {
    path: '/claims',
    title: 'Claims',
    permission: 'benefits.read',
    nav: { group: 'Work', label: 'Claims', icon: IconFileCheck },
    component: lazy(() => import('../features/claims/claims-page')),
  },
  {
    path: '/claims/:id',
    title: 'Claim',
    permission: 'claims.read',
    component: lazy(() => import('../features/claims/claim-page')),
  },
  {
    path: '/persons',
    title: 'Benefits and persons',
    permission: 'benefits.read',
    nav: { group: 'Work', label: 'Benefits and persons', icon: IconUserSearch },
    component: lazy(() => import('../features/persons/persons-page')),
  },
  {
    path: '/persons/:id',
    title: 'Person',
    permission: 'persons.read',
    component: lazy(() => import('../features/persons/person-page')),
  },
  {
    path: '/uploads',
    title: 'Uploads',
    permission: 'file-uploads.read',
    nav: { group: 'Work', label: 'Uploads', icon: IconFileUpload },
    component: lazy(() => import('../features/uploads/uploads-page')),
  },
  {
    path: '/uploads/new',
    title: 'New upload',
    permission: 'file-uploads.write',
    component: lazy(() => import('../features/uploads/new-upload-page')),
  },
  {
    path: '/uploads/:id',
    title: 'Upload',
    permission: 'file-uploads.read',
    component: lazy(() => import('../features/uploads/upload-page')),
  },
  {
    path: '/enrichment',
    title: 'Enrichment',
    permission: 'enrichment.read',
    nav: { group: 'Work', label: 'Enrichment', icon: IconRadar },
    component: lazy(() => import('../features/enrichment/enrichment-page')),
  },
  {
    path: '/partner-files',
    title: 'Partner files',
    permission: 'file-downloads.read',
    nav: { group: 'Work', label: 'Partner files', icon: IconTransfer },
    component: lazy(() => import('../features/enrichment/partner-files-page')),
  },
  {
    path: '/invoices',
    title: 'Invoices',
    permission: 'invoices.read',
    nav: { group: 'Work', label: 'Invoices', icon: IconFileInvoice },
    component: lazy(() => import('../features/invoices/invoices-page')),
  },
  {
    path: '/invoices/:id',
    title: 'Invoice',
    permission: 'invoices.read',
    component: lazy(() => import('../features/invoices/invoice-page')),
  },
  {
    path: '/audit-log',
    title: 'Audit log',
    permission: 'audits.read',
    nav: { group: 'Work', label: 'Audit log', icon: IconListSearch },
    component: lazy(() => import('../features/audits/audit-log-page')),
  },
  {
    path: '/set-up/funds',
    title: 'Funds',
    permission: 'funds.read',
    nav: { group: 'Set-up', label: 'Funds', icon: IconWallet },
    component: lazy(() => import('../features/funds/funds-page')),
  },
  {
    path: '/set-up/funds/:id',
    title: 'Fund',
    permission: 'funds.read',
    component: lazy(() => import('../features/funds/fund-page')),
  },
  {
    path: '/set-up/users',
    title: 'Users',
    permission: 'users.read',
    nav: { group: 'Set-up', label: 'Users', icon: IconUsers },
    component: lazy(() => import('../features/users/users-page')),
  },
  {
    path: '/set-up/roles',
    title: 'Roles and permissions',
    permission: 'roles.read',
    nav: { group: 'Set-up', label: 'Roles', icon: IconShieldLock },
    component: lazy(() => import('../features/roles/roles-page')),
  },
  {
    path: '/set-up/partners',
    title: 'Partners',
    permission: 'partners.read',
    nav: { group: 'Set-up', label: 'Partners', icon: IconKey },
    component: lazy(() => import('../features/partners/partners-page')),
  },
  {
    path: '/set-up/partners/:id',
    title: 'Partner',
    permission: 'partners.read',
    component: lazy(() => import('../features/partners/partner-page')),
  },
  {
    path: '/set-up/templates',
    title: 'Templates',
    permission: 'templates.read',
    nav: { group: 'Set-up', label: 'Templates', icon: IconFileText },
    component: lazy(() => import('../features/templates/templates-page')),
  },
  {
    path: '/set-up/templates/:id',
    title: 'Template',
    permission: 'templates.read',
    component: lazy(() => import('../features/templates/template-page')),
  },
  {
    path: '/set-up/faqs',
    title: 'FAQs',
    permission: 'faqs.read',
    nav: { group: 'Set-up', label: 'FAQs', icon: IconHelpCircle },
    component: lazy(() => import('../features/faqs/faqs-page')),
  },
  {
    path: '/set-up/fund-types',
    title: 'Fund types',
    permission: 'fund-types.read',
    nav: { group: 'Set-up', label: 'Fund types', icon: IconLayoutList },
    component: lazy(() => import('../features/reference/fund-types-page')),
  },
  {
    path: '/set-up/banks',
    title: 'Banks',
    permission: 'banks.read',
    nav: { group: 'Set-up', label: 'Banks', icon: IconBuildingBank },
    component: lazy(() => import('../features/reference/banks-page')),
  },
  {
    path: '/set-up/account-types',
    title: 'Account types',
    permission: 'account-types.read',
    nav: { group: 'Set-up', label: 'Account types', icon: IconCreditCard },
    component: lazy(() => import('../features/reference/account-types-page')),
  },
  {
    path: '/set-up/historic-accounts',
    title: 'Historic accounts',
    permission: 'historic-accounts.read',
    nav: { group: 'Set-up', label: 'Historic accounts', icon: IconHistory },
    component: lazy(() => import('../features/reference/historic-accounts-page')),
  },
];
