/** What other areas use of organizations (the demo seed, the operator command line, later issues). */
export { orgsPlugin } from './plugin';
export { createOrganization, findOrganization, organizationsOf } from './org-service';
export { inviteMember, acceptInvitation, claimAutoJoinInvitations } from './invitations';
export { listMembers } from './members';
