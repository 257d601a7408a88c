import { queryClient } from '../queryClient';
import { instanceKeys } from './keys';

/** After a change to instances: the lists and statuses are read again (the list page's poll then follows it). */
export function refreshInstances(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: instanceKeys.all });
}
