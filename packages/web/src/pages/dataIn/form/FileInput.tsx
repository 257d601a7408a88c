import { createContext, useContext, useState } from 'react';
import { Button, Select, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { csvFileNameRule, type ParamValue } from '@tscloud/contracts';
import { isApiError } from '../../../api/errors';
import { translateMessage } from '../../../i18n';

/** What a file param offers: the instance's uploaded files, and an upload into that area. */
export interface FileChoices {
  names: string[];
  upload: (file: File) => Promise<string>;
  uploading: boolean;
}

export const FileChoicesContext = createContext<FileChoices | null>(null);

interface FileInputProps {
  id: string;
  value: ParamValue | undefined;
  onChange: (value: ParamValue) => void;
  multiple: boolean;
  disabled: boolean;
  placeholder?: string;
}

/**
 * A file param: one (or, when multiple, several) of the uploaded files, or a typed path; an upload (names checked
 * by the §5 rule first) adds the file and chooses it.
 */
export function FileInput({ id, value, onChange, multiple, disabled, placeholder }: FileInputProps) {
  const { t } = useTranslation();
  const choices = useContext(FileChoicesContext);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [String(value)];
  const choose = (names: string[]) => onChange(multiple ? names : (names[names.length - 1] ?? ''));
  const upload = async (file: File) => {
    setProblem(null);
    const rule = csvFileNameRule(file.name);
    if (rule) return setProblem(translateMessage(rule));
    try {
      const name = await choices!.upload(file);
      choose([...chosen.filter((n) => n !== name), name]);
    } catch (error) {
      setProblem(translateMessage(isApiError(error) ? error.message : String(error)));
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space.Compact block>
        <Select
          id={id}
          mode="tags"
          value={chosen}
          onChange={(names: string[]) => choose(names)}
          options={(choices?.names ?? []).map((name) => ({ value: name, label: name }))}
          placeholder={placeholder}
          disabled={disabled}
        />
        {choices && (
          <Upload
            showUploadList={false}
            disabled={disabled}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button loading={choices.uploading} disabled={disabled}>
              {t('dataIn.form.upload')}
            </Button>
          </Upload>
        )}
      </Space.Compact>
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Space>
  );
}
