import { describe, expect, it } from 'vitest';
import { TenantNamespace } from '../../src/region/clusters/tenant-guard';
import { tenantTmqReply, tenantTmqRequest } from '../../src/region/clusters/tmq-names';

const ns = new TenantNamespace('abc12345');

describe('TMQ names of a cluster instance', () => {
  it('names topics and groups in the namespace in every request that carries them, and nothing else', () => {
    expect(tenantTmqRequest({ group_id: 'g', client_id: 'c', topics: ['t1', 't2'], user: 'u' }, ns)).toEqual({
      group_id: 'abc12345_g',
      client_id: 'c',
      topics: ['abc12345_t1', 'abc12345_t2'],
      user: 'u',
    });
    expect(tenantTmqRequest({ topic: 't', vgroup_id: 2, offset: 5 }, ns)).toEqual({ topic: 'abc12345_t', vgroup_id: 2, offset: 5 });
    expect(tenantTmqRequest({ topic_vgroup_ids: [{ topic: 't', vgroup_id: 3 }] }, ns)).toEqual({ topic_vgroup_ids: [{ topic: 'abc12345_t', vgroup_id: 3 }] });
    expect(tenantTmqRequest({ message_id: 4, blocking_time: 100 }, ns)).toEqual({ message_id: 4, blocking_time: 100 });
  });

  it("gives answers the instance's names back, in messages too; names of others stay as they are", () => {
    const reply = { code: 0, message: '', action: 'poll', req_id: 1, topic: 'abc12345_t', database: 'abc12345_power', have_message: true };
    expect(tenantTmqReply(reply, ns)).toEqual({ ...reply, topic: 't', database: 'power' });
    expect(tenantTmqReply({ code: 0, message: '', action: 'list_topics', req_id: 2, topics: ['abc12345_a', 'zzz_b'] }, ns).topics).toEqual(['a', 'zzz_b']);
    expect(tenantTmqReply({ code: 0x4000, message: 'Topic abc12345_x not exist', action: 'subscribe', req_id: 3 }, ns).message).toBe('Topic x not exist');
  });
});
