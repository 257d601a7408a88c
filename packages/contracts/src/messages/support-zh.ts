import type { supportEn } from './support-en';

/** 工单消息（platform-shell.md §5、§8；docs/support.md）。 */
export const supportZh: Record<keyof typeof supportEn, string> = {
  'support.titleLength': '标题长度必须在 3 到 255 之间',
  'support.markdownLength': '内容最多 9999 个字符',
  'support.instanceRequired': '请选择工单涉及的实例',
  'support.notifyEmailRequired': '请输入接收进度通知的邮箱地址',
  'support.tooManyFiles': '最多可以添加 {0} 个附件',
  'support.attachmentUnknown': '附件不存在，请重新上传',
  'support.typeUnknown': '请从列表中选择工单类型',
  'support.instanceUnknown': '在本组织中找不到该实例',
  'support.actionNotAllowed': '工单当前的状态不允许此操作，请刷新后查看',
  'support.issueClosed': '工单已关闭，不能再评论或修改',
  'support.notAuthor': '只有评论的作者可以修改或删除它',
  'support.deleteTaken': '技术支持已开始处理该工单，请关闭而不是删除它',
  'support.staffOnly': '仅限技术支持人员使用',
  'support.assigneeNotStaff': '工单只能分配给技术支持人员',
};
