import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Privilege, type OrgMember } from '@tscloud/contracts';
import { notifier } from '../../components/feedback/notifier';
import { useReactivateOrgUserMutation } from '../../data/user/orgUsers';
import { accessKeys } from '../../data/access/keys';
import { useOrgContext } from '../org/useOrgContext';

/** POST /api/user/reactivate: a new invitation link for a member still invited (the old one may have expired). */
export function ResendInvitationButton({ member }: { member: Pick<OrgMember, 'memberId' | 'email' | 'status'> }) {
  const { t } = useTranslation();
  const { orgId, canWrite } = useOrgContext();
  const client = useQueryClient();
  const resend = useReactivateOrgUserMutation();
  if (member.status !== 'INVITED') return null;
  return (
    <Button
      type="link"
      size="small"
      disabled={!canWrite(Privilege.USER_INVITE)}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(
          { memberId: member.memberId },
          {
            onSuccess: () => {
              notifier.success(t('members.invitationResent', { email: member.email }));
              void client.invalidateQueries({ queryKey: accessKeys.org(orgId) });
            },
          },
        )
      }
    >
      {t('members.resendInvitation')}
    </Button>
  );
}
