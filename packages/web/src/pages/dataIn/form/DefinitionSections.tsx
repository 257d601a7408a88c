import { useState, type ReactNode } from 'react';
import { Button, Collapse, Form, Radio, Typography } from 'antd';
import type { Control } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OPC_CSV_CATEGORY, chooseAuthentication, paramApplies, requiredNames, type ConnectorDefinition, type Param, type TaskValues } from '@tscloud/contracts';
import { ParamField } from './ParamField';
import { holdsValues, type FormValues } from './formValues';

interface SectionsProps {
  definition: ConnectorDefinition;
  control: Control<FormValues>;
  values: TaskValues;
  editing: boolean;
  /** The dataset category shown ('' none): chosen by the user, or from the saved task's params (§4). */
  category: string;
  onCategory: (key: string) => void;
  onAuth: (kind: TaskValues['auth']) => void;
  /** Fields with an error: their group opens so the message is seen. */
  errorNames: Set<string>;
  /** Downloads a category's default configuration file (its call under the instance's replication path). */
  onDownload: (call: string) => void;
  /** The page showing a point file's points (an OPC category's file). */
  pointsPath: (file: string) => string;
}

/**
 * Every section of a task form, drawn from the definition alone: connection (options, protocol), authentication
 * alternatives, params, groups (open when they hold values other than their defaults), advanced, datasets.
 */
export function DefinitionSections({ definition, control, values, editing, category: categoryKey, onCategory, onAuth, errorNames, onDownload, pointsPath }: SectionsProps) {
  const { t } = useTranslation();
  const required = requiredNames(definition, values);
  const fields = (params: Param[]) =>
    params.filter((p) => paramApplies(p, values)).map((p) => <ParamField key={p.name} control={control} param={p} required={required.has(p.name)} editing={editing} />);
  const auth = chooseAuthentication(definition, values);
  const category = definition.datasets?.categories.find((c) => c.key === categoryKey);
  const hasError = (params: Param[]) => params.some((p) => errorNames.has(p.name));
  const connection = [...Object.values(definition.options), ...(definition.protocol ? [definition.protocol] : [])];
  return (
    <>
      <Typography.Title level={5}>{t('dataIn.form.connection')}</Typography.Title>
      {fields(connection)}
      {definition.authentication.length > 0 && (
        <>
          <Typography.Title level={5}>{t('dataIn.form.authentication')}</Typography.Title>
          {definition.authentication.length > 1 && (
            <Form.Item>
              <Radio.Group
                data-testid="auth-choice"
                value={auth?.kind}
                onChange={(e) => onAuth(e.target.value as TaskValues['auth'])}
                options={definition.authentication.map((a) => ({ value: a.kind, label: a.display }))}
              />
            </Form.Item>
          )}
          {fields(auth?.params ?? [])}
        </>
      )}
      {definition.params.length > 0 && <Typography.Title level={5}>{t('dataIn.form.params')}</Typography.Title>}
      {fields(definition.params)}
      {definition.groups.map((group) => (
        <ParamGroupPanel key={group.name} name={group.name} display={group.display} description={group.description} holds={holdsValues(group.params, values)} hasError={hasError(group.params)}>
          {fields(group.params)}
        </ParamGroupPanel>
      ))}
      {definition.datasets && (
        <>
          <Typography.Title level={5}>{definition.datasets.display || t('dataIn.form.datasets')}</Typography.Title>
          <Form.Item>
            <Radio.Group
              data-testid="dataset-choice"
              value={category?.key ?? ''}
              onChange={(e) => onCategory(e.target.value as string)}
              options={[{ value: '', label: t('dataIn.form.noCategory') }, ...definition.datasets.categories.map((c) => ({ value: c.key, label: c.display }))]}
            />
          </Form.Item>
          {category?.description && <Typography.Paragraph type="secondary">{category.description}</Typography.Paragraph>}
          {category?.download && (
            <Form.Item>
              <Button onClick={() => onDownload(category.download!.call)}>{category.download.display || t('dataIn.form.download')}</Button>
            </Form.Item>
          )}
          {fields(category?.params ?? [])}
          {category?.key === OPC_CSV_CATEGORY && typeof values[OPC_CSV_CATEGORY] === 'string' && values[OPC_CSV_CATEGORY] && (
            <Form.Item>
              <Link to={pointsPath(values[OPC_CSV_CATEGORY])} target="_blank">
                {t('dataIn.points.view')}
              </Link>
            </Form.Item>
          )}
        </>
      )}
      {definition.advanced.length > 0 && (
        <ParamGroupPanel name="advanced" display={t('dataIn.form.advanced')} holds={holdsValues(definition.advanced, values)} hasError={hasError(definition.advanced)}>
          {fields(definition.advanced)}
        </ParamGroupPanel>
      )}
    </>
  );
}

/** A collapsible group: open at first when it holds values, then as the user toggles it; always while a field in it is wrong. */
function ParamGroupPanel(props: { name: string; display: string; description?: string; holds: boolean; hasError: boolean; children: ReactNode }) {
  const [toggled, setOpen] = useState(props.holds);
  const open = toggled || props.hasError;
  return (
    <Collapse
      style={{ marginBottom: 16 }}
      activeKey={open ? [props.name] : []}
      onChange={(keys) => setOpen(keys.length > 0)}
      data-testid={`group-${props.name}`}
      items={[{ key: props.name, label: props.display, forceRender: true, children: <>{props.description && <Typography.Paragraph type="secondary">{props.description}</Typography.Paragraph>}{props.children}</> }]}
    />
  );
}
