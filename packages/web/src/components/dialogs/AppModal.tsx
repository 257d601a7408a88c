import { Modal, type ModalProps } from 'antd';

/** Every dialog of the app: not closable by clicking outside (platform-shell.md §2). */
export function AppModal(props: ModalProps) {
  return <Modal centered destroyOnHidden {...props} mask={{ closable: false }} />;
}
