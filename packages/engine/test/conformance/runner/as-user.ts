/** The Basic Authorization header a statement is sent with: its `@user`, or root with the default password. */
import type { CaseUser } from './case-file';

/** The corpus was recorded as root with the default password (README: user `root`). */
export const ROOT_USER: CaseUser = { name: 'root', password: 'taosdata' };

export function basicAuthorization(user: CaseUser = ROOT_USER): string {
  return `Basic ${Buffer.from(`${user.name}:${user.password}`).toString('base64')}`;
}
