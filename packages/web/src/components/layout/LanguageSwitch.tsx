import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage } from '../../i18n';
import type { Language } from '../../config/edition';

/** English / 中文, remembered locally. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Select<Language>
      aria-label={t('common.language')}
      data-testid="language-switch"
      size="small"
      variant="borderless"
      value={i18n.language === 'zh' ? 'zh' : 'en'}
      prefix={<GlobalOutlined />}
      onChange={(language) => void changeLanguage(language)}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`common.language.${l}`) }))}
      style={{ minWidth: 110 }}
    />
  );
}
