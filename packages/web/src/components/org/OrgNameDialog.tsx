import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { orgNameRequestSchema, type OrgNameRequest } from '@tscloud/contracts';
import { AppModal } from '../dialogs/AppModal';
import { FormField } from '../form/FormField';

/**
 * The organization name form of create and rename. The name rule is contracts' orgNameSchema, shown before sending;
 * a server refusal is shown by the request layer and the dialog stays open with what was typed.
 */
export function OrgNameDialog(props: {
  title: string;
  okText: string;
  initialName?: string;
  pending: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
  /** Shown above the field (the create dialog's organization limit). */
  notice?: ReactNode;
  /** Sending is not possible (the limit is reached). */
  okDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<OrgNameRequest>({ resolver: zodResolver(orgNameRequestSchema), defaultValues: { name: props.initialName ?? '' }, mode: 'onChange' });
  const submit = handleSubmit(async ({ name }) => {
    const done = await props.onSubmit(name).then(() => true, () => false);
    if (done) props.onClose();
  });
  return (
    <AppModal open title={props.title} okText={props.okText} cancelText={t('common.cancel')} confirmLoading={props.pending} okButtonProps={{ disabled: props.okDisabled }} onOk={() => void submit()} onCancel={props.onClose}>
      {props.notice}
      <Form layout="vertical" onFinish={() => void (props.okDisabled || submit())}>
        <FormField control={control} name="name" label={t('org.field.name')} required render={(f) => <Input {...f} autoFocus maxLength={64} placeholder={t('org.field.namePlaceholder')} />} />
      </Form>
    </AppModal>
  );
}
