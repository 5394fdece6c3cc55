import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { applyOperations, componentDirectories, KustomizeError, overlayDirectories, renderKustomization, type KubeObject } from './kustomize';
import { ruleProblems } from './rules';
import { schemaProblems } from './schemas';

const k8s = resolve(__dirname, '../../../deploy/k8s');

/** An overlay of the base in a temporary folder, with these kustomization lines added. */
function overlay(lines: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'vi-overlay-'));
  writeFileSync(join(dir, 'kustomization.yaml'), `resources:\n  - ${join(k8s, 'base')}\n${lines}`);
  return dir;
}

const byName = (objects: KubeObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name)!;

describe('deploy/k8s overlays', () => {
  const overlays = overlayDirectories(k8s);

  it('has a local and a production overlay', () => {
    expect(overlays.map((dir) => dir.slice(k8s.length + 1)).sort()).toEqual(['overlays/local', 'overlays/production']);
  });

  it.each(overlays.map((dir) => [dir.slice(k8s.length + 1), dir]))('%s renders, validates against the Kubernetes API and keeps our rules', (_, dir) => {
    const objects = renderKustomization(dir);

    expect(schemaProblems(objects)).toEqual([]);
    expect(ruleProblems(objects)).toEqual([]);
    // Every object lands in the namespace, and the image is the overlay's.
    expect(objects.filter((o) => o.kind !== 'Namespace').every((o) => o.metadata.namespace === 'video-interviewing')).toBe(true);
    expect(byName(objects, 'Deployment', 'gateway')).not.toMatchObject({
      spec: { template: { spec: { containers: [{ image: 'video-interviewing/api:latest' }] } } },
    });
  });

  it.each(overlays.map((dir) => [dir.slice(k8s.length + 1), dir]))(
    '%s with the Prometheus operator component: a PodMonitor of every service and the alerts, valid against the operator schemas',
    (_, dir) => {
      expect(componentDirectories(k8s).map((c) => c.slice(k8s.length + 1))).toEqual(['components/prometheus-operator']);
      const objects = renderKustomization(join(k8s, 'components/prometheus-operator'), renderKustomization(dir));

      expect(schemaProblems(objects)).toEqual([]);
      expect(ruleProblems(objects)).toEqual([]);
      expect(objects.filter((o) => o.apiVersion === 'monitoring.coreos.com/v1').map((o) => `${o.kind} ${o.metadata.namespace}/${o.metadata.name}`)).toEqual([
        'PodMonitor video-interviewing/video-interviewing',
        'PrometheusRule video-interviewing/video-interviewing',
      ]);
      const alerts = (
        byName(objects, 'PrometheusRule', 'video-interviewing').spec as { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> }
      ).groups.flatMap((g) => g.rules);
      // The alerts docs/operations.md asks for, on the metrics the services serve.
      for (const metric of [
        'outbox_oldest_unpublished_age_seconds',
        'bus_consumer_redeliveries_total',
        'webhook_delivery_attempts_total',
        'http_requests_total{status=~"5.."}',
        'rate_limit_refusals_total',
        'transcription_tries_total',
      ]) {
        expect(alerts.some((rule) => rule.expr.includes(metric))).toBe(true);
      }
    },
  );

  it('production pins a registry image and scales the gateway from 3', () => {
    const objects = renderKustomization(join(k8s, 'overlays/production'));
    const images = objects
      .filter((o) => o.kind === 'Deployment')
      .map((d) => (d.spec as { template: { spec: { containers: Array<{ image: string }> } } }).template.spec.containers[0].image);
    // Our image pinned everywhere; coturn's official image at a pinned version.
    expect(new Set(images)).toEqual(new Set(['registry.example.com/video-interviewing/api:0.1.0', 'coturn/coturn:4.6.2']));
    expect(byName(objects, 'HorizontalPodAutoscaler', 'gateway').spec).toMatchObject({ minReplicas: 3, maxReplicas: 20 });
  });

  it('production runs coturn for live calls: UDP 3478, TLS on 443, the relay range open, and the gateway given its URLs and secret', () => {
    const objects = renderKustomization(join(k8s, 'overlays/production'));
    const ports = (byName(objects, 'Service', 'coturn').spec as { ports: Array<{ port: number; protocol: string }> }).ports.map(
      (p) => `${p.port}/${p.protocol}`,
    );
    expect(ports.sort()).toEqual(['3478/TCP', '3478/UDP', '443/TCP']);
    const ingress = (
      byName(objects, 'NetworkPolicy', 'coturn').spec as { ingress: Array<{ ports: Array<{ port: number; endPort?: number; protocol: string }> }> }
    ).ingress;
    expect(ingress.flatMap((rule) => rule.ports)).toContainEqual({ port: 49160, endPort: 49200, protocol: 'UDP' });
    const coturn = (byName(objects, 'Deployment', 'coturn').spec as { template: { spec: { containers: Array<{ args: string[]; env: unknown[] }> } } }).template
      .spec.containers[0];
    expect(coturn.args).toEqual(expect.arrayContaining(['--use-auth-secret', '--static-auth-secret=$(TURN_SECRET)', '--min-port=49160', '--max-port=49200']));
    const gatewayEnv = (byName(objects, 'Deployment', 'gateway').spec as { template: { spec: { containers: Array<{ env: Array<{ name: string }> }> } } })
      .template.spec.containers[0].env;
    for (const deployment of [gatewayEnv, coturn.env]) {
      expect(deployment).toContainEqual({ name: 'TURN_SECRET', valueFrom: { secretKeyRef: { name: 'platform-secrets', key: 'TURN_SECRET' } } });
    }
    expect(gatewayEnv).toContainEqual(expect.objectContaining({ name: 'TURN_URLS', value: expect.stringContaining('turns:turn.example.com:443') }));
  });

  it("runs transcription off in every overlay, with /tmp to write media to, and on with the README's patch to an in-cluster engine", () => {
    for (const dir of overlays) {
      const objects = renderKustomization(dir);
      expect((byName(objects, 'ConfigMap', 'transcription-config').data as Record<string, string>).TRANSCRIPTION_URL).toBe('');
      const pod = (
        byName(objects, 'Deployment', 'transcription').spec as { template: { spec: { containers: Array<{ env: unknown[]; volumeMounts: unknown[] }> } } }
      ).template.spec;
      expect(pod.containers[0].volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
      expect(pod.containers[0].env).toContainEqual({
        name: 'TRANSCRIPTION_API_KEY',
        valueFrom: { secretKeyRef: { name: 'platform-secrets', key: 'TRANSCRIPTION_API_KEY', optional: true } },
      });
    }
    const dir = overlay(
      'patches:\n  - target:\n      kind: ConfigMap\n      name: transcription-config\n    patch: |-\n' +
        '      - op: replace\n        path: /data/TRANSCRIPTION_URL\n        value: "http://speaches.speech.svc.cluster.local:8000"\n',
    );
    try {
      const objects = renderKustomization(dir);
      expect(ruleProblems(objects)).toEqual([]);
      expect((byName(objects, 'ConfigMap', 'transcription-config').data as Record<string, string>).TRANSCRIPTION_URL).toBe(
        'http://speaches.speech.svc.cluster.local:8000',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("production's coturn relays to no address inside a cluster or a provider's network, and to public ones", () => {
    const objects = renderKustomization(join(k8s, 'overlays/production'));
    const args = (byName(objects, 'Deployment', 'coturn').spec as { template: { spec: { containers: Array<{ args: string[] }> } } }).template.spec.containers[0]
      .args;
    // coturn's `--denied-peer-ip=<first>-<last>`, compared as numbers of the same family.
    const value = (address: string) =>
      ipaddr
        .parse(address)
        .toByteArray()
        .reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
    const denied = args
      .filter((arg) => arg.startsWith('--denied-peer-ip='))
      .map((arg) => arg.slice('--denied-peer-ip='.length).split(/-(?=[^-]*$)/))
      .map(([first, last]) => ({ kind: ipaddr.parse(first).kind(), first: value(first), last: value(last) }));
    const isDenied = (address: string) =>
      denied.some((range) => range.kind === ipaddr.parse(address).kind() && range.first <= value(address) && value(address) <= range.last);
    const inside = ['10.1.2.3', '172.16.0.1', '172.31.255.254', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254', '0.0.0.0'];
    const inside6 = ['fc00::1', 'fd12:3456:789a::1', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe80::1', 'febf:ffff::1'];
    const outside = ['8.8.8.8', '100.63.255.255', '100.128.0.1', '172.32.0.1', '2001:4860:4860::8888', 'fec0::1', 'fbff::1'];
    expect([...inside, ...inside6].filter((address) => !isDenied(address))).toEqual([]);
    expect(outside.filter(isDenied)).toEqual([]);
    expect(args).not.toContain('--allow-loopback-peers');
  });
});

describe('the checks fail on', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const render = (lines: string) => {
    const dir = overlay(lines);
    dirs.push(dir);
    return renderKustomization(dir);
  };
  const patch = (kind: string, name: string, operations: string) =>
    `patches:\n  - target:\n      kind: ${kind}\n      name: ${name}\n    patch: |-\n${operations.replace(/^/gm, '      ')}\n`;

  it('a field the Kubernetes API does not have, and a value of the wrong type', () => {
    const misspelt = render(patch('Deployment', 'jobs', '- op: add\n  path: /spec/template/spec/containers/0/imagePullPolicyy\n  value: Always'));
    expect(schemaProblems(misspelt)).toEqual([expect.stringMatching(/^Deployment jobs: .*'"imagePullPolicyy"' does not exist in type 'IContainer'/)]);

    const mistyped = render(patch('Service', 'jobs', '- op: replace\n  path: /spec/ports/0/port\n  value: fifty'));
    expect(schemaProblems(mistyped)).toContainEqual(expect.stringMatching(/^Service jobs: .*port must be integer/));
  });

  it('a container without a probe, limits or a non-root, read-only context', () => {
    const objects = render(
      patch(
        'Deployment',
        'sharing',
        [
          '- op: remove\n  path: /spec/template/spec/containers/0/livenessProbe',
          '- op: remove\n  path: /spec/template/spec/containers/0/resources/limits',
          '- op: remove\n  path: /spec/template/spec/securityContext/runAsNonRoot',
          '- op: replace\n  path: /spec/template/spec/containers/0/securityContext/readOnlyRootFilesystem\n  value: false',
        ].join('\n'),
      ),
    );
    expect(ruleProblems(objects)).toEqual([
      'Deployment sharing, container sharing: no livenessProbe',
      'Deployment sharing, container sharing: no cpu limits',
      'Deployment sharing, container sharing: no memory limits',
      'Deployment sharing, container sharing: not runAsNonRoot',
      'Deployment sharing, container sharing: the root filesystem is not read-only',
    ]);
  });

  it('a Deployment whose pods no PodDisruptionBudget selects, and one that sets its own replicas', () => {
    const objects = render(
      patch('PodDisruptionBudget', 'jobs', '- op: replace\n  path: /spec/selector/matchLabels/app.kubernetes.io~1name\n  value: job') +
        patch('Deployment', 'jobs', '- op: add\n  path: /spec/replicas\n  value: 3').replace('patches:\n', ''),
    );
    expect(ruleProblems(objects)).toEqual([
      'Deployment jobs: sets replicas, which its HorizontalPodAutoscaler owns',
      'Deployment jobs: no PodDisruptionBudget selects its pods',
    ]);
  });

  it('a Deployment Prometheus would not scrape on its health port', () => {
    const objects = render(patch('Deployment', 'jobs', '- op: replace\n  path: /spec/template/metadata/annotations/prometheus.io~1port\n  value: "50052"'));
    expect(ruleProblems(objects)).toEqual(['Deployment jobs: no prometheus.io/scrape, path /metrics and port 9102 (its health port) annotations']);
  });

  it('a NetworkPolicy that does not let in exactly the services that call', () => {
    // jobs is called by the gateway, interviews, evaluations and assessments (their JOBS_GRPC_URL).
    const objects = render(patch('NetworkPolicy', 'jobs', '- op: remove\n  path: /spec/ingress/0/from/1'));
    expect(ruleProblems(objects)).toEqual([
      'Deployment jobs: its NetworkPolicy lets in assessments, evaluations, gateway; its callers are assessments, evaluations, gateway, interviews',
    ]);
  });

  it('a secret setting written into a manifest', () => {
    const objects = render(
      patch('Deployment', 'interviews', '- op: add\n  path: /spec/template/spec/containers/0/env/-\n  value: {name: S3_SECRET_ACCESS_KEY, value: hunter2}'),
    );
    expect(ruleProblems(objects)).toContainEqual('Deployment interviews, container interviews: S3_SECRET_ACCESS_KEY is a literal; it belongs in a Secret');
  });

  it('a PodMonitor with a field or a value its schema does not have, or that misses a Deployment', () => {
    const withComponent = (lines: string) => render(`components:\n  - ${join(k8s, 'components/prometheus-operator')}\n${lines}`);
    const misspelt = withComponent(patch('PodMonitor', 'video-interviewing', '- op: add\n  path: /spec/podMetricsEndpoints/0/intervall\n  value: 30s'));
    expect(schemaProblems(misspelt)).toEqual([expect.stringMatching(/^PodMonitor video-interviewing: .*'"intervall"' does not exist/)]);
    const mistyped = withComponent(patch('PodMonitor', 'video-interviewing', '- op: replace\n  path: /spec/podMetricsEndpoints\n  value: {port: health}'));
    expect(schemaProblems(mistyped)).toContainEqual(expect.stringMatching(/^PodMonitor video-interviewing: .*podMetricsEndpoints must be array/));

    const narrowed = withComponent(
      patch('PodMonitor', 'video-interviewing', '- op: add\n  path: /spec/selector/matchLabels/app.kubernetes.io~1name\n  value: gateway'),
    );
    expect(ruleProblems(narrowed)).toEqual(
      ['identity', 'jobs', 'interviews', 'sharing', 'evaluations', 'assessments', 'transcription', 'notifications'].map(
        (d) => `Deployment ${d}: no PodMonitor selects its pods`,
      ),
    );
    const renamed = withComponent(patch('PodMonitor', 'video-interviewing', '- op: replace\n  path: /spec/podMetricsEndpoints/0/port\n  value: metrics'));
    expect(ruleProblems(renamed)).toContainEqual('PodMonitor video-interviewing: Deployment gateway has no port named metrics');
  });

  it('a component listed as a resource, or a kustomization listed as a component', () => {
    expect(() => render(`  - ${join(k8s, 'components/prometheus-operator')}\n`)).toThrow(/a Component goes under components:/);
    expect(() => render(`components:\n  - ${join(k8s, 'overlays/local')}\n`)).toThrow(/only a Component goes under components:/);
  });

  it('kustomize features the renderer does not implement (rather than ignoring them)', () => {
    expect(() => render('commonLabels:\n  team: video\n')).toThrow(KustomizeError);
    expect(() => render('commonLabels:\n  team: video\n')).toThrow(/unsupported kustomization fields commonLabels/);
    expect(() => render('patches:\n  - target:\n      kind: Deployment\n      name: jobs\n    patch: |-\n      spec:\n        replicas: 3\n')).toThrow(
      /JSON 6902/,
    );
  });
});

describe('JSON 6902 operations', () => {
  it('add, replace, remove and test, with escaped keys and appends', () => {
    const sut = applyOperations({ a: { 'b/c': 1, list: [1, 2] } }, [
      { op: 'test', path: '/a/b~1c', value: 1 },
      { op: 'replace', path: '/a/b~1c', value: 2 },
      { op: 'add', path: '/a/list/-', value: 3 },
      { op: 'add', path: '/a/list/0', value: 0 },
      { op: 'remove', path: '/a/list/1' },
      { op: 'add', path: '/a/new', value: { x: true } },
    ]);
    expect(sut).toEqual({ a: { 'b/c': 2, list: [0, 2, 3], new: { x: true } } });
  });

  it('refuses to replace or remove what is not there', () => {
    expect(() => applyOperations({ a: {} }, [{ op: 'replace', path: '/a/b', value: 1 }])).toThrow(/no such path/);
    expect(() => applyOperations({ a: {} }, [{ op: 'remove', path: '/x/y' }])).toThrow(/no such path/);
  });
});
