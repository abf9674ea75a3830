/**
 * Messages of authorized contacts and users, the account's own details and notices (portal.md §3,
 * §4, §7, §8). One of the message modules beside `../messages.ts` (see its header).
 */

export const PEOPLE_FIELD_MESSAGES = {
  name: 'Please enter a valid name',
  text: 'This is too long',
  fax: 'Please enter a valid fax number',
  mobile: 'Please enter a valid mobile number',
  zipExt: 'Please enter a valid zip code extension',
  addressType: 'Choose Business or Home',
  reminderType: 'Choose how reminders are sent',
  addressIncomplete: 'Enter the whole address: street, city, state and zip code',
  password: 'Enter a password',
  contactId: 'Choose a contact',
  userLookup: 'Give contact_id or uid',
  perms: 'Permissions are view or manage per category',
} as const;

export const PEOPLE_MESSAGES = {
  contactNotFound: 'There is no such contact on this account.',
  userNotFound: 'There is no such user on this account.',
  alreadyUser: 'This contact is already a user.',
  notUser: 'This contact is not a user.',
  usernameTaken: 'This username is already taken.',
  uidMismatch: 'The username does not match this contact’s user.',
  primaryAdmin: 'The primary admin of the account keeps every permission and cannot be removed.',
  lastContactsManager:
    'At least one user must keep Contacts manage: give it to someone else first.',
  cannotGrant: (categories: readonly string[]) =>
    `You cannot grant or remove rights you do not hold yourself: ${categories.join(', ')}.`,
  cannotChangeTitle: 'Cannot change',
  cannotChange: (categories: readonly string[]) =>
    `You cannot change a user who holds rights you do not hold yourself: ${categories.join(', ')}.`,
  recoveryFields:
    'Only the user or the primary admin can change the email address or phone number of a login.',
  ownLogin: 'You cannot remove your own login.',
  contactSaved: 'Contact saved',
  contactAdded: 'Contact added',
  contactDeleted: 'Contact deleted',
  userAdded: 'User added',
  userSaved: 'Permissions saved',
  userRemoved: 'The user is now a contact again',
  userDeleted: 'User deleted',
  infoSaved: 'Your details are saved',
} as const;

/** Labels of the contact form and the permissions grid. */
export const PEOPLE_TEXT = {
  sectionTitle: 'Authorized contacts and users',
  contactTitle: 'Contact information',
  serviceAddressTitle: 'Service address',
  billingTitle: 'Billing',
  servicesTitle: 'Services',
  addContact: 'Add contact',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  makeUser: 'Make user',
  makeContact: 'Make contact',
  permissions: 'Permissions',
  view: 'View',
  manage: 'Manage',
  username: 'Username',
  password: 'Password',
  noContacts: 'No authorized contacts yet',
  user: 'User',
  contact: 'Contact',
  primaryAdmin: 'Primary admin',
  amountDue: 'Amount due',
  dueDate: 'Due date',
  autopay: 'Automatic payment',
  autopayOn: 'On',
  autopayOff: 'Off',
  goToBilling: 'Go to Billing',
  goToServices: 'Go to Services',
  emailPreferences: 'Email preferences',
} as const;

export const CONTACT_FIELD_LABELS = {
  name: 'Name',
  title: 'Title',
  position: 'Position',
  cmp_name: 'Company',
  email: 'Email',
  phone: 'Phone',
  mobile: 'Mobile',
  fax: 'Fax',
  dob: 'Date of birth',
  line1: 'Address',
  line2: 'Address line 2',
  city: 'City',
  state: 'State',
  zip_code: 'Zip code',
  zip_ext: 'Zip extension',
  address_type: 'Address type',
  reminder_type: 'Reminders by',
  comments: 'Comments',
} as const;

export const NOTICE_MESSAGES = {
  notFound: 'There is no such notice.',
  notIgnorable: 'This notice cannot be ignored: acknowledge it instead.',
  title: 'Enter a title',
  content: 'Enter the notice text',
  period: 'The end must be after the start',
  date: 'Enter a date and time',
  audience: 'Choose all customers or one customer',
  customerNotFound: 'There is no such customer.',
  created: 'Notice published',
  acknowledge: 'Acknowledge',
  ignore: 'Ignore',
  bannerTitle: 'Notices',
  loadFailed: 'The notices could not be loaded',
  authoringTitle: 'Notices',
  publish: 'Publish',
  ignorable: 'Customers may ignore it',
  allCustomers: 'All customers',
  oneCustomer: 'One customer',
  email: 'Also send it by email',
} as const;

export const UNSUBSCRIBE_MESSAGES = {
  linkInvalid: 'This unsubscribe link is not valid.',
  done: (label: string) => `You will no longer receive ${label} emails.`,
  footer: 'Stop these emails:',
  preference: 'Choose on or off for each kind of email',
  tooMany: 'Too many unsubscribe requests. Please wait before trying again.',
  pageTitle: 'Unsubscribe',
  working: 'Turning these emails off…',
  turnBackOn: 'You can turn them back on under Email preferences on your Account page.',
  preferencesHelp: 'Bills and security emails (password and username recovery) are always sent.',
  saved: 'Email preferences saved',
} as const;

/** The kinds of email a user can turn off (bills and security emails always go out). */
export const EMAIL_KIND_LABELS = {
  notices: 'notice',
  reminders: 'reminder',
} as const;

/** The switches of Account Home's email preferences. */
export const EMAIL_KIND_SWITCHES = {
  notices: 'Notices from us by email',
  reminders: 'Reminders by email',
} as const;
