import { randomInt } from 'node:crypto';

/**
 * An instance's namespace on a shared TDengine cluster (docs/clusters.md, decision 3): everything the instance owns
 * on the cluster — databases, topics, streams, engine users — is named `<ns>_<name>`, and the user never sees the
 * prefix. `ns` is made once at create: a letter then seven letters or digits, so a prefixed name stays a plain name.
 */
export class TenantNamespace {
  readonly prefix: string;

  constructor(readonly id: string) {
    if (!/^[a-z][a-z0-9]{7}$/.test(id)) throw new Error(`not a namespace id: ${id}`);
    this.prefix = `${id}_`;
  }

  /** The cluster's name of the instance's `name`. */
  own(name: string): string {
    return this.prefix + name;
  }

  /** Whether a cluster name is the instance's. */
  owns(clusterName: string): boolean {
    return clusterName.startsWith(this.prefix) && clusterName.length > this.prefix.length;
  }

  /** The instance's name of a cluster name it owns; any other name as it is. */
  strip(clusterName: string): string {
    return this.owns(clusterName) ? clusterName.slice(this.prefix.length) : clusterName;
  }

  /**
   * Text the cluster wrote (an error message, a SHOW CREATE statement, a stream's SQL) with the prefix taken off
   * every name that starts with it. A name starts after a character that cannot be inside a name.
   */
  stripText(text: string): string {
    return text.replace(new RegExp(`(^|[^A-Za-z0-9_])${this.prefix}(?=[A-Za-z0-9_])`, 'g'), '$1');
  }
}

/** A namespace id: a letter, then seven base-36 characters (about 2^38 ids; made once per instance). */
export function newNamespaceId(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const chars = `${letters}0123456789`;
  let id = letters[randomInt(letters.length)];
  for (let i = 0; i < 7; i++) id += chars[randomInt(chars.length)];
  return id;
}
