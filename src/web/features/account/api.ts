/**
 * Account Home's calls (docs/api.md "Session": `GET /user/info`, `PUT /user/info`, `POST
 * /token/password_reset`; "Contacts and users"), typed by the shared contract. Every call goes
 * through the app's HTTP client. A site admin acting as the customer changes contacts and users
 * through the `admin_` variants.
 */
import type { ContactInfo, MessageResponse, UserInfoResponse } from '#shared/session';
import type { AuthorizedContact, AuthorizedContactList } from '#shared/people/types';
import type { Perms } from '#shared/permissions';
import type { EmailPreferences, EmailPreferencesResponse } from '#shared/people/email';
import type { ContactDraft } from '#machines/people/types';
import type { ApiClient } from '../../api/client.ts';

export interface UserInfoUpdate {
  first_name: string;
  middle_initial: string;
  last_name: string;
  business: string;
  phone: string;
  email: string;
  dob: string;
}

export function accountApi(api: ApiClient) {
  return {
    userInfo: () => api.get<UserInfoResponse>('/user/info'),
    updateInfo: (info: UserInfoUpdate) => api.put<ContactInfo>('/user/info', info),
    emailPreferences: () => api.get<EmailPreferencesResponse>('/user/email_preferences'),
    setEmailPreferences: (change: Partial<EmailPreferences>) =>
      api.put<EmailPreferencesResponse>('/user/email_preferences', change),
    changePassword: (change: { current: string; password: string }) =>
      api.post<MessageResponse>('/token/password_reset', {
        old_password: change.current,
        new_password: change.password,
      }),
  };
}

/** The contacts and users calls; `acting`: a site admin acting as the customer. */
export function peopleApi(api: ApiClient, acting: boolean) {
  const contactsPath = acting ? '/user/admin_authorized_contacts' : '/user/authorized_contacts';
  const usersPath = acting ? '/user/admin_authorized_users' : '/user/authorized_users';
  return {
    contacts: async () =>
      (await api.get<AuthorizedContactList>('/user/authorized_contacts')).contacts,
    saveContact: ({ contactId, contact }: { contactId: number | null; contact: ContactDraft }) =>
      contactId === null
        ? api.post<AuthorizedContact>(contactsPath, contact)
        : api.patch<AuthorizedContact>(`${contactsPath}/${contactId}`, contact),
    makeUser: ({
      contactId,
      ...login
    }: {
      contactId: number;
      uid: string;
      password: string;
      perms: Perms;
    }) => api.put<AuthorizedContact>(`${usersPath}/${contactId}`, { add_perms: true, ...login }),
    demoteUser: ({ contactId }: { contactId: number }) =>
      api.put<AuthorizedContact>(`${usersPath}/${contactId}`, { add_perms: false }),
    savePermissions: ({ contactId, perms }: { contactId: number; perms: Perms }) =>
      api.patch<AuthorizedContact>(`${usersPath}/${contactId}`, { perms }),
    deleteContact: ({ contactId }: { contactId: number }) =>
      api.delete<unknown>(`${contactsPath}/${contactId}`),
  };
}
