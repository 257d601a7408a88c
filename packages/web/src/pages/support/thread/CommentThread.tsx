import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketComment } from '@tscloud/contracts';
import { formatDateTime } from '../../../config/format';
import { useSession } from '../../../state/session';
import { AttachmentList } from '../attachments/AttachmentList';
import { Markdown } from '../markdown/Markdown';
import { MarkdownEditor } from '../markdown/MarkdownEditor';

export interface CommentEditing {
  /** Whether the conversation still takes changes (not on a closed issue). */
  open: boolean;
  save: (id: string, content: string) => Promise<boolean>;
  remove: (id: string) => Promise<boolean>;
}

/** The conversation: each comment in markdown with its files; its author may change or delete it while the issue is open. */
export function CommentThread({ comments, editing, desk = false }: { comments: TicketComment[]; editing: CommentEditing; desk?: boolean }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.userInfo?.id);
  if (comments.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('support.detail.noComments')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="ticket-thread">
      {comments.map((comment) => (
        <CommentCard key={comment.id} comment={comment} mine={comment.author.id === me} editing={editing} desk={desk} />
      ))}
    </Space>
  );
}

function CommentCard({ comment, mine, editing, desk }: { comment: TicketComment; mine: boolean; editing: CommentEditing; desk: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const kind = comment.author_kind === 'internal' ? <Tag color="purple">{t('support.detail.internal')}</Tag> : comment.author_kind === 'staff' ? <Tag color="blue">{t('support.detail.staff')}</Tag> : null;
  return (
    <Card
      size="small"
      data-testid={`comment-${comment.author_kind}`}
      style={comment.author_kind === 'internal' ? { background: '#f9f0ff' } : undefined}
      title={
        <Space size={4}>
          <strong>{comment.author.name}</strong>
          {kind}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(comment.create_time)}
            {comment.update_time > comment.create_time ? ` · ${t('support.detail.edited')}` : ''}
          </Typography.Text>
        </Space>
      }
      extra={
        mine && editing.open && draft === null ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDraft(comment.content)}>
              {t('support.comment.edit')}
            </Button>
            <Popconfirm title={t('support.comment.deleteConfirm')} onConfirm={() => void editing.remove(comment.id)}>
              <Button type="link" size="small" danger>
                {t('support.comment.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {draft === null ? (
        <Markdown text={comment.content} />
      ) : (
        <>
          <MarkdownEditor value={draft} onChange={setDraft} rows={4} />
          <Space>
            <Button type="primary" size="small" onClick={() => void editing.save(comment.id, draft).then((saved) => saved && setDraft(null))}>
              {t('support.comment.save')}
            </Button>
            <Button size="small" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </Button>
          </Space>
        </>
      )}
      <AttachmentList files={comment.attachments} desk={desk} />
    </Card>
  );
}
