import { readFileSync } from 'node:fs';
import type { Command, Print } from '../../ops/commands';
import type { ClusterRow, ClusterState } from '../../store/schema';
import { secretBox } from '../../secrets/secret-box';
import { checkCluster } from './cluster-check';
import { featuresOf } from './cluster-features';
import {
  addCluster,
  clusterInputProblems,
  clusterInstanceCount,
  clusterTarget,
  findClusterByName,
  listClusters,
  recordCheck,
  removeCluster,
  setClusterState,
} from './cluster-repo';

/**
 * `npm run ops -- cluster …`: the TDengine clusters a region's instances can live on (issue 23; docs/clusters.md).
 * The superuser password is never an argument (it would stay in the shell's history and in `ps`): it is read from
 * the file named by `--password-file`, or from TSCLOUD_CLUSTER_PASSWORD.
 */

/** `--flag value` pairs and the words left. */
function flags(args: string[]): { words: string[]; options: Map<string, string> } {
  const words: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    if (args[i].startsWith('--')) options.set(args[i].slice(2), args[++i] ?? '');
    else words.push(args[i]);
  }
  return { words, options };
}

function passwordFrom(options: Map<string, string>): string {
  const file = options.get('password-file');
  if (file) return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  return process.env.TSCLOUD_CLUSTER_PASSWORD ?? '';
}

async function clusterNamed(deps: Parameters<Command['run']>[0], name: string | undefined): Promise<ClusterRow> {
  const row = name ? await findClusterByName(deps.store.db, name) : null;
  if (!row) throw new Error(`no cluster ${name ?? ''}`);
  return row;
}

function describe(row: ClusterRow, instanceCount: number, print: Print): void {
  const features = row.serverVersion ? featuresOf(row.serverVersion) : null;
  const streams = features ? (features.streamModel === 'triggers' ? 'streams: 3.3.7 trigger model' : 'streams: classic') : 'features: not checked';
  print(`${row.name}  region ${row.regionId}  ${row.restUrl}  ${row.state}  ${instanceCount}/${row.maxInstances} instances`);
  print(`  ${row.health}${row.healthDetail ? `: ${row.healthDetail}` : ''}; version ${row.serverVersion ?? 'unknown'}; ${streams}`);
}

/** `cluster drain|activate <name>`: the cluster's state, printed. */
function stateCommand(verb: string, state: ClusterState, help: string): Command {
  return {
    usage: `cluster ${verb} <name>`,
    help,
    run: async (deps, [name], print) => {
      const row = await clusterNamed(deps, name);
      await setClusterState(deps.store.db, row.id, state);
      print(`${row.name}: ${state}`);
    },
  };
}

export const CLUSTER_COMMANDS: Record<string, Command> = {
  'cluster add': {
    usage: 'cluster add <name> <region> <REST URL> <superuser> [--max-instances N] [--password-file F]  (or TSCLOUD_CLUSTER_PASSWORD)',
    help: "register a TDengine 3.x cluster (its taosAdapter's REST endpoint) as a region's backend; it is checked first",
    run: async (deps, args, print) => {
      const { words, options } = flags(args);
      const [name, regionId, restUrl, adminUser] = words;
      const input = { name: name ?? '', regionId: regionId ?? '', restUrl: restUrl ?? '', adminUser: adminUser ?? '', adminPassword: passwordFrom(options), maxInstances: Number(options.get('max-instances') ?? 100) };
      const problems = clusterInputProblems(input);
      if (problems.length) throw new Error(`cannot add the cluster: ${problems.join('; ')}`);
      if (await findClusterByName(deps.store.db, input.name)) throw new Error(`a cluster named ${input.name} exists already`);
      const url = input.restUrl.replace(/\/+$/, '');
      const check = await checkCluster(clusterTarget({ id: '', restUrl: url, adminUser: input.adminUser, adminPassword: input.adminPassword }));
      // A cluster that does not answer, refuses the superuser or is not TDengine 3.x is not stored.
      if (check.health === 'unreachable') throw new Error(`cannot add the cluster: ${check.detail}`);
      if (!featuresOf(check.serverVersion ?? '').supported) throw new Error(`cannot add the cluster: version ${check.serverVersion} is not TDengine 3.x`);
      const row = await addCluster(deps.store.db, secretBox(deps.config.secrets), deps.clock.now(), input, check);
      print(`added cluster ${row.name} (${row.id})`);
      describe(row, 0, print);
    },
  },
  'cluster list': {
    usage: 'cluster list',
    help: 'list the registered TDengine clusters with their last check',
    run: async (deps, _args, print) => {
      const rows = await listClusters(deps.store.db);
      if (rows.length === 0) return print('(none)');
      for (const row of rows) describe(row, await clusterInstanceCount(deps.store.db, row.id), print);
    },
  },
  'cluster check': {
    usage: 'cluster check [name]',
    help: "ask a cluster (every one when none is named) for its version, dnodes and mnodes, and store the verdict",
    run: async (deps, [name], print) => {
      const rows = name ? [await clusterNamed(deps, name)] : await listClusters(deps.store.db);
      if (rows.length === 0) return print('(none)');
      for (const row of rows) {
        const check = await checkCluster(clusterTarget(row));
        await recordCheck(deps.store.db, row.id, deps.clock.now(), check);
        describe({ ...row, health: check.health, healthDetail: check.detail, serverVersion: check.serverVersion ?? row.serverVersion }, await clusterInstanceCount(deps.store.db, row.id), print);
        for (const d of check.dnodes) print(`  dnode ${d.id} ${d.endpoint} ${d.status}`);
        for (const m of check.mnodes) print(`  mnode ${m.id} ${m.endpoint} ${m.role} ${m.status}`);
      }
    },
  },
  'cluster drain': stateCommand('drain', 'draining', 'take no new instance on the cluster (its instances stay)'),
  'cluster activate': stateCommand('activate', 'active', 'take new instances on the cluster again'),
  'cluster remove': {
    usage: 'cluster remove <name>',
    help: 'forget a cluster that holds no instance',
    run: async (deps, [name], print) => {
      const row = await clusterNamed(deps, name);
      if (!(await removeCluster(deps.store.db, row.id))) throw new Error(`${row.name} holds ${await clusterInstanceCount(deps.store.db, row.id)} instances: delete or move them first`);
      print(`removed ${row.name}`);
    },
  },
};
