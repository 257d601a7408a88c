/** Marketplace landing, captcha, and the free plan's organization rule (docs/accounts.md "More account calls"). */
export const accountsExtra = {
  'marketplace.checking': 'Checking the marketplace subscription…',
  'marketplace.intro': 'Sign in or create an account to link your marketplace subscription to a new organization.',
  'marketplace.newAccount': 'Create an account',
  'marketplace.existingAccount': 'I have an account',
  'marketplace.sendCode': 'Send code',
  'marketplace.resendCode': 'Send again',
  'marketplace.codeSent': 'A verification code was sent to your e-mail. It is valid for 10 minutes.',
  'marketplace.mfaCode': 'Multi-factor code',
  'marketplace.register': 'Create account and link',
  'marketplace.link': 'Sign in and link',
  'captcha.loadFailed': 'RECAPTCHA failed to load, retry the load?',
  'org.limit.rule': 'On the free plan you may own up to {{max}} organizations (you own {{owned}}).',
  'org.limit.full': 'The free plan allows at most {{max}} organizations; upgrade an instance to a paid plan to create more',
  'members.resendInvitation': 'Resend invitation',
  'members.invitationResent': 'A new invitation was sent to {{email}}',
  'instances.openIdmpConsole': 'Open IDMP console',
} as const;
