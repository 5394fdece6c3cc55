import type { KubeObject } from './kustomize';

interface Container {
  name: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: unknown; configMapKeyRef?: unknown } }>;
  readinessProbe?: unknown;
  livenessProbe?: unknown;
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
  securityContext?: { runAsNonRoot?: boolean; allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[] } };
}
interface PodSpec {
  containers: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  volumes?: Array<{ name: string; persistentVolumeClaim?: unknown }>;
}
type Labels = Record<string, string>;

const selects = (selector: { matchLabels?: Labels } | undefined, labels: Labels | undefined) =>
  !!selector?.matchLabels && Object.entries(selector.matchLabels).every(([key, value]) => labels?.[key] === value);

/** Secret-looking settings that must come from a Secret, never a literal value. */
const SECRET_SETTING = /SECRET|PASSWORD|TOKEN|_KEY$|DATABASE_URL|SMTP_URL/;

/**
 * Our own rules for every rendered overlay (decision 025): what a platform team
 * expects of each workload, that the NetworkPolicies let through exactly the
 * calls the Deployments' *_GRPC_URL settings make, and, with the Prometheus
 * operator's component, that its PodMonitor scrapes every Deployment.
 */
export function ruleProblems(objects: KubeObject[]): string[] {
  const problems: string[] = [];
  const of = (kind: string) => objects.filter((o) => o.kind === kind);
  const deployments = of('Deployment');
  const policies = of('NetworkPolicy');

  if (!policies.some((p) => JSON.stringify((p.spec as { podSelector?: unknown }).podSelector) === '{}' && !(p.spec as { ingress?: unknown }).ingress)) {
    problems.push('no default-deny ingress NetworkPolicy (podSelector {} and no ingress rule)');
  }
  if (of('PersistentVolumeClaim').length > 0) problems.push('a PersistentVolumeClaim: the services share no volume (videos are in object storage)');

  // Which Deployment calls which: the gRPC targets in their environment (dns:///<service>:<port>).
  const callers = new Map<string, Set<string>>();
  for (const deployment of deployments) {
    for (const container of podSpec(deployment).containers) {
      for (const variable of container.env ?? []) {
        const callee = /_GRPC_URL$/.test(variable.name) ? /^dns:\/\/\/([a-z0-9-]+):\d+$/.exec(variable.value ?? '')?.[1] : undefined;
        if (callee) callers.set(callee, (callers.get(callee) ?? new Set()).add(deployment.metadata.name));
      }
    }
  }

  for (const deployment of deployments) {
    const name = `Deployment ${deployment.metadata.name}`;
    const spec = podSpec(deployment);
    const podLabels = (deployment.spec as { template: { metadata: { labels: Labels } } }).template.metadata.labels;
    if ((deployment.spec as { replicas?: number }).replicas !== undefined) problems.push(`${name}: sets replicas, which its HorizontalPodAutoscaler owns`);
    for (const container of spec.containers) {
      const where = `${name}, container ${container.name}`;
      if (!container.readinessProbe) problems.push(`${where}: no readinessProbe`);
      if (!container.livenessProbe) problems.push(`${where}: no livenessProbe`);
      for (const kind of ['requests', 'limits'] as const) {
        for (const resource of ['cpu', 'memory']) if (container.resources?.[kind]?.[resource] === undefined) problems.push(`${where}: no ${resource} ${kind}`);
      }
      const context = container.securityContext;
      if (!(context?.runAsNonRoot ?? spec.securityContext?.runAsNonRoot)) problems.push(`${where}: not runAsNonRoot`);
      if (context?.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
      if (context?.readOnlyRootFilesystem !== true) problems.push(`${where}: the root filesystem is not read-only`);
      if (!context?.capabilities?.drop?.includes('ALL')) problems.push(`${where}: capabilities are not all dropped`);
      for (const variable of container.env ?? []) {
        if (SECRET_SETTING.test(variable.name) && variable.value !== undefined)
          problems.push(`${where}: ${variable.name} is a literal; it belongs in a Secret`);
      }
    }
    if (spec.volumes?.some((v) => v.persistentVolumeClaim)) problems.push(`${name}: mounts a PersistentVolumeClaim`);
    // Prometheus finds /metrics by the pod's annotations: the health port's number, as the container declares it.
    const annotations = (deployment.spec as { template: { metadata: { annotations?: Labels } } }).template.metadata.annotations ?? {};
    const healthPort = spec.containers.flatMap((c) => c.ports ?? []).find((port) => port.name === 'health')?.containerPort;
    if (
      annotations['prometheus.io/scrape'] !== 'true' ||
      annotations['prometheus.io/path'] !== '/metrics' ||
      annotations['prometheus.io/port'] !== String(healthPort)
    ) {
      problems.push(`${name}: no prometheus.io/scrape, path /metrics and port ${String(healthPort)} (its health port) annotations`);
    }
    if (!of('PodDisruptionBudget').some((pdb) => selects((pdb.spec as { selector?: { matchLabels?: Labels } }).selector, podLabels))) {
      problems.push(`${name}: no PodDisruptionBudget selects its pods`);
    }
    if (
      !of('HorizontalPodAutoscaler').some(
        (hpa) => (hpa.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef.name === deployment.metadata.name,
      )
    ) {
      problems.push(`${name}: no HorizontalPodAutoscaler`);
    }

    // The pods' own NetworkPolicy lets in exactly their callers (or anyone, for the gateway, which nobody calls).
    const own = policies.filter((p) => selects((p.spec as { podSelector?: { matchLabels?: Labels } }).podSelector, podLabels));
    if (own.length === 0) {
      problems.push(`${name}: no NetworkPolicy of its own (the default denies it everything)`);
      continue;
    }
    const expected = [...(callers.get(deployment.metadata.name) ?? [])].sort();
    // Rules for the health port only are Prometheus's; the callers' rules are the others.
    type IngressRule = { from?: Array<{ podSelector?: { matchLabels?: Labels } }>; ports?: Array<{ port?: unknown }> };
    const isScrape = (rule: IngressRule) => !!rule.ports?.length && rule.ports.every((port) => port.port === 'health');
    const rules = own.flatMap((p) => (p.spec as { ingress?: IngressRule[] }).ingress ?? []).filter((rule) => !isScrape(rule));
    const openToAll = rules.some((rule) => !rule.from);
    const allowed = rules
      .flatMap((rule) => rule.from ?? [])
      .map(
        (peer) =>
          deployments.find((d) => selects(peer.podSelector, (d.spec as { template: { metadata: { labels: Labels } } }).template.metadata.labels))?.metadata
            .name ?? '(unknown pods)',
      )
      .sort();
    if (expected.length === 0 ? !openToAll : openToAll || JSON.stringify(allowed) !== JSON.stringify(expected)) {
      problems.push(
        `${name}: its NetworkPolicy lets in ${openToAll ? 'everyone' : allowed.join(', ') || 'nobody'}; its callers are ${expected.join(', ') || 'outside the cluster'}`,
      );
    }
  }
  problems.push(...podMonitorProblems(of('PodMonitor'), deployments));
  return problems;
}

/** With the operator's component: its PodMonitors scrape /metrics on a port every Deployment's pods name. */
function podMonitorProblems(monitors: KubeObject[], deployments: KubeObject[]): string[] {
  const problems: string[] = [];
  type Endpoint = { port?: string; path?: string };
  const endpoints = monitors.map((monitor) => ({
    name: `PodMonitor ${monitor.metadata.name}`,
    selector: (monitor.spec as { selector?: { matchLabels?: Labels } }).selector,
    endpoints: (monitor.spec as { podMetricsEndpoints?: Endpoint[] }).podMetricsEndpoints ?? [],
  }));
  for (const monitor of endpoints) {
    for (const endpoint of monitor.endpoints)
      if (endpoint.path !== '/metrics') problems.push(`${monitor.name}: scrapes ${endpoint.path ?? '/metrics (default)'}; the services serve /metrics`);
  }
  if (monitors.length === 0) return problems;
  for (const deployment of deployments) {
    const labels = (deployment.spec as { template: { metadata: { labels: Labels } } }).template.metadata.labels;
    const ports = podSpec(deployment)
      .containers.flatMap((c) => c.ports ?? [])
      .map((port) => port.name);
    const scraping = endpoints.filter((monitor) => selects(monitor.selector, labels));
    if (scraping.length === 0) problems.push(`Deployment ${deployment.metadata.name}: no PodMonitor selects its pods`);
    for (const monitor of scraping) {
      for (const endpoint of monitor.endpoints) {
        if (!endpoint.port || !ports.includes(endpoint.port))
          problems.push(`${monitor.name}: Deployment ${deployment.metadata.name} has no port named ${endpoint.port ?? '(none)'}`);
      }
    }
  }
  return problems;
}

function podSpec(deployment: KubeObject): PodSpec {
  return (deployment.spec as { template: { spec: PodSpec } }).template.spec;
}
