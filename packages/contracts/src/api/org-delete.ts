/**
 * GET /api/org/remove/{id}/check: whether the organization can be deleted now, and why not (a message key of the
 * catalogue). The delete itself checks the same rule before it asks for the second factor (issue 14 item 13).
 */
export interface OrgDeleteCheck {
  deletable: boolean;
  /** 'error.ownerOnly' or 'error.orgHasInstances' (an instance or arrears left), null when deletable. */
  reason: string | null;
}
