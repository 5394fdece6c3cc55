import { spawn, type ChildProcess } from 'node:child_process';
import { portVariables, SERVICE_PORTS, upstreamVariable, type ServiceName as GrpcServiceName } from '@vi/platform-config';
import type { ServiceName } from './build-services';

/** The gateway's ports and their variables; the services' come from @vi/platform-config (SERVICE_PORTS). */
const GATEWAY = { ports: { serve: 8080, health: 9100 }, variables: { serve: 'GATEWAY_PORT', health: 'GATEWAY_HEALTH_PORT' } };

/** Where one service's replicas listen: replica r adds 10·r to each base port (gateway HTTP: r). */
function basePorts(service: ServiceName): { serve: number; health: number } {
  return service === 'gateway' ? GATEWAY.ports : { serve: SERVICE_PORTS[service].grpc, health: SERVICE_PORTS[service].health };
}

function portVariablesOf(service: ServiceName): { serve: string; health: string } {
  if (service === 'gateway') return GATEWAY.variables;
  const variables = portVariables(service);
  return { serve: variables.grpc, health: variables.health };
}

/** Secrets each service alone reads (docs/configuration.md): no process gets another's. */
const OWN_SECRETS: Record<string, ServiceName> = {
  API_KEY_HASH_SECRET: 'identity',
  API_KEY_ENCRYPTION_KEY: 'identity',
  CANDIDATE_TOKEN_SECRET: 'interviews',
  SHARE_LINK_SECRET: 'sharing',
  NOTIFICATIONS_ENCRYPTION_KEY: 'notifications',
  ASSESSMENTS_ENCRYPTION_KEY: 'assessments',
  TRANSCRIPTION_API_KEY: 'transcription',
};

export interface ReplicaPorts {
  serve: number;
  health: number;
}

/** `offset` moves every port (another system already on this machine's standard ports). */
export function replicaPorts(service: ServiceName, replica: number, offset = 0): ReplicaPorts {
  const base = basePorts(service);
  return { serve: offset + base.serve + (service === 'gateway' ? replica : 10 * replica), health: offset + base.health + 10 * replica };
}

/**
 * The gRPC targets of every replica of each service: `ipv4:a,b` is one grpc-js channel over all of them, which
 * the clients' round_robin policy spreads calls across (as `dns:///` does in Kubernetes).
 */
export function upstreamUrls(replicas: Record<ServiceName, number>, portOffset = 0): NodeJS.ProcessEnv {
  const urls: NodeJS.ProcessEnv = {};
  for (const service of Object.keys(SERVICE_PORTS) as GrpcServiceName[]) {
    const variable = upstreamVariable(service);
    const addresses = Array.from({ length: replicas[service] }, (_, r) => `127.0.0.1:${replicaPorts(service, r, portOffset).serve}`);
    urls[variable] = addresses.length === 1 ? addresses[0] : `ipv4:${addresses.join(',')}`;
  }
  return urls;
}

/** One replica's environment: the shared one, its own ports, and only its own secrets (bootstrap: identity's first replica). */
export function replicaEnv(service: ServiceName, replica: number, shared: NodeJS.ProcessEnv, portOffset = 0): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(shared)) {
    const owner = OWN_SECRETS[name];
    if (owner && owner !== service) continue;
    if (name.startsWith('BOOTSTRAP_') && (service !== 'identity' || replica > 0)) continue;
    env[name] = value;
  }
  const ports = replicaPorts(service, replica, portOffset);
  const variables = portVariablesOf(service);
  env[variables.serve] = String(ports.serve);
  env[variables.health] = String(ports.health);
  return env;
}

export interface ServiceProcess {
  service: ServiceName;
  replica: number;
  ports: ReplicaPorts;
  child: ChildProcess;
  /** Milliseconds from spawn to its first 200 on /readyz. */
  readyMs?: number;
}

/**
 * Node options every compiled service runs with, here and in the container image (deploy/Dockerfile's
 * NODE_OPTIONS; a spec keeps the two the same). A larger young generation: a service answering pages of 50 items
 * allocates fast, and with V8's default 16 MB semi-spaces the scavenges promote short-lived buffers, so the old
 * generation fills and full collections take a fifth of the gateway's time (decision 023).
 */
export const SERVICE_NODE_OPTIONS = ['--max-semi-space-size=32'];

/**
 * Starts one replica in a process group of its own (so Ctrl-C at the terminal reaches only the runner, which stops
 * the services in order) and waits until its /readyz answers 200.
 */
export async function startReplica(
  service: ServiceName,
  replica: number,
  command: { file: string; nodeArgs: string[]; portOffset: number },
  env: NodeJS.ProcessEnv,
  readyTimeoutMs = 60_000,
): Promise<ServiceProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVICE_NODE_OPTIONS, ...command.nodeArgs, command.file], { env, stdio: 'inherit', detached: true });
  const running: ServiceProcess = { service, replica, ports: replicaPorts(service, replica, command.portOffset), child };
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`${service} (replica ${replica}) exited before it was ready (${signal ?? `code ${code}`})`))),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (await isReady(running.ports.health)) {
      running.readyMs = Math.round(performance.now() - started);
      return running;
    }
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 25)), exited]);
  }
  child.kill('SIGKILL');
  throw new Error(`${service} (replica ${replica}) was not ready within ${readyTimeoutMs / 1000} s`);
}

async function isReady(healthPort: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${healthPort}/readyz`, { signal: AbortSignal.timeout(1_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

/** SIGTERM (the service drains and exits), then SIGKILL after the grace period. */
export async function stopReplica(running: ServiceProcess, graceMs = 30_000): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
