import type { ComponentType } from 'react';
import dynamic from 'next/dynamic';
import {
  FORM_ALL_MEMBERS,
  FORM_DATA_PROTECTION,
  FORM_INVENTORY,
  FORM_LICENCE_ORDER,
  FORM_MEMBERS,
  FORM_MESSAGE_CENTRE,
  FORM_NEWS,
  FORM_ORDER_CATEGORIES,
  FORM_ORDER_DETAIL,
  FORM_ORDER_OVERVIEW,
  FORM_ORGANISATIONS,
  FORM_ORGANISATIONS_ALT,
  FORM_PERSON_SEARCH,
  FORM_ROLE_EDIT,
  FORM_TOURNAMENT_APPROVAL,
  FORM_TOURNAMENTS,
} from '@/lib/domain/functions';
import type { FormPageProps } from '@/lib/form-page-props';

/**
 * The one registry funkId → form page. Each form is loaded on demand (next/dynamic), so a form
 * page ships the JavaScript of its own form only, however many forms are added. A funkId that is
 * missing shows 'Form {function name} not found'.
 */

const OrganisationsPage = dynamic(() => import('@/components/organisations/organisations-page').then((m) => m.OrganisationsPage));
const MembersPage = dynamic(() => import('@/components/members/members-page').then((m) => m.MembersPage));
const AllMembersPage = dynamic(() => import('@/components/members/members-page').then((m) => m.AllMembersPage));
const OrderCategoriesPage = dynamic(() => import('@/components/order-categories/order-categories-page').then((m) => m.OrderCategoriesPage));
const OrderAdminPage = dynamic(() => import('@/components/order-admin/order-admin-page').then((m) => m.OrderAdminPage));
const RoleAdminPage = dynamic(() => import('@/components/roles/role-admin-page').then((m) => m.RoleAdminPage));
const PersonSearchPage = dynamic(() => import('@/components/persons/person-search-page').then((m) => m.PersonSearchPage));
const TournamentPage = dynamic(() => import('@/components/tournaments/tournament-page').then((m) => m.TournamentPage));
const ApprovalPage = dynamic(() => import('@/components/tournaments/approval-page').then((m) => m.ApprovalPage));
const InventoryPage = dynamic(() => import('@/components/inventory/inventory-page').then((m) => m.InventoryPage));
const NewsPage = dynamic(() => import('@/components/news/news-page').then((m) => m.NewsPage));
const MessageCentrePage = dynamic(() => import('@/components/messages/message-centre-page').then((m) => m.MessageCentrePage));
const PrivacyOfficerPage = dynamic(() => import('@/components/privacy/privacy-officer-page').then((m) => m.PrivacyOfficerPage));
const LicenceOrderPage = dynamic(() => import('@/components/orders/licence-order-page').then((m) => m.LicenceOrderPage));

export const forms: Readonly<Record<number, ComponentType<FormPageProps>>> = {
  [FORM_ORGANISATIONS]: OrganisationsPage,
  [FORM_ORGANISATIONS_ALT]: OrganisationsPage,
  [FORM_MEMBERS]: MembersPage,
  [FORM_ALL_MEMBERS]: AllMembersPage,
  [FORM_LICENCE_ORDER]: LicenceOrderPage,
  [FORM_ORDER_CATEGORIES]: OrderCategoriesPage,
  [FORM_ORDER_DETAIL]: OrderAdminPage,
  [FORM_ORDER_OVERVIEW]: OrderAdminPage,
  [FORM_ROLE_EDIT]: RoleAdminPage,
  [FORM_PERSON_SEARCH]: PersonSearchPage,
  [FORM_TOURNAMENTS]: TournamentPage,
  [FORM_TOURNAMENT_APPROVAL]: ApprovalPage,
  [FORM_INVENTORY]: InventoryPage,
  [FORM_NEWS]: NewsPage,
  [FORM_MESSAGE_CENTRE]: MessageCentrePage,
  [FORM_DATA_PROTECTION]: PrivacyOfficerPage,
};

export function findForm(funkId: number): ComponentType<FormPageProps> | undefined {
  return Object.prototype.hasOwnProperty.call(forms, funkId) ? forms[funkId] : undefined;
}
