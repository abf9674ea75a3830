/**
 * The serviceability calls of the signup's first half (signup.md §7), one function each, typed by
 * the shared contract. Every call goes through the app's HTTP client.
 */
import { CAPTCHA_CONFIG_PATH, type CaptchaPublicConfig } from '#shared/signup/captcha';
import {
  SERVICEABILITY_PATHS as PATHS,
  type AddressDetailsResponse,
  type AddressSuggestion,
  type AvailabilityContactRequest,
  type AvailabilityContactResponse,
  type InstallationSlotsResponse,
  type RenterRequest,
  type RenterResponse,
  type ServiceabilityDetails,
  type ServiceableAddressesResponse,
  type ServiceOffering,
} from '#shared/signup/serviceability';
import type { ApiClient } from '../../api/client.ts';

export function signupApi(api: ApiClient) {
  return {
    suggestAddresses: (search: string, signal?: AbortSignal) =>
      api.post<AddressSuggestion[]>(PATHS.suggestions, { search }, { signal }),
    getAddressDetails: (addrId: number, signal?: AbortSignal) =>
      api.post<AddressDetailsResponse>(PATHS.addressDetails, { addr_id: addrId }, { signal }),
    searchServiceableAddresses: async (
      address: AddressDetailsResponse['address'],
      signal?: AbortSignal,
    ) =>
      (
        await api.get<ServiceableAddressesResponse>(PATHS.serviceableAddresses, {
          searchParams: { ...address, pre_validated: true },
          signal,
        })
      ).addresses,
    getServiceability: (serviceClassId: number, addressId: number, signal?: AbortSignal) =>
      api.get<ServiceabilityDetails>(PATHS.details, {
        searchParams: { service_class_id: serviceClassId, address_id: addressId },
        signal,
      }),
    getOffering: (serviceClassId: number, addressId: number, signal?: AbortSignal) =>
      api.get<ServiceOffering>(PATHS.offering, {
        searchParams: { service_class_id: serviceClassId, address_id: addressId },
        signal,
      }),
    getInstallationSlots: (
      request: { install_type: string; provider_id: string; address_id: number },
      signal?: AbortSignal,
    ) =>
      api.get<InstallationSlotsResponse>(PATHS.installation, {
        searchParams: request,
        signal,
      }),
    sendRenter: (request: RenterRequest) => api.post<RenterResponse>(PATHS.renter, request),
    addToAvailabilityList: (request: AvailabilityContactRequest) =>
      api.post<AvailabilityContactResponse>(PATHS.availability, request),
    captchaConfig: () => api.get<CaptchaPublicConfig>(CAPTCHA_CONFIG_PATH),
  };
}

export type SignupApi = ReturnType<typeof signupApi>;
