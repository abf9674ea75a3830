/**
 * The calls of Account Home's contacts and users and email preferences (docs/api.md "Contacts and
 * users", "Optional emails"), typed by the shared contract. A site admin acting as the customer
 * changes contacts and users through the `admin_` variants.
 */
import type { EmailPreferences, EmailPreferencesResponse } from '#shared/people/email';
import type { AuthorizedContact, AuthorizedContactList } from '#shared/people/types';
import type { Perms } from '#shared/permissions';
import type { ContactDraft } from '#machines/people/types';
import type { ApiClient } from '../../api/client.ts';

export function emailPreferencesApi(api: ApiClient) {
  return {
    get: () => api.get<EmailPreferencesResponse>('/user/email_preferences'),
    set: (change: Partial<EmailPreferences>) =>
      api.put<EmailPreferencesResponse>('/user/email_preferences', change),
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
