/**
 * A LAN for the tests and benchmarks that exercise LAN mode, without the machine's own network:
 * no request of theirs ever goes to the machine's LAN address.
 *
 * - As root: a network namespace of its own with a veth pair, in 198.18.0.0/15 (the range set
 *   aside for benchmarking networks). `serve` runs inside the namespace on its end of the pair;
 *   the clients, in this process and its children, reach it from the other end: another machine,
 *   as far as the counter can tell. Removed again by close().
 * - Otherwise: a loopback alias. `serve` listens on 127.0.0.2, which it treats as a LAN address
 *   only because TICKET_COUNTER_TEST_LAN_HOST names it (a setting for tests alone), and the
 *   clients connect from 127.0.0.3, which is not this machine's 127.0.0.1.
 *
 * TICKET_COUNTER_TEST_LAN=alias asks for the loopback alias even as root.
 */
import { execFileSync } from 'node:child_process';

export interface TestLan {
  kind: 'network namespace' | 'loopback alias';
  /** Where serve listens (its listenHost). */
  serveHost: string;
  /** The address clients connect from; undefined: whatever the route gives (the namespace's peer end). */
  clientAddress: string | undefined;
  /** What serve's command line is run under (the namespace), and the environment it adds. */
  wrap: string[];
  env: Record<string, string>;
  /** Why the namespace could not be had, when it could not. */
  note?: string;
  close(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

/** A /30 of 198.18.0.0/15 for this process: its .1 for the clients, its .2 for serve. */
function subnetOf(pid: number): [string, string] {
  const base = (198 << 24) + (18 << 16) + (pid % 32_768) * 4;
  const dotted = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
  return [dotted(base + 1), dotted(base + 2)];
}

function networkNamespace(): TestLan {
  const name = `tc-lan-${process.pid}`;
  const [outside, inside] = [`tcl${process.pid}a`, `tcl${process.pid}b`];
  const [clientAddress, serveHost] = subnetOf(process.pid);
  // Whatever of it was made: deleting the namespace deletes the pair, unless its end was never moved in.
  const close = () => {
    if (ip('netns', 'list').toString().split('\n').some((line) => line.split(' ')[0] === name)) ip('netns', 'del', name);
    if (ip('link', 'show').toString().includes(` ${outside}@`)) ip('link', 'del', outside);
  };
  try {
    ip('netns', 'add', name);
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', name);
    ip('addr', 'add', `${clientAddress}/30`, 'dev', outside);
    ip('link', 'set', outside, 'up');
    ip('netns', 'exec', name, 'ip', 'addr', 'add', `${serveHost}/30`, 'dev', inside);
    ip('netns', 'exec', name, 'ip', 'link', 'set', inside, 'up');
    ip('netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up');
  } catch (error) {
    close();
    throw error;
  }
  return { kind: 'network namespace', serveHost, clientAddress: undefined, wrap: ['ip', 'netns', 'exec', name], env: {}, close };
}

const loopbackAlias = (note?: string): TestLan => ({
  kind: 'loopback alias',
  serveHost: '127.0.0.2',
  clientAddress: '127.0.0.3',
  wrap: [],
  env: { TICKET_COUNTER_TEST_LAN_HOST: '127.0.0.2' },
  note,
  close: () => undefined,
});

/** The network namespace where it can be had (root, iproute2), else the loopback alias, saying why. */
export function createTestLan(): TestLan {
  if (process.env.TICKET_COUNTER_TEST_LAN === 'alias') return loopbackAlias('TICKET_COUNTER_TEST_LAN=alias');
  if (process.getuid?.() !== 0) return loopbackAlias('a network namespace needs root');
  try {
    return networkNamespace();
  } catch (error) {
    return loopbackAlias(`no network namespace: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`);
  }
}
