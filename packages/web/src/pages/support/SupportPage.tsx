import { IssueList } from './IssueList';

/** /support (Ticket in the side menu): the organization's support issues. */
export default function SupportPage() {
  return <IssueList />;
}
