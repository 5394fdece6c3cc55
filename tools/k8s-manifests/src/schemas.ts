import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import type { KubeObject } from './kustomize';

/**
 * The models' module of an apiVersion: `apps/v1` → `kubernetes-models/apps/v1`, `v1` → `kubernetes-models/v1`;
 * the Prometheus operator's kinds (PodMonitor, PrometheusRule) from @kubernetes-models/prometheus-operator,
 * generated from that operator's CRDs by the same project. Any other group is not a known API.
 */
const modelModule = (apiVersion: string) =>
  apiVersion.startsWith('monitoring.coreos.com/') ? `@kubernetes-models/prometheus-operator/${apiVersion}` : `kubernetes-models/${apiVersion}`;
const describe = (object: KubeObject) => `${object.kind} ${object.metadata?.name ?? '(no name)'}`;

/**
 * Checks each object against the Kubernetes 1.34 API as kubernetes-models
 * carries it (the Prometheus operator's CRDs for their kinds), twice: its validators (required fields, types, formats), and
 * TypeScript's excess-property check on the object as a literal of the
 * model's interface, because those validators let unknown fields through and
 * an unknown field is a typo the API server would drop or refuse.
 */
export function schemaProblems(objects: KubeObject[]): string[] {
  const input = JSON.stringify(objects.map((object) => ({ object, module: modelModule(object.apiVersion) })));
  const output = execFileSync(process.execPath, [join(__dirname, 'validate-models.mjs')], { input, encoding: 'utf8' });
  return [...(JSON.parse(output) as string[]), ...unknownFieldProblems(objects)];
}

function unknownFieldProblems(objects: KubeObject[]): string[] {
  if (objects.length === 0) return [];
  const imports = [...new Set(objects.map((o) => `import type { I${o.kind} as ${alias(o)} } from '${modelModule(o.apiVersion)}';`))];
  const lines = objects.map((o, i) => `export const object${i}: ${alias(o)} = ${JSON.stringify(o)};`);
  const source = [...imports, ...lines].join('\n');
  // An ES module beside this file, so that kubernetes-models (ESM only) resolves from our node_modules.
  const fileName = join(dirname(__filename), '__manifests__.mts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.getSourceFile = (name, version) => (name === fileName ? ts.createSourceFile(name, source, version) : getSourceFile(name, version));
  const program = ts.createProgram([fileName], options, host);
  const file = program.getSourceFile(fileName)!;
  return ts.getPreEmitDiagnostics(program, file).map((diagnostic) => {
    const line = diagnostic.start === undefined ? -1 : file.getLineAndCharacterOfPosition(diagnostic.start).line - imports.length;
    const object = objects[line];
    return `${object ? describe(object) : 'manifests'}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

const alias = (object: KubeObject) => `${object.kind}_${object.apiVersion.replace(/[^a-zA-Z0-9]/g, '_')}`;
