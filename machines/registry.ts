/**
 * Every statechart of the product, for generated path tests (`npm run test:paths`) and charts
 * (`npm run charts`, /control/charts/). To register a machine, write `<name>.model.ts` beside it
 * with `defineMachine({...})` and add one import and one line to `MACHINES` below.
 * See docs/statecharts.md.
 */
import { formModel } from './forms/form.model.ts';
import { passwordModel } from './forms/password.model.ts';
import { passgenModel } from './passgen/passgen.model.ts';
import { adminProxyModel } from './session/admin-proxy.model.ts';
import { downloadModel } from './session/download.model.ts';
import { loaderModel } from './session/loader.model.ts';
import { loginModel } from './session/login.model.ts';
import { passwordPromptModel } from './session/password-prompt.model.ts';
import { passwordUpdateModel } from './session/password-update.model.ts';
import { routeGateModel } from './session/route-gate.model.ts';
import { secondFactorAtSetupModel, secondFactorModel } from './session/second-factor.model.ts';
import { secondFactorCodeModel } from './session/second-factor-code.model.ts';
import { secondFactorPasskeyModel } from './session/second-factor-passkey.model.ts';
import { secondFactorSetupModel } from './session/second-factor-setup.model.ts';
import { secondFactorSettingsModel } from './session/second-factor-settings.model.ts';
import { passkeysModel } from './session/second-factor-passkeys.model.ts';
import { secondFactorResetModel } from './session/second-factor-reset.model.ts';
import { sessionModel } from './session/session.model.ts';
import { tokensModel } from './session/tokens.model.ts';
import { notificationsModel } from './shell/notifications.model.ts';
import { themeModel } from './shell/theme.model.ts';
import { routeCheckModel } from './shell/route-check.model.ts';
import { activationModel } from './signup/activation.model.ts';
import { addressModel } from './signup/address.model.ts';
import { attributionModel } from './signup/attribution.model.ts';
import { installationModel } from './signup/installation.model.ts';
import {
  residentialDetailsModel,
  residentialOwnersOnlyModel,
} from './signup/residential-details.model.ts';
import { servicesModel, servicesSoldOutModel } from './signup/services.model.ts';
import { signupModel, signupPrefilledModel } from './signup/signup.model.ts';
import { signupLinkModel } from './signup/signup-link.model.ts';
import { usernameModel } from './signup/username.model.ts';
import { accountModel } from './signup/account.model.ts';
import { paymentModel } from './signup/payment.model.ts';
import { checkoutModel } from './signup/checkout.model.ts';
import { billingPaymentModel } from './billing/payment.model.ts';
import { billingAutopayModel } from './billing/autopay.model.ts';
import { billingPageModel } from './billing/billing-page.model.ts';
import { recordsPageModel } from './billing/records-page.model.ts';
import { cardFormModel } from './billing/card-form.model.ts';
import { paymentMethodsModel } from './billing/payment-methods.model.ts';
import { noticesBannerModel } from './notices/banner.model.ts';
import { publishedNoticesModel } from './notices/published.model.ts';
import { adminJobsModel } from './admin/jobs.model.ts';
import { managedItemsModel } from './managed/items.model.ts';
import { managedNginxModel } from './managed/nginx.model.ts';
import { dnsPanelModel } from './dns/dns-panel.model.ts';
import { zoneCountdownModel } from './dns/zone-countdown.model.ts';
import { zoneListModel } from './dns/zone-list.model.ts';
import { recordsPagerModel } from './dns/records-pager.model.ts';
import { dnsFormsModel } from './dns/dns-forms.model.ts';
import { serverPowerModel } from './servers/power.model.ts';
import { serverEditorModel } from './servers/editor.model.ts';
import { serversListModel } from './servers/list.model.ts';
import { createServerModel } from './servers/create.model.ts';
import { serverPageModel } from './servers/server-page.model.ts';
import { servicePanelsModel } from './services/panels.model.ts';
import { activityModel } from './activity/activity.model.ts';
import { contactEditModel } from './people/contact-edit.model.ts';
import { permissionsGridModel } from './people/permissions-grid.model.ts';
import { peopleSectionModel } from './people/people-section.model.ts';
import type { RegisteredMachine } from './registry/types.ts';

export type {
  Declaration,
  EventSample,
  Expectation,
  Fakes,
  MachineEntry,
  Outcome,
  RegisteredMachine,
  SampleEvent,
  SystemEvent,
  Unreachable,
} from './registry/types.ts';
export { defineMachine, expectThat, sample, StateAssertionError } from './registry/types.ts';

export const MACHINES: readonly RegisteredMachine[] = [
  themeModel,
  notificationsModel,
  sessionModel,
  loginModel,
  tokensModel,
  passwordPromptModel,
  secondFactorModel,
  secondFactorAtSetupModel,
  secondFactorCodeModel,
  secondFactorSetupModel,
  secondFactorPasskeyModel,
  secondFactorSettingsModel,
  passkeysModel,
  secondFactorResetModel,
  routeGateModel,
  routeCheckModel,
  formModel,
  passwordModel,
  passgenModel,
  loaderModel,
  downloadModel,
  adminProxyModel,
  signupModel,
  addressModel,
  servicesModel,
  servicesSoldOutModel,
  residentialDetailsModel,
  residentialOwnersOnlyModel,
  installationModel,
  activationModel,
  attributionModel,
  signupPrefilledModel,
  signupLinkModel,
  usernameModel,
  accountModel,
  paymentModel,
  checkoutModel,
  passwordUpdateModel,
  billingPaymentModel,
  billingAutopayModel,
  billingPageModel,
  recordsPageModel,
  cardFormModel,
  paymentMethodsModel,
  managedItemsModel,
  managedNginxModel,
  dnsPanelModel,
  zoneCountdownModel,
  zoneListModel,
  recordsPagerModel,
  dnsFormsModel,
  // Add new machines here, one line each.
  activityModel,
  noticesBannerModel,
  publishedNoticesModel,
  adminJobsModel,
  serverPowerModel,
  serverEditorModel,
  serversListModel,
  createServerModel,
  serverPageModel,
  servicePanelsModel,
  contactEditModel,
  permissionsGridModel,
  peopleSectionModel,
];

export function machineByName(name: string): RegisteredMachine | undefined {
  return MACHINES.find((entry) => entry.name === name);
}
