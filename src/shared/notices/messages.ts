/**
 * The provider's side of notices (docs/people.md "Notices"): the Admin tab's list of published
 * notices, editing one before it starts and withdrawing one, and the server's refusals. Not from
 * the spec (portal.md names the notices calls only): the project's own words.
 */
export const NOTICE_ADMIN_MESSAGES = {
  listTitle: 'Published notices',
  listEmpty: 'No notices have been published yet.',
  loadFailed: 'The published notices could not be loaded',
  everyCustomer: 'Every customer',
  oneCustomer: (cid: number) => `Customer ${cid}`,
  periods: {
    upcoming: 'Upcoming',
    current: 'Shown now',
    ended: 'Ended',
    withdrawn: 'Withdrawn',
  },
  edit: 'Edit',
  withdraw: 'Withdraw',
  cancel: 'Cancel',
  save: 'Save changes',
  editTitle: (title: string) => `Edit “${title}”`,
  confirmSaveTitle: 'Save the changes?',
  confirmSave: (title: string) =>
    `“${title}” will be replaced by what you wrote. Customers see the new version from its start; ` +
    'no email is sent again.',
  confirmSaveButton: 'Save the changes',
  confirmWithdrawTitle: 'Withdraw this notice?',
  confirmWithdraw: (title: string) =>
    `“${title}” ends now: no customer will see it any more. This cannot be undone.`,
  confirmWithdrawButton: 'Withdraw it now',
  saved: 'Notice saved',
  withdrawn: 'Notice withdrawn',
  /** The server's refusals. */
  started:
    'This notice has started, so it can no longer be edited: withdraw it and publish a new one.',
  alreadyWithdrawn: 'This notice has already been withdrawn.',
  alreadyEnded: 'This notice has already ended.',
} as const;
