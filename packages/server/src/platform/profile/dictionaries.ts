import type { CountryEntry, DictEntry, Language } from '@tscloud/contracts';

/**
 * The profile option lists of platform-shell.md §3 (positions, industries, countries with dialing codes).
 * Values are stable codes stored on the user; labels follow the caller's language.
 */
type Labelled = { value: string; en: string; zh: string };

const INDUSTRIES: readonly Labelled[] = [
  { value: 'energy', en: 'Energy and utilities', zh: '能源与公用事业' },
  { value: 'manufacturing', en: 'Manufacturing', zh: '制造业' },
  { value: 'automotive', en: 'Automotive and transport', zh: '汽车与交通' },
  { value: 'iot', en: 'Internet of Things', zh: '物联网' },
  { value: 'finance', en: 'Finance', zh: '金融' },
  { value: 'telecom', en: 'Telecommunications', zh: '电信' },
  { value: 'it', en: 'IT and software', zh: 'IT 与软件' },
  { value: 'healthcare', en: 'Healthcare', zh: '医疗健康' },
  { value: 'retail', en: 'Retail and e-commerce', zh: '零售与电商' },
  { value: 'agriculture', en: 'Agriculture', zh: '农业' },
  { value: 'government', en: 'Government and public sector', zh: '政府与公共事业' },
  { value: 'education', en: 'Education and research', zh: '教育与科研' },
  { value: 'other', en: 'Other', zh: '其他' },
];

const POSITIONS: readonly Labelled[] = [
  { value: 'developer', en: 'Developer', zh: '开发工程师' },
  { value: 'architect', en: 'Architect', zh: '架构师' },
  { value: 'data_engineer', en: 'Data engineer', zh: '数据工程师' },
  { value: 'dba', en: 'Database administrator', zh: '数据库管理员' },
  { value: 'ops', en: 'Operations / DevOps', zh: '运维工程师' },
  { value: 'data_scientist', en: 'Data scientist / analyst', zh: '数据科学家 / 分析师' },
  { value: 'product_manager', en: 'Product manager', zh: '产品经理' },
  { value: 'manager', en: 'Engineering manager', zh: '技术经理' },
  { value: 'executive', en: 'Executive (CTO, CIO, CEO)', zh: '高管（CTO、CIO、CEO）' },
  { value: 'student', en: 'Student', zh: '学生' },
  { value: 'other', en: 'Other', zh: '其他' },
];

const COUNTRIES: ReadonlyArray<Labelled & { dialingCode: string }> = [
  { value: 'CN', en: 'China', zh: '中国', dialingCode: '+86' },
  { value: 'HK', en: 'Hong Kong (China)', zh: '中国香港', dialingCode: '+852' },
  { value: 'MO', en: 'Macao (China)', zh: '中国澳门', dialingCode: '+853' },
  { value: 'TW', en: 'Taiwan (China)', zh: '中国台湾', dialingCode: '+886' },
  { value: 'US', en: 'United States', zh: '美国', dialingCode: '+1' },
  { value: 'CA', en: 'Canada', zh: '加拿大', dialingCode: '+1' },
  { value: 'MX', en: 'Mexico', zh: '墨西哥', dialingCode: '+52' },
  { value: 'BR', en: 'Brazil', zh: '巴西', dialingCode: '+55' },
  { value: 'AR', en: 'Argentina', zh: '阿根廷', dialingCode: '+54' },
  { value: 'GB', en: 'United Kingdom', zh: '英国', dialingCode: '+44' },
  { value: 'IE', en: 'Ireland', zh: '爱尔兰', dialingCode: '+353' },
  { value: 'DE', en: 'Germany', zh: '德国', dialingCode: '+49' },
  { value: 'FR', en: 'France', zh: '法国', dialingCode: '+33' },
  { value: 'NL', en: 'Netherlands', zh: '荷兰', dialingCode: '+31' },
  { value: 'BE', en: 'Belgium', zh: '比利时', dialingCode: '+32' },
  { value: 'CH', en: 'Switzerland', zh: '瑞士', dialingCode: '+41' },
  { value: 'AT', en: 'Austria', zh: '奥地利', dialingCode: '+43' },
  { value: 'IT', en: 'Italy', zh: '意大利', dialingCode: '+39' },
  { value: 'ES', en: 'Spain', zh: '西班牙', dialingCode: '+34' },
  { value: 'PT', en: 'Portugal', zh: '葡萄牙', dialingCode: '+351' },
  { value: 'SE', en: 'Sweden', zh: '瑞典', dialingCode: '+46' },
  { value: 'NO', en: 'Norway', zh: '挪威', dialingCode: '+47' },
  { value: 'DK', en: 'Denmark', zh: '丹麦', dialingCode: '+45' },
  { value: 'FI', en: 'Finland', zh: '芬兰', dialingCode: '+358' },
  { value: 'PL', en: 'Poland', zh: '波兰', dialingCode: '+48' },
  { value: 'RU', en: 'Russia', zh: '俄罗斯', dialingCode: '+7' },
  { value: 'TR', en: 'Türkiye', zh: '土耳其', dialingCode: '+90' },
  { value: 'AE', en: 'United Arab Emirates', zh: '阿联酋', dialingCode: '+971' },
  { value: 'SA', en: 'Saudi Arabia', zh: '沙特阿拉伯', dialingCode: '+966' },
  { value: 'IL', en: 'Israel', zh: '以色列', dialingCode: '+972' },
  { value: 'EG', en: 'Egypt', zh: '埃及', dialingCode: '+20' },
  { value: 'ZA', en: 'South Africa', zh: '南非', dialingCode: '+27' },
  { value: 'NG', en: 'Nigeria', zh: '尼日利亚', dialingCode: '+234' },
  { value: 'IN', en: 'India', zh: '印度', dialingCode: '+91' },
  { value: 'PK', en: 'Pakistan', zh: '巴基斯坦', dialingCode: '+92' },
  { value: 'JP', en: 'Japan', zh: '日本', dialingCode: '+81' },
  { value: 'KR', en: 'South Korea', zh: '韩国', dialingCode: '+82' },
  { value: 'SG', en: 'Singapore', zh: '新加坡', dialingCode: '+65' },
  { value: 'MY', en: 'Malaysia', zh: '马来西亚', dialingCode: '+60' },
  { value: 'TH', en: 'Thailand', zh: '泰国', dialingCode: '+66' },
  { value: 'VN', en: 'Vietnam', zh: '越南', dialingCode: '+84' },
  { value: 'ID', en: 'Indonesia', zh: '印度尼西亚', dialingCode: '+62' },
  { value: 'PH', en: 'Philippines', zh: '菲律宾', dialingCode: '+63' },
  { value: 'AU', en: 'Australia', zh: '澳大利亚', dialingCode: '+61' },
  { value: 'NZ', en: 'New Zealand', zh: '新西兰', dialingCode: '+64' },
];

function labelled(list: readonly Labelled[], language: Language): DictEntry[] {
  return list.map((e) => ({ value: e.value, label: e[language] }));
}

export const industries = (language: Language): DictEntry[] => labelled(INDUSTRIES, language);
export const positions = (language: Language): DictEntry[] => labelled(POSITIONS, language);
export const countries = (language: Language): CountryEntry[] => COUNTRIES.map((c) => ({ value: c.value, label: c[language], dialingCode: c.dialingCode }));

export const isIndustry = (value: string): boolean => INDUSTRIES.some((e) => e.value === value);
export const isPosition = (value: string): boolean => POSITIONS.some((e) => e.value === value);
export const isCountry = (value: string): boolean => COUNTRIES.some((e) => e.value === value);
/** Phone country codes are dialing codes ('+86'); any dialing code of the list is accepted. */
export const isDialingCode = (value: string): boolean => COUNTRIES.some((e) => e.dialingCode === value);
