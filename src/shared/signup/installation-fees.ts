/**
 * Installation fees are shown as waived for southern_ute and for self-identifying tribal members
 * (signup.md §9), as the address's offering says. The speed cards, the installation choice, the
 * order summary's cart and the server's cart all ask these two functions.
 */
import type { OfferingRate, ServiceOffering } from './serviceability.ts';

/** The offering's waiver flags. */
export type InstallationFeeWaiver = Pick<
  ServiceOffering,
  'installation_fee_waived' | 'installation_fee_waived_for_tribal_members'
>;

/** Installation fees are waived here: everywhere the offering says so, or for a tribal member. */
export function installationFeeWaived(
  offering: InstallationFeeWaiver,
  tribalMember: boolean,
): boolean {
  return (
    offering.installation_fee_waived ||
    (tribalMember && offering.installation_fee_waived_for_tribal_members)
  );
}

/** A line a waiver takes off: a one-time installation fee of more than nothing. */
export function isInstallationFee(
  rate: Pick<OfferingRate, 'item_type' | 'rate_type' | 'rate'>,
): boolean {
  return rate.item_type === 'installation' && rate.rate_type === 'fee' && rate.rate > 0;
}
