import { useState } from 'react';
import { Alert, AutoComplete, Form, Input, Radio } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { savedQueryFormSchema, type SavedQueryForm, type SavedQueryFormInput } from '@tscloud/contracts';
import { isApiError } from '../../../../api/errors';
import { AppModal } from '../../../../components/dialogs/AppModal';
import { FormField } from '../../../../components/form/FormField';
import { translateMessage } from '../../../../i18n';

export interface SavedQueryDialogProps {
  title: string;
  initial: SavedQueryFormInput;
  /** Saving asks whose list it goes to; rename/move keeps it in its list. */
  askKind: boolean;
  /** The folders of the personal (false) or shared (true) list, offered while typing. */
  foldersOf: (shared: boolean) => string[];
  /** Whether the name is taken in the folder of the chosen list: refused before sending, as the server would. */
  isTaken: (form: SavedQueryForm) => boolean;
  pending: boolean;
  /** Sends the form; a refusal it throws is shown under its field (the server names it) with what was typed kept. */
  onSubmit: (form: SavedQueryForm) => Promise<void>;
  onCancel: () => void;
}

/** The fields a server refusal may name (`data.field`). */
const FORM_FIELDS = ['name', 'folder'] as const;
const fieldOf = (data: unknown) => FORM_FIELDS.find((f) => (data as { field?: string } | null)?.field === f);

/** Name, folder (an existing one or a new one) and, when saving, personal or shared: the contracts' rules while typing. */
export function SavedQueryDialog({ title, initial, askKind, foldersOf, isTaken, pending, onSubmit, onCancel }: SavedQueryDialogProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<SavedQueryFormInput, unknown, SavedQueryForm>({
    resolver: zodResolver(savedQueryFormSchema),
    defaultValues: initial,
    mode: 'onChange',
  });
  const shared = useWatch({ control, name: 'shared' });
  const folderTyped = (useWatch({ control, name: 'folder' }) ?? '').trim().toLocaleLowerCase();
  const folderOptions = foldersOf(shared).filter((f) => f.toLocaleLowerCase().includes(folderTyped)).map((f) => ({ value: f }));

  const submit = handleSubmit(async (form) => {
    setFailure(null);
    if (isTaken(form)) return setError('name', { message: 'error.savedQueryNameTaken' });
    try {
      await onSubmit(form);
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      const field = isApiError(error) ? fieldOf(error.data) : undefined;
      if (field) setError(field, { message });
      else setFailure(translateMessage(message));
    }
  });

  return (
    <AppModal open title={title} okText={t('console.saved.ok')} cancelText={t('common.cancel')} confirmLoading={pending} onOk={() => void submit()} onCancel={onCancel}>
      <Form layout="vertical" data-testid="saved-query-form" onFinish={() => void submit()}>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
        <FormField control={control} name="name" label={t('console.saved.name')} required render={(f) => <Input {...f} autoFocus />} />
        <FormField
          control={control}
          name="folder"
          label={t('console.saved.folder')}
          render={(f) => <AutoComplete {...f} options={folderOptions} placeholder={t('console.saved.folderPlaceholder')} />}
        />
        {askKind && (
          <FormField
            control={control}
            name="shared"
            label={t('console.saved.kind')}
            render={(f) => (
              <Radio.Group
                value={f.value}
                onChange={(e) => f.onChange(e.target.value as boolean)}
                options={[
                  { value: false, label: t('console.saved.personal') },
                  { value: true, label: t('console.saved.shared') },
                ]}
              />
            )}
          />
        )}
      </Form>
    </AppModal>
  );
}
