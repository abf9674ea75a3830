/**
 * Every machine walked in the browser, one mapping module each (see ../runner.ts).
 * Add a line here when a machine's views exist.
 */
import { activationMapping } from '../../signup/activation-mapping.ts';
import { addressMapping } from '../../signup/address-mapping.ts';
import { attributionMapping } from '../../signup/attribution-mapping.ts';
import { installationMapping } from '../../signup/installation-mapping.ts';
import { accountMapping } from '../../signup/account-mapping.ts';
import { signupMapping } from '../../signup/path-mapping.ts';
import { usernameMapping } from '../../signup/username-mapping.ts';
import { checkoutMapping } from '../../signup/checkout-mapping.ts';
import { paymentMapping } from '../../signup/payment-mapping.ts';
import { prefilledMapping } from '../../signup/prefilled-mapping.ts';
import {
  residentialDetailsMapping,
  residentialOwnersOnlyMapping,
} from '../../signup/residential-mapping.ts';
import { servicesSoldOutMapping, servicesStockedMapping } from '../../signup/services-mapping.ts';
import type { BrowserMapping } from '../runner.ts';
import { adminProxyMapping } from './admin-proxy.ts';
import { billingAutopayMapping } from './billing-autopay.ts';
import { billingPaymentMapping } from './billing-payment.ts';
import { billingPageMapping } from './billing-page.ts';
import { downloadMapping } from './download.ts';
import { loaderMapping } from './loader.ts';
import { loginMapping } from './login.ts';
import { formMapping } from './form.ts';
import { passgenMapping } from './passgen.ts';
import { passwordMapping } from './password.ts';
import { notificationsMapping } from './notifications.ts';
import { passwordUpdateMapping } from './password-update.ts';
import { routeGateMapping } from './route-gate.ts';
import { sessionMapping } from './session.ts';
import { themeMapping } from './theme.ts';
import { passwordPromptMapping, tokensMapping } from './tokens.ts';
import { cardFormMapping } from './card-form.ts';
import { paymentMethodsMapping } from './payment-methods.ts';
import { managedItemsMapping } from './managed-items.ts';
import { managedNginxMapping } from './managed-nginx.ts';
import { noticesBannerMapping } from './notices-banner.ts';
import { publishedNoticesMapping } from './notices-published.ts';
import { servicePanelsMapping } from './service-panels.ts';
import { serverPowerMapping } from './server-power.ts';
import { serverEditorMapping } from './server-editor.ts';
import { serversListMapping } from './servers-list.ts';
import { createServerMapping } from './create-server.ts';
import { serverPageMapping } from './server-page.ts';
import { dnsFormsMapping } from './dns-forms.ts';
import { dnsPanelMapping } from './dns-panel.ts';
import { dnsRecordsPagerMapping } from './dns-records-pager.ts';
import { dnsZoneListMapping } from './dns-zone-list.ts';
import { dnsZoneCountdownMapping } from './dns-zone-countdown.ts';
import { contactEditMapping } from './contact-edit.ts';
import { permissionsGridMapping } from './permissions-grid.ts';
import { peopleSectionMapping } from './people-section.ts';

export const BROWSER_MAPPINGS: readonly BrowserMapping[] = [
  themeMapping,
  sessionMapping,
  loginMapping,
  signupMapping,
  loaderMapping,
  downloadMapping,
  adminProxyMapping,
  residentialOwnersOnlyMapping,
  installationMapping,
  activationMapping,
  attributionMapping,
  passgenMapping,
  usernameMapping,
  accountMapping,
  formMapping,
  passwordUpdateMapping,
  notificationsMapping,
  routeGateMapping,
  paymentMapping,
  checkoutMapping,
  prefilledMapping,
  residentialDetailsMapping,
  servicesStockedMapping,
  servicesSoldOutMapping,
  tokensMapping,
  passwordPromptMapping,
  billingPaymentMapping,
  billingAutopayMapping,
  billingPageMapping,
  addressMapping,
  passwordMapping,
  cardFormMapping,
  paymentMethodsMapping,
  managedItemsMapping,
  managedNginxMapping,
  noticesBannerMapping,
  publishedNoticesMapping,
  servicePanelsMapping,
  serverPowerMapping,
  serverEditorMapping,
  serversListMapping,
  createServerMapping,
  serverPageMapping,
  dnsZoneListMapping,
  dnsRecordsPagerMapping,
  dnsFormsMapping,
  dnsPanelMapping,
  dnsZoneCountdownMapping,
  contactEditMapping,
  permissionsGridMapping,
  peopleSectionMapping,
];
