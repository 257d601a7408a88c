import { Fragment } from 'react';
import { closeDialog, useCurrentDialog } from './dialogManager';

/** Renders the one open global dialog. */
export function DialogHost() {
  const dialog = useCurrentDialog();
  if (!dialog) return null;
  return <Fragment key={dialog.id}>{dialog.render(() => closeDialog(dialog.id))}</Fragment>;
}
