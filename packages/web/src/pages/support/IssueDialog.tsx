import { Checkbox, Form, Input, Select } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { TICKET_PRODUCTS, TICKET_TITLE_MAX, ticketCreateSchema, type TicketCreateRequest, type TicketDetail } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useCreateIssue } from '../../data/support/createIssue';
import { useIssueTypes } from '../../data/support/issueTypes';
import { useUpdateIssue } from '../../data/support/updateIssue';
import { useBoot } from '../../state/boot';
import { useSession } from '../../state/session';
import { AttachmentUploader } from './attachments/AttachmentUploader';
import { MarkdownEditor } from './markdown/MarkdownEditor';

/**
 * Opens an issue (or edits one's fields): type, title, what it concerns (and which instance), a markdown description,
 * files, and progress e-mails. The rules are contracts' ticketCreateSchema, the server's; a refusal leaves the dialog
 * open with everything typed.
 */
export function IssueDialog({ orgId, issue, onClose, onCreated }: { orgId: string; issue?: TicketDetail; onClose: () => void; onCreated?: (created: TicketDetail) => void }) {
  const { t, i18n } = useTranslation();
  const types = useIssueTypes(i18n.language);
  const instances = useBoot((b) => b.instances);
  const myEmail = useSession((s) => s.userInfo?.email ?? '');
  const create = useCreateIssue(orgId);
  const update = useUpdateIssue(orgId);
  const { control, handleSubmit } = useForm<TicketCreateRequest>({
    resolver: zodResolver(ticketCreateSchema),
    defaultValues: {
      title: issue?.title ?? '',
      description: issue?.description ?? '',
      type: issue?.type,
      product: issue?.product ?? 'other',
      instance_id: issue?.instance_id ?? null,
      notify_email: issue ? (issue.notify_email ?? '') : myEmail,
      notify_on_progress: issue?.notify_on_progress ?? true,
      attachments: [],
    },
  });
  const product = useWatch({ control, name: 'product' });
  const submit = handleSubmit(async (body) => {
    const call = issue ? update.mutateAsync({ ...body, id: issue.id }) : create.mutateAsync(body);
    const saved = await call.catch(() => null);
    if (!saved) return;
    notifier.success(issue ? t('support.edit.done') : t('support.create.done', { number: saved.number }));
    onClose();
    if (!issue) onCreated?.(saved);
  });
  return (
    <AppModal
      open
      width={720}
      title={t(issue ? 'support.edit.title' : 'support.create.title')}
      okText={t(issue ? 'support.comment.save' : 'support.create.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form layout="vertical" data-testid="issue-form" onFinish={() => void submit()}>
        <FormField control={control} name="type" label={t('support.field.type')} required render={(f) => <Select {...f} options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))} />} />
        <FormField control={control} name="title" label={t('support.field.title')} required render={(f) => <Input {...f} maxLength={TICKET_TITLE_MAX} showCount />} />
        <FormField control={control} name="product" label={t('support.field.product')} render={(f) => <Select {...f} options={TICKET_PRODUCTS.map((p) => ({ value: p, label: t(`support.product.${p}`) }))} />} />
        {product === 'instance' && (
          <FormField
            control={control}
            name="instance_id"
            label={t('support.field.instance')}
            required
            render={(f) => <Select {...f} value={f.value ?? undefined} options={instances.map((i) => ({ value: i.id, label: i.alias || i.name }))} />}
          />
        )}
        <FormField control={control} name="description" label={t('support.field.description')} required render={(f) => <MarkdownEditor {...f} />} />
        <FormField control={control} name="attachments" label={t('support.field.attachments')} render={(f) => <AttachmentUploader value={f.value} onChange={f.onChange} />} />
        <FormField control={control} name="notify_email" label={t('support.field.notifyEmail')} render={(f) => <Input {...f} value={f.value ?? ''} type="email" />} />
        <FormField
          control={control}
          name="notify_on_progress"
          render={(f) => (
            <Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)}>
              {t('support.field.notifyOnProgress')}
            </Checkbox>
          )}
        />
      </Form>
    </AppModal>
  );
}
