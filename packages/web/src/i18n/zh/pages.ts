import type { pages as en } from '../en/pages';

export const pages: Record<keyof typeof en, string> = {
  'terms.title': '服务协议',
  'terms.intro': '本条款约束您对 tscloud 服务的使用。创建账号即表示您同意本条款。',
  'terms.section.service': '服务：tscloud 在您选择的区域为您运行托管的时序数据库实例。',
  'terms.section.account': '账号：请妥善保管凭据；您对您的账号及组织内的操作负责。',
  'terms.section.data': '数据：您拥有所存储的数据。我们仅为运行服务而处理数据，欠费停机后数据保留一个月。',
  'terms.section.billing': '计费：按您的方案价格按小时计费；未支付的账单将导致实例停止。',
  'terms.section.contact': '联系：有关本条款的问题请发送至 {{email}}。',
  'terms.backToSignup': '返回注册',
  'register.title': '完善账号信息',
  'register.hint': '开始之前，请介绍一下您自己。',
  'register.industry': '行业',
  'register.position': '职位',
  'register.country': '国家或地区',
  'register.submit': '继续',
  'verified.title': '已验证',
  'verified.body': '您的账号已通过验证。',
  'verified.continue': '进入控制台',
  'landing.title': '欢迎使用 tscloud',
  'landing.body': '创建一个实例，开始存储和浏览时序数据。',
  'createFirstInstance.skip': '暂时跳过',
};
