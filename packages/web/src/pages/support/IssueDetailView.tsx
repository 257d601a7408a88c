import type { ReactNode } from 'react';
import { Alert, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketDetail } from '@tscloud/contracts';
import { formatDateTime } from '../../config/format';
import { AttachmentList } from './attachments/AttachmentList';
import { Markdown } from './markdown/Markdown';
import { StateTag } from './StateTag';
import { CommentThread, type CommentEditing } from './thread/CommentThread';
import { IssueTimeline } from './thread/IssueTimeline';

/**
 * An issue as both sides see it: its fields and description, the conversation with a reply box while it is open, and
 * the timeline beside. The customer's page and the desk's pass their own actions, header and reply box.
 */
export function IssueDetailView(props: { issue: TicketDetail; viewer: 'customer' | 'staff'; actions: ReactNode; header?: ReactNode; composer: ReactNode; editing: CommentEditing }) {
  const { t } = useTranslation();
  const { issue } = props;
  const desk = props.viewer === 'staff';
  return (
    <Row gutter={16}>
      <Col xs={24} lg={16}>
        <Card
          data-testid="issue-detail"
          title={
            <Space>
              <span>#{issue.number}</span>
              <span data-testid="issue-title">{issue.title}</span>
              <StateTag state={issue.state} viewer={props.viewer} />
            </Space>
          }
          extra={props.actions}
        >
          {props.header}
          <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('support.field.type')}>{issue.type_name}</Descriptions.Item>
            <Descriptions.Item label={t('support.field.product')}>
              {t(`support.product.${issue.product}`)}
              {issue.instance_id ? ` (${issue.instance_id})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('support.column.assignee')}>{issue.assignee?.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('support.column.updated')}>{formatDateTime(issue.update_time)}</Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">{t('support.detail.createdBy', { name: issue.creator.name, time: formatDateTime(issue.create_time) })}</Typography.Text>
          <Markdown text={issue.description} />
          <AttachmentList files={issue.attachments} desk={desk} />
        </Card>
        <Card title={t('support.detail.conversation')} style={{ marginTop: 16 }}>
          <CommentThread comments={issue.comments} editing={props.editing} desk={desk} />
          <div style={{ marginTop: 16 }}>{issue.state === 'closed' ? <Alert type="info" showIcon message={t('support.detail.closedNotice')} /> : props.composer}</div>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t('support.detail.timeline')}>
          <IssueTimeline events={issue.events} viewer={props.viewer} />
        </Card>
      </Col>
    </Row>
  );
}
