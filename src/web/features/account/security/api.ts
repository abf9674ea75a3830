/**
 * The Second factor section's calls (docs/api.md "Second factor"), typed by the shared contract.
 * The changes need a fresh token: the app's client has the token coordinator ask for the password
 * (and the code) again when the server says so, and retries.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type {
  RecoveryCodesResponse,
  SecondFactorStatus,
  TotpSetup,
} from '#shared/session/second-factor';
import type { MessageResponse } from '#shared/session/types';
import type { PasskeyList, PasskeyRegistered } from '#shared/session/passkeys';
import type { ApiClient } from '../../../api/client.ts';

export function secondFactorApi(api: ApiClient) {
  return {
    status: () => api.get<SecondFactorStatus>('/auth/mfa'),
    start: () => api.post<TotpSetup>('/auth/mfa/totp', {}),
    confirm: (code: string) => api.post<RecoveryCodesResponse>('/auth/mfa/totp/confirm', { code }),
    turnOff: (code: string) => api.delete<MessageResponse>('/auth/mfa/totp', { json: { code } }),
    newCodes: (code: string) =>
      api.post<RecoveryCodesResponse>('/auth/mfa/recovery_codes', { code }),
    setPolicy: (required: boolean) => api.put<MessageResponse>('/auth/mfa/policy', { required }),
  };
}

/** The Passkeys part's calls (docs/api.md "Passkeys"). */
export function passkeysApi(api: ApiClient) {
  return {
    list: () => api.get<PasskeyList>('/auth/mfa/webauthn'),
    registrationOptions: () =>
      api.post<PublicKeyCredentialCreationOptionsJSON>('/auth/mfa/webauthn/register/options', {}),
    register: (name: string, response: RegistrationResponseJSON) =>
      api.post<PasskeyRegistered>('/auth/mfa/webauthn/register/verify', { name, response }),
    rename: (id: number, name: string) =>
      api.patch<MessageResponse>(`/auth/mfa/webauthn/${id}`, { name }),
    remove: (id: number, webauthn: AuthenticationResponseJSON | null) =>
      api.delete<MessageResponse>(`/auth/mfa/webauthn/${id}`, {
        json: webauthn ? { webauthn } : {},
      }),
  };
}
