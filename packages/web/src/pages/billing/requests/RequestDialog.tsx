import { Alert, Form, Input } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AppModal } from '../../../components/dialogs/AppModal';
import { FormField } from '../../../components/form/FormField';
import { notifier } from '../../../components/feedback/notifier';
import { errorText } from '../../../i18n/errorText';

/** One field of a request form: its name in the call's body, its label, and how it is typed. */
export interface RequestField {
  name: string;
  label: string;
  kind?: 'amount' | 'long';
}

type Values = Record<string, string>;

/**
 * An invoice or refund request form (§3 fields). The schema is the contracts' one with the allowed amount added, so
 * every §5 rule shows before anything is sent; the server's refusal shows in the dialog, which stays open with what
 * was typed.
 */
export function RequestDialog<Out>(props: {
  title: string;
  hint: string;
  schema: z.ZodType<Out>;
  fields: RequestField[];
  send: (body: Out) => Promise<unknown>;
  sending: boolean;
  refusal: unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const defaultValues = Object.fromEntries(props.fields.map((f) => [f.name, '']));
  const { control, handleSubmit } = useForm<Values>({ resolver: zodResolver(props.schema as never) as never, defaultValues });
  const submit = handleSubmit(async (parsed) => {
    // The form holds what was typed (text); the resolver hands on the schema's output (amounts as numbers).
    if ((await props.send(parsed as unknown as Out).then(() => true, () => false)) === false) return;
    notifier.success(t('billingRequests.sent'));
    props.onClose();
  });
  return (
    <AppModal open title={props.title} okText={t('billingRequests.submit')} cancelText={t('common.cancel')} confirmLoading={props.sending} onOk={() => void submit()} onCancel={props.onClose}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={props.hint} />
      <Form layout="vertical" onFinish={() => void submit()}>
        {props.fields.map((f) => (
          <FormField
            key={f.name}
            control={control}
            name={f.name}
            label={f.label}
            required
            render={(field) => (f.kind === 'long' ? <Input.TextArea {...field} rows={3} /> : <Input {...field} inputMode={f.kind === 'amount' ? 'decimal' : undefined} autoComplete="off" />)}
          />
        ))}
      </Form>
      {props.refusal != null && <Alert type="error" showIcon data-testid="request-refused" title={errorText(props.refusal)} />}
    </AppModal>
  );
}
