/** The support messages (platform-shell.md §5, §8; docs/support.md): the server's refusals and the forms' rules. */
export const supportEn = {
  'support.titleLength': 'Title length must be between 3 and 255',
  'support.markdownLength': 'The text can be at most 9999 characters long',
  'support.instanceRequired': 'Choose the instance the issue concerns',
  'support.notifyEmailRequired': 'Enter the e-mail address for progress notifications',
  'support.tooManyFiles': 'At most {0} files can be attached',
  'support.attachmentUnknown': 'An attachment was not found: upload it again',
  'support.typeUnknown': 'Choose an issue type from the list',
  'support.instanceUnknown': 'The instance was not found in this organization',
  'support.actionNotAllowed': "This cannot be done in the issue's current state: reload it to see where it stands",
  'support.issueClosed': 'The issue is closed: it takes no more comments or changes',
  'support.notAuthor': 'Only the author of a comment can change or delete it',
  'support.deleteTaken': 'Support has already taken up this issue: close it instead of deleting it',
  'support.staffOnly': 'This is for support staff only',
  'support.assigneeNotStaff': 'Issues can only be assigned to support staff',
} as const;
