/**
 * Account Home's authorized contacts and users (portal.md §3, §4 "Contact edit", §6, §7): the
 * list, and for contacts managers Add contact, Edit, Make user, Make contact, Permissions and
 * Delete. The section is one page machine (machines/people/people-section.machine.ts): it owns
 * the list, a contact edit machine per contact, the new contact's and the permissions grid; this
 * view creates that one actor, renders what its selectors say and sends it (or the child it
 * names) what the person does. Calls made from a modal report to the modal's notification list.
 */
import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type RefObject } from 'react';
import { fromPromise } from 'xstate';
import { PEOPLE_MESSAGES, PEOPLE_TEXT } from '#shared/people/messages';
import type { Perms } from '#shared/permissions';
import { contactEditMachine, type ContactEditActor } from '#machines/people/contact-edit.machine';
import {
  peopleSectionWith,
  type ContactRowRef,
  type PeopleSectionActor,
} from '#machines/people/people-section.machine';
import {
  selectCanAddContact,
  selectContactRows,
  selectContactsLoadError,
  selectContactsLoading,
  selectListedContacts,
  selectNewContact,
  selectPermissionsGrid,
  selectPermissionsOf,
} from '#machines/people/people-section.selectors';
import {
  selectConfirming,
  selectContact,
  selectConverting,
  selectEditing,
  selectGone,
  selectRowLockedReason,
  selectRowOffers,
  selectRowRefusal,
  selectSaving,
  type RowOffer,
} from '#machines/people/contact-edit.selectors';
import type { Editor } from '#machines/people/types';
import {
  permissionsGridMachine,
  type PermissionsGridActor,
} from '#machines/people/permissions-grid.machine';
import {
  selectGridChanged,
  selectGridRows,
  selectGridSaving,
} from '#machines/people/permissions-grid.selectors';
import { contactsLoader } from '#machines/people/contacts.loader';
import { useAppServices } from '../../app/context.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { useReturnFocus } from '../../components/focus.ts';
import { ModalNotifications, notifyFailure, notifySuccess } from '../../components/notify.tsx';
import { peopleApi } from './api.ts';
import { ContactForm, MakeUserForm } from './ContactForm.tsx';
import { PermissionsTable } from './PermissionsTable.tsx';

/** A call that reports its failure to the modal's list (field errors stay on their fields). */
function reported<TInput, TOutput>(
  call: (input: TInput) => Promise<TOutput>,
  notifications: Parameters<typeof notifyFailure>[0],
  success: (input: TInput) => string,
) {
  return fromPromise<TOutput, TInput>(async ({ input }) => {
    try {
      const answer = await call(input);
      notifySuccess(notifications, success(input));
      return answer;
    } catch (error) {
      const fieldErrors = (error as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
      if (Object.keys(fieldErrors).length === 0)
        notifyFailure(notifications, error, { modal: true });
      throw error;
    }
  });
}

/**
 * The section's page machine with the app's calls: each reports to the modal it was made from,
 * and says what it did.
 */
function usePeopleSection(granter: Perms, editor: Editor, acting: boolean): PeopleSectionActor {
  const { api, actors } = useAppServices();
  const people = peopleApi(api, acting);
  const n = actors.notifications;
  const says = (message: string) => () => message;
  return useActorRef(
    peopleSectionWith({
      list: contactsLoader.provide({ actors: { load: fromPromise(() => people.contacts()) } }),
      contact: contactEditMachine.provide({
        actors: {
          saveContact: reported(people.saveContact, n, ({ contactId }) =>
            contactId === null ? PEOPLE_MESSAGES.contactAdded : PEOPLE_MESSAGES.contactSaved,
          ),
          makeUser: reported(people.makeUser, n, says(PEOPLE_MESSAGES.userAdded)),
          demoteUser: reported(people.demoteUser, n, says(PEOPLE_MESSAGES.userRemoved)),
          deleteContact: reported(people.deleteContact, n, says(PEOPLE_MESSAGES.contactDeleted)),
        },
      }),
      grid: permissionsGridMachine.provide({
        actors: {
          savePermissions: reported(people.savePermissions, n, says(PEOPLE_MESSAGES.userSaved)),
        },
      }),
    }),
    { input: { granter, editor } },
  );
}

function ConfirmForm({ actor, what }: { actor: ContactEditActor; what: 'demote' | 'delete' }) {
  const saving = useSelector(actor, selectSaving);
  const contact = useSelector(actor, selectContact);
  return (
    <Stack gap="sm">
      <ModalNotifications />
      <Text>
        {what === 'demote'
          ? `${contact?.name} will no longer be able to log in, and any session of theirs ends now.`
          : `${contact?.name} will be deleted${contact?.user ? ', with their login' : ''}.`}
      </Text>
      <Group gap="sm">
        {/* White on the default red is 3.3:1; the darkest red passes 4.5:1. */}
        <Button
          color={what === 'delete' ? 'red.9' : undefined}
          loading={saving}
          onClick={() => actor.send({ type: 'confirmation.accepted' })}
        >
          {what === 'demote' ? PEOPLE_TEXT.makeContact : PEOPLE_TEXT.delete}
        </Button>
        <Button
          variant="default"
          disabled={saving}
          onClick={() => actor.send({ type: 'confirmation.declined' })}
        >
          {PEOPLE_TEXT.cancel}
        </Button>
      </Group>
    </Stack>
  );
}

function PermissionsForm({ grid, onClose }: { grid: PermissionsGridActor; onClose: () => void }) {
  const rows = useSelector(grid, selectGridRows);
  const changed = useSelector(grid, selectGridChanged);
  const saving = useSelector(grid, selectGridSaving);
  return (
    <Stack gap="sm">
      <ModalNotifications />
      <PermissionsTable
        rows={rows}
        disabled={saving}
        onChoose={(category, level) =>
          grid.send({ type: 'permission.level.chosen', category, level })
        }
      />
      <Group gap="sm">
        <Button
          disabled={!changed && !saving}
          loading={saving}
          onClick={() => grid.send({ type: 'permissions.save.pressed' })}
        >
          {PEOPLE_TEXT.save}
        </Button>
        <Button
          variant="default"
          disabled={!changed}
          onClick={() => grid.send({ type: 'permissions.reset.pressed' })}
        >
          Reset
        </Button>
        <Button variant="subtle" onClick={onClose} disabled={saving}>
          {PEOPLE_TEXT.cancel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * One action of a row as the machine offers it: absent when not offered, disabled (described by
 * the row's reason) when the login outranks the editor.
 */
function RowButton({
  offer,
  label,
  reasonId,
  color,
  opener,
  onClick,
  children,
}: {
  offer: RowOffer;
  label: string;
  reasonId: string;
  color?: string;
  /** Where the row keeps the label of the button that opened its dialog. */
  opener: RefObject<string | null>;
  onClick: () => void;
  children: string;
}) {
  if (offer === null) return null;
  return (
    <Button
      size="xs"
      variant="default"
      color={color}
      aria-label={label}
      disabled={!offer.enabled}
      aria-describedby={offer.enabled ? undefined : reasonId}
      onClick={(event) => {
        opener.current = event.currentTarget.getAttribute('aria-label');
        onClick();
      }}
    >
      {children}
    </Button>
  );
}

function ContactRow({ listed, section }: { listed: ContactRowRef; section: PeopleSectionActor }) {
  const { actor, contact } = listed;
  const permissionsOpen = useSelector(
    section,
    (s) => selectPermissionsOf(s) === contact.contact_id,
  );
  const grid = useSelector(section, selectPermissionsGrid);
  const closePermissions = () => section.send({ type: 'permissions.close.pressed' });
  const shown = useSelector(actor, selectContact) ?? contact;
  const editing = useSelector(actor, selectEditing);
  const converting = useSelector(actor, selectConverting);
  const confirming = useSelector(actor, selectConfirming);
  const offers = useSelector(actor, selectRowOffers, sameOffers);
  const locked = useSelector(actor, selectRowLockedReason);
  const reasonId = `contact-${contact.contact_id}-locked`;
  const gone = useSelector(actor, selectGone);
  const refused = useSelector(actor, selectRowRefusal);
  const row = useRef<HTMLTableRowElement>(null);
  const opener = useRef<string>(null);
  const open = editing || converting || confirming !== null || permissionsOpen;
  // The row's buttons go (or are disabled) while one of its dialogs is open: Mantine cannot
  // give focus back to the one that opened it, so it goes back here once that button is again.
  useEffect(() => {
    if (open || opener.current === null) return;
    const button = row.current?.querySelector<HTMLButtonElement>(
      `button[aria-label="${CSS.escape(opener.current)}"]`,
    );
    if (!button || button.disabled) return;
    opener.current = null;
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected) button.focus();
  }, [open, offers]);
  if (gone) return null;
  const who = shown.name;
  return (
    <Table.Tr ref={row} data-testid="contact-row">
      <Table.Td>
        <Text fw={600}>{shown.name}</Text>
        {shown.position && <Text size="xs">{shown.position}</Text>}
      </Table.Td>
      <Table.Td>{shown.email}</Table.Td>
      <Table.Td>{shown.phone}</Table.Td>
      <Table.Td>
        {shown.user ? (
          <Group gap={4}>
            <Badge variant="light" color="gray" c="var(--mantine-color-text)">
              {PEOPLE_TEXT.user}: {shown.user.uid}
            </Badge>
            {shown.user.primary_admin && (
              <Badge variant="light" color="gray" c="var(--mantine-color-text)">
                {PEOPLE_TEXT.primaryAdmin}
              </Badge>
            )}
          </Group>
        ) : (
          PEOPLE_TEXT.contact
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="wrap">
          <RowButton
            offer={offers.edit}
            label={`${PEOPLE_TEXT.edit} ${who}`}
            reasonId={reasonId}
            opener={opener}
            onClick={() => actor.send({ type: 'contact.edit.pressed' })}
          >
            {PEOPLE_TEXT.edit}
          </RowButton>
          <RowButton
            offer={offers.convert}
            label={`${PEOPLE_TEXT.makeUser}: ${who}`}
            reasonId={reasonId}
            opener={opener}
            onClick={() => actor.send({ type: 'user.convert.pressed' })}
          >
            {PEOPLE_TEXT.makeUser}
          </RowButton>
          {/* Permissions changes the login as Make contact does: the same offer. */}
          <RowButton
            offer={offers.demote}
            label={`${PEOPLE_TEXT.permissions}: ${who}`}
            reasonId={reasonId}
            opener={opener}
            onClick={() =>
              section.send({ type: 'permissions.open.pressed', contactId: contact.contact_id })
            }
          >
            {PEOPLE_TEXT.permissions}
          </RowButton>
          <RowButton
            offer={offers.demote}
            label={`${PEOPLE_TEXT.makeContact}: ${who}`}
            reasonId={reasonId}
            opener={opener}
            onClick={() => actor.send({ type: 'user.demote.pressed' })}
          >
            {PEOPLE_TEXT.makeContact}
          </RowButton>
          <RowButton
            offer={offers.delete}
            label={`${PEOPLE_TEXT.delete} ${who}`}
            reasonId={reasonId}
            color="red"
            opener={opener}
            onClick={() => actor.send({ type: 'contact.delete.pressed' })}
          >
            {PEOPLE_TEXT.delete}
          </RowButton>
        </Group>
        {locked !== null && (
          <Text id={reasonId} size="xs" mt={4} data-testid="contact-locked">
            {locked}
          </Text>
        )}
        {refused !== null && (
          <Text role="alert" size="sm" mt={4} c="var(--mantine-color-error)">
            {refused}
          </Text>
        )}
        <Modal
          closeButtonProps={{ 'aria-label': 'Close' }}
          opened={editing}
          onClose={() => actor.send({ type: 'edit.cancel.pressed' })}
          title={`${PEOPLE_TEXT.edit} ${who}`}
          size="lg"
        >
          <ContactForm actor={actor} />
        </Modal>
        <Modal
          closeButtonProps={{ 'aria-label': 'Close' }}
          opened={converting}
          onClose={() => actor.send({ type: 'convert.cancel.pressed' })}
          title={`${PEOPLE_TEXT.makeUser}: ${who}`}
          size="lg"
        >
          <MakeUserForm actor={actor} />
        </Modal>
        <Modal
          closeButtonProps={{ 'aria-label': 'Close' }}
          opened={confirming !== null}
          onClose={() => actor.send({ type: 'confirmation.declined' })}
          title={confirming === 'delete' ? `${PEOPLE_TEXT.delete} ${who}` : PEOPLE_TEXT.makeContact}
        >
          {confirming && <ConfirmForm actor={actor} what={confirming} />}
        </Modal>
        <Modal
          closeButtonProps={{ 'aria-label': 'Close' }}
          opened={permissionsOpen}
          onClose={closePermissions}
          title={`${PEOPLE_TEXT.permissions}: ${who}`}
          size="lg"
        >
          {permissionsOpen && grid && <PermissionsForm grid={grid} onClose={closePermissions} />}
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}

function NewContact({ actor }: { actor: ContactEditActor }) {
  // Mounted as it opens: focus goes back to Add contact as it closes (Cancel, Escape, Save).
  useReturnFocus();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={() => actor.send({ type: 'edit.cancel.pressed' })}
      title={PEOPLE_TEXT.addContact}
      size="lg"
    >
      <ContactForm actor={actor} />
    </Modal>
  );
}

export function PeopleSection({
  granter,
  editor,
  acting,
}: {
  granter: Perms;
  editor: Editor;
  acting: boolean;
}) {
  const section = usePeopleSection(granter, editor, acting);
  const loading = useSelector(section, selectContactsLoading);
  const contacts = useSelector(section, selectListedContacts);
  const rows = useSelector(section, selectContactRows);
  const error = useSelector(section, selectContactsLoadError);
  const manage = useSelector(section, selectCanAddContact);
  const newContact = useSelector(section, selectNewContact);
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="people-heading" component="section">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="people-heading">
          {PEOPLE_TEXT.sectionTitle}
        </Title>
        {manage && (
          <Button size="xs" onClick={() => section.send({ type: 'contact.add.pressed' })}>
            {PEOPLE_TEXT.addContact}
          </Button>
        )}
      </Group>
      {loading && (
        <Center py="sm" role="status" aria-label="Loading the contacts">
          <Loader size="sm" aria-hidden />
        </Center>
      )}
      {error !== null && (
        <LoadFailure
          title="Could not load the contacts"
          message={error}
          onRetry={() => section.send({ type: 'contacts.retry.pressed' })}
        />
      )}
      {contacts && contacts.length === 0 && <Text>{PEOPLE_TEXT.noContacts}</Text>}
      {contacts && contacts.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="contacts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Phone</Table.Th>
                <Table.Th scope="col">Login</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <ContactRow key={row.key} listed={row} section={section} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {newContact && <NewContact actor={newContact} />}
    </Paper>
  );
}

function sameOffers(a: Record<string, RowOffer>, b: Record<string, RowOffer>) {
  return JSON.stringify(a) === JSON.stringify(b);
}
