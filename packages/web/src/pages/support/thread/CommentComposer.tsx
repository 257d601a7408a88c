import { useState, type ReactNode } from 'react';
import { Button, Form } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ticketCommentSchema, type TicketCommentRequest } from '@tscloud/contracts';
import { FormField } from '../../../components/form/FormField';
import { AttachmentUploader } from '../attachments/AttachmentUploader';
import { MarkdownEditor } from '../markdown/MarkdownEditor';

/**
 * A reply box: markdown with a preview, attachments, the same rules as the server (ticketCommentSchema). What was
 * typed stays when the server refuses; it is cleared once sent. `extra` adds fields (the desk's reply kind).
 */
export function CommentComposer(props: { onSend: (body: TicketCommentRequest) => Promise<boolean>; sending: boolean; desk?: boolean; extra?: ReactNode }) {
  const { t } = useTranslation();
  // a new uploader after each send: its list of files starts empty again
  const [round, setRound] = useState(0);
  const { control, handleSubmit, reset } = useForm<TicketCommentRequest>({ resolver: zodResolver(ticketCommentSchema), defaultValues: { content: '', attachments: [] } });
  const submit = handleSubmit(async (body) => {
    if (!(await props.onSend(body))) return;
    reset({ content: '', attachments: [] });
    setRound((r) => r + 1);
  });
  return (
    <Form layout="vertical" data-testid="comment-composer" onFinish={() => void submit()}>
      {props.extra}
      <FormField control={control} name="content" label={t('support.detail.reply')} required render={(f) => <MarkdownEditor {...f} rows={4} />} />
      <FormField control={control} name="attachments" label={t('support.field.attachments')} render={(f) => <AttachmentUploader key={round} value={f.value} onChange={f.onChange} desk={props.desk} />} />
      <Button type="primary" htmlType="submit" loading={props.sending}>
        {t('support.detail.send')}
      </Button>
    </Form>
  );
}
