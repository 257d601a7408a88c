import { useState } from 'react';
import { Button, Form, Popconfirm, Select, Space, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DeskActionRequest, DeskReplyRequest, TicketDetail } from '@tscloud/contracts';
import { notifier } from '../../components/feedback/notifier';
import { useDeskAction } from '../../data/desk/action';
import { useDeleteDeskComment, useEditDeskComment } from '../../data/desk/comments';
import { useDeskIssue } from '../../data/desk/issue';
import { useDeskReply } from '../../data/desk/reply';
import { useDeskStaff } from '../../data/desk/staff';
import { useSession } from '../../state/session';
import { IssueDetailView } from '../support/IssueDetailView';
import { CommentComposer } from '../support/thread/CommentComposer';
import { DeskGate } from './DeskGate';

type ReplyKind = NonNullable<DeskReplyRequest['kind']>;
const succeeded = (call: Promise<unknown>) => call.then(() => true, () => false);

/** /desk/issues/{id}: staff work one issue — assign, start, ask, reply or note, finish, abort, close. */
export default function DeskIssuePage() {
  return (
    <DeskGate>
      <DeskIssue />
    </DeskGate>
  );
}

function DeskIssue() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const issue = useDeskIssue(id);
  const reply = useDeskReply();
  const edit = useEditDeskComment();
  const removeComment = useDeleteDeskComment();
  const [kind, setKind] = useState<ReplyKind>('reply');
  if (!issue.data) return issue.isError ? null : <Spin />;
  const detail = issue.data;
  const refresh = () => issue.refetch();
  return (
    <IssueDetailView
      issue={detail}
      viewer="staff"
      actions={
        <Space wrap>
          <Button onClick={() => void navigate('/desk')}>{t('support.detail.back')}</Button>
          <DeskActions issue={detail} />
        </Space>
      }
      editing={{
        open: detail.state !== 'closed',
        save: async (commentId, content) => (await succeeded(edit.mutateAsync({ id: commentId, content }))) && (await refresh(), true),
        remove: async (commentId) => (await succeeded(removeComment.mutateAsync(commentId))) && (await refresh(), true),
      }}
      composer={
        <CommentComposer
          desk
          sending={reply.isPending}
          extra={
            <Form.Item label={t('desk.reply.kind')} htmlFor="desk-reply-kind">
              <Select<ReplyKind>
                id="desk-reply-kind"
                value={kind}
                onChange={setKind}
                options={(['reply', 'request_info', 'internal'] as const)
                  .filter((k) => k !== 'request_info' || detail.actions.includes('request_info'))
                  .map((k) => ({ value: k, label: t(`desk.reply.${k}`) }))}
              />
            </Form.Item>
          }
          onSend={async (body) => {
            const sent = await succeeded(reply.mutateAsync({ id, ...body, kind }));
            if (sent) {
              notifier.success(t('support.detail.sent'));
              setKind('reply');
            }
            return sent;
          }}
        />
      }
    />
  );
}

/** The moves the state machine allows staff now; assigning names whom (the caller by default). */
function DeskActions({ issue }: { issue: TicketDetail }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.userInfo?.id);
  const staff = useDeskStaff();
  const action = useDeskAction();
  const [assignee, setAssignee] = useState<string | undefined>(undefined);
  const run = (body: DeskActionRequest) => void succeeded(action.mutateAsync({ id: issue.id, ...body })).then((ok) => ok && notifier.success(t('support.action.done')));
  const moves = issue.actions.filter((a): a is Exclude<DeskActionRequest['action'], 'assign'> => a !== 'assign' && a !== 'request_info');
  return (
    <>
      {issue.actions.includes('assign') && (
        <Space.Compact>
          <Select
            style={{ width: 200 }}
            aria-label={t('desk.assignTo')}
            placeholder={t('desk.assignTo')}
            value={assignee ?? issue.assignee?.id ?? me}
            onChange={setAssignee}
            options={(staff.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
          <Button data-testid="desk-assign" onClick={() => run({ action: 'assign', assignee_id: assignee ?? me })}>
            {t('support.action.assign')}
          </Button>
        </Space.Compact>
      )}
      {moves.map((move) =>
        move === 'abort' || move === 'close' ? (
          <Popconfirm key={move} title={t(`support.action.${move}`)} onConfirm={() => run({ action: move })}>
            <Button danger={move === 'abort'} data-testid={`desk-${move}`}>
              {t(`support.action.${move}`)}
            </Button>
          </Popconfirm>
        ) : (
          <Button key={move} type={move === 'finish' ? 'primary' : 'default'} data-testid={`desk-${move}`} onClick={() => run({ action: move })}>
            {t(`support.action.${move}`)}
          </Button>
        ),
      )}
    </>
  );
}
