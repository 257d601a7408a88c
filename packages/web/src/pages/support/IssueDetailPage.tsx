import { Button, Popconfirm, Space, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Privilege } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { notifier } from '../../components/feedback/notifier';
import { useAddComment } from '../../data/support/addComment';
import { useDeleteComment } from '../../data/support/deleteComment';
import { useDeleteIssue } from '../../data/support/deleteIssue';
import { useEditComment } from '../../data/support/editComment';
import { useIssue } from '../../data/support/issue';
import { useIssueAction } from '../../data/support/issueAction';
import { useOrgContext } from '../org/useOrgContext';
import { IssueDetailView } from './IssueDetailView';
import { IssueDialog } from './IssueDialog';
import { CommentComposer } from './thread/CommentComposer';

const succeeded = (call: Promise<unknown>) => call.then(() => true, () => false);

/** /support/{id}: one issue of the organization, its conversation and timeline; the customer's moves and replies. */
export default function IssueDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { orgId, canWrite } = useOrgContext();
  const issue = useIssue(orgId, id);
  const action = useIssueAction(orgId);
  const remove = useDeleteIssue(orgId);
  const comment = useAddComment(orgId);
  const edit = useEditComment(orgId);
  const removeComment = useDeleteComment(orgId);
  if (!orgId) return null;
  if (!issue.data) return issue.isError ? null : <Spin />;
  const detail = issue.data;
  const manage = canWrite(Privilege.TICKET_MANAGE);
  const open = detail.state !== 'closed';
  const refresh = () => issue.refetch();
  const actions = (
    <Space>
      <Button onClick={() => void navigate('/support')}>{t('support.detail.back')}</Button>
      {manage && open && <Button onClick={() => openDialog((close) => <IssueDialog orgId={orgId} issue={detail} onClose={close} />)}>{t('support.action.edit')}</Button>}
      {manage && detail.actions.includes('reopen') && (
        <Button data-testid="issue-reopen" onClick={() => void action.mutateAsync({ id, action: 'reopen' }).catch(() => undefined)}>
          {t('support.action.reopen')}
        </Button>
      )}
      {manage && detail.actions.includes('close') && (
        <Popconfirm title={t('support.action.closeConfirm')} onConfirm={() => void action.mutateAsync({ id, action: 'close' }).catch(() => undefined)}>
          <Button data-testid="issue-close">{t('support.action.close')}</Button>
        </Popconfirm>
      )}
      {manage && detail.state === 'unassigned' && (
        <Popconfirm title={t('support.action.deleteConfirm')} onConfirm={() => void succeeded(remove.mutateAsync(id)).then((ok) => ok && navigate('/support'))}>
          <Button danger>{t('support.action.delete')}</Button>
        </Popconfirm>
      )}
    </Space>
  );
  return (
    <IssueDetailView
      issue={detail}
      viewer="customer"
      actions={actions}
      editing={{
        open: manage && open,
        save: async (commentId, content) => (await succeeded(edit.mutateAsync({ id: commentId, content }))) && (await refresh(), true),
        remove: async (commentId) => (await succeeded(removeComment.mutateAsync(commentId))) && (await refresh(), true),
      }}
      composer={
        manage ? (
          <CommentComposer
            sending={comment.isPending}
            onSend={async (body) => {
              const sent = await succeeded(comment.mutateAsync({ id, ...body }));
              if (sent) notifier.success(t('support.detail.sent'));
              return sent;
            }}
          />
        ) : null
      }
    />
  );
}
