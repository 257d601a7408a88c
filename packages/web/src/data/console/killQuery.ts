import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteText } from '@tscloud/contracts/sql';
import type { InstanceRef } from '../instances/control';
import { sqlCall } from '../sql/run';
import { consoleKeys } from './keys';

/** KILL QUERY 'id' as the member (the engine lets a user stop their own queries); the running list is read again. */
export async function killQuery(instance: InstanceRef, killId: string): Promise<void> {
  await sqlCall(instance, `KILL QUERY ${quoteText(killId)}`);
}

export function useKillQuery(instance: InstanceRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (killId: string) => killQuery(instance, killId),
    onSettled: () => client.invalidateQueries({ queryKey: consoleKeys.runningQueries(instance.id) }),
  });
}
