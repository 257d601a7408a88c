import { describe, expect, it } from 'vitest';
import { CONNECTOR_IDS, chooseAuthentication, connectorDefinition, fromExpandOf, subjectParamName, valuesOfFromExpand, type TaskValues } from '../../src';

/** §3 from_expand ⇄ the form's flat values, and §4's auth choice from a saved task. */
describe('task shape (from_expand)', () => {
  it('names the subject param of every connector that has one', () => {
    const subjects = Object.fromEntries(CONNECTOR_IDS.map((id) => [id, subjectParamName(connectorDefinition(id)!)]));
    expect(subjects).toMatchObject({ tmq: 'topic', influxdb: 'bucket', mongodb: 'collection', mysql: 'database', taos: 'database', opcua: 'endpoint', mqtt: undefined, csv: undefined });
  });

  it('puts the connection on top and the rest in params, and reads it back', () => {
    const mqtt = connectorDefinition('mqtt')!;
    const values: TaskValues = { host: 'broker', port: '1883', protocol: 'mqtts', username: 'u', password: 'p', client_id: 'c', topics: 'a::1', clean_session: false };
    const expand = fromExpandOf(mqtt, values, 'task-1');
    expect(expand).toEqual({
      id: 'task-1',
      host: 'broker',
      port: 1883,
      subject: undefined,
      protocol: 'mqtts',
      username: 'u',
      password: 'p',
      params: { client_id: 'c', topics: 'a::1', clean_session: false },
    });
    expect(valuesOfFromExpand(mqtt, expand)).toEqual({ ...values, port: 1883 });

    const influx = connectorDefinition('influxdb')!;
    const saved = fromExpandOf(influx, { host: 'i', port: 8086, bucket: 'metrics', auth: '2.x', org: 'o', token: 't' });
    expect(saved).toMatchObject({ subject: 'metrics', params: { auth: '2.x', org: 'o', token: 't' } });
    expect(valuesOfFromExpand(influx, saved)).toMatchObject({ bucket: 'metrics', org: 'o' });
  });

  it('§4: a saved task with username and password opens on plain, one with auth_certificate on certificates', () => {
    const mqtt = connectorDefinition('mqtt')!;
    const withPassword = valuesOfFromExpand(mqtt, { host: 'b', port: 1883, username: 'u', password: 'p', params: {} });
    expect(chooseAuthentication(mqtt, withPassword)!.kind).toBe('plain');
    const withCertificate = valuesOfFromExpand(mqtt, { host: 'b', port: 1883, params: { auth_certificate: 'client.pem', auth_key: 'client.key' } });
    expect(chooseAuthentication(mqtt, withCertificate)!.kind).toBe('certificates');
  });
});
