/**
 * A message that names ways to reach us, with each of them a link: a phone number calls
 * (`tel:`), an email address writes (`mailto:`), the chat address opens the chat. The message
 * itself stays the shared one (src/shared/messages.ts), word for word.
 */
import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import type { SalesContacts } from '#shared/messages/contacts';

function hrefFor(contact: string, contacts: Partial<SalesContacts>): string {
  if (contact === contacts.phone) return `tel:${contact.replace(/[^\d+]/g, '')}`;
  if (contact === contacts.email) return `mailto:${contact}`;
  return contact;
}

export function ContactText({
  text,
  contacts,
}: {
  text: string;
  contacts: Partial<SalesContacts>;
}) {
  const known = [contacts.phone, contacts.email, contacts.chatUrl].filter(
    (contact): contact is string => typeof contact === 'string' && contact !== '',
  );
  if (known.length === 0) return text;
  const escaped = known
    .sort((a, b) => b.length - a.length)
    .map((contact) => contact.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`));
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <Anchor key={index} href={hrefFor(part, contacts)} inherit underline="always">
        {part}
      </Anchor>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
