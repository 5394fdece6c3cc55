import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
}

/**
 * The part of kustomize our overlays use, rendered without kubectl (which does
 * not install from npm): `resources` (files and folders), `components`,
 * `namespace`, `images` and `patches` made of JSON 6902 operations aimed by
 * kind and name. Any other field is refused rather than ignored, so what CI
 * checks is what `kubectl kustomize` renders (decision 025).
 *
 * A component (`kind: Component`, kustomize.config.k8s.io/v1alpha1) is
 * rendered as kustomize does: onto the objects of the kustomization that lists
 * it, after that one's resources and before its own patches, images and
 * namespace.
 */
const SUPPORTED = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'components', 'images', 'patches']);
const COMPONENT_API = 'kustomize.config.k8s.io/v1alpha1';
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PriorityClass', 'StorageClass']);

export class KustomizeError extends Error {}

/** Renders the kustomization in `dir`; a component is rendered onto `onto`, the objects of the one that lists it. */
export function renderKustomization(dir: string, onto?: KubeObject[]): KubeObject[] {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new KustomizeError(`${dir}: no kustomization.yaml`);
  const where = relative(process.cwd(), file);
  const spec = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const unsupported = Object.keys(spec).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0) throw new KustomizeError(`${where}: unsupported kustomization fields ${unsupported.join(', ')} (decision 025)`);
  const isComponent = spec.kind === 'Component';
  if (isComponent && spec.apiVersion !== COMPONENT_API) throw new KustomizeError(`${where}: a Component is ${COMPONENT_API}`);
  if (isComponent !== (onto !== undefined))
    throw new KustomizeError(`${where}: ${isComponent ? 'a Component goes under components:, not resources:' : 'only a Component goes under components:'}`);

  let objects: KubeObject[] = onto ? [...onto] : [];
  for (const entry of (spec.resources as string[] | undefined) ?? []) {
    const path = resolve(dir, entry);
    if (!existsSync(path)) throw new KustomizeError(`${where}: resource ${entry} does not exist`);
    if (statSync(path).isDirectory()) objects.push(...renderKustomization(path));
    else objects.push(...readObjects(path));
  }
  for (const entry of (spec.components as string[] | undefined) ?? []) {
    const path = resolve(dir, entry);
    if (!existsSync(path) || !statSync(path).isDirectory()) throw new KustomizeError(`${where}: component ${entry} is not a folder`);
    objects = renderKustomization(path, objects);
  }
  for (const patch of (spec.patches as Array<Record<string, unknown>> | undefined) ?? []) objects = applyPatch(objects, patch, dir, where);
  for (const image of (spec.images as Array<Record<string, string>> | undefined) ?? []) setImage(objects, image);
  if (typeof spec.namespace === 'string') {
    for (const object of objects) {
      if (object.kind === 'Namespace') object.metadata.name = spec.namespace;
      else if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = spec.namespace;
    }
  }
  const seen = new Set<string>();
  for (const object of objects) {
    const id = `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
    if (seen.has(id)) throw new KustomizeError(`${where}: ${object.kind} ${object.metadata.name} is defined twice`);
    seen.add(id);
  }
  return objects;
}

function readObjects(path: string): KubeObject[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((document) => {
      if (document.errors.length > 0) throw new KustomizeError(`${path}: ${document.errors[0].message}`);
      return document.toJS() as KubeObject | null;
    })
    .filter((object): object is KubeObject => object !== null);
}

function applyPatch(objects: KubeObject[], patch: Record<string, unknown>, dir: string, where: string): KubeObject[] {
  const target = patch.target as { kind?: string; name?: string } | undefined;
  const extra = Object.keys(target ?? {}).filter((key) => key !== 'kind' && key !== 'name');
  if (!target || extra.length > 0) throw new KustomizeError(`${where}: a patch targets by kind and name only`);
  const text = typeof patch.path === 'string' ? readFileSync(resolve(dir, patch.path), 'utf8') : patch.patch;
  const operations = typeof text === 'string' ? (parse(text) as unknown) : undefined;
  if (!Array.isArray(operations)) throw new KustomizeError(`${where}: patches are JSON 6902 operation lists (decision 025)`);
  const matched = objects.filter((o) => (!target.kind || o.kind === target.kind) && (!target.name || o.metadata.name === target.name));
  if (matched.length === 0) throw new KustomizeError(`${where}: a patch for ${target.kind ?? '*'} ${target.name ?? '*'} matches nothing`);
  return objects.map((object) => (matched.includes(object) ? (applyOperations(object, operations as PatchOperation[], where) as KubeObject) : object));
}

/** RFC 6902 add, remove, replace and test, on a copy. */
export function applyOperations(document: unknown, operations: PatchOperation[], where = 'patch'): unknown {
  const root = structuredClone(document);
  for (const { op, path, value } of operations) {
    const keys = path
      .split('/')
      .slice(1)
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop();
    if (last === undefined) throw new KustomizeError(`${where}: ${op} of the whole document`);
    let parent: unknown = root;
    for (const key of keys) {
      parent = (parent as Record<string, unknown> | undefined)?.[key];
      if (parent === undefined || parent === null || typeof parent !== 'object') throw new KustomizeError(`${where}: ${path}: no such path`);
    }
    const list = Array.isArray(parent) ? (parent as unknown[]) : undefined;
    const object = parent as Record<string, unknown>;
    const index = last === '-' && list ? list.length : Number(last);
    const exists = list ? index < list.length : last in object;
    switch (op) {
      case 'add':
        if (list) list.splice(index, 0, structuredClone(value));
        else object[last] = structuredClone(value);
        break;
      case 'replace':
      case 'remove':
      case 'test':
        if (!exists) throw new KustomizeError(`${where}: ${op} ${path}: no such path`);
        if (op === 'test' && JSON.stringify(list ? list[index] : object[last]) !== JSON.stringify(value))
          throw new KustomizeError(`${where}: test ${path} failed`);
        if (op === 'replace' && list) list[index] = structuredClone(value);
        else if (op === 'replace') object[last] = structuredClone(value);
        if (op === 'remove' && list) list.splice(index, 1);
        else if (op === 'remove') delete object[last];
        break;
      default:
        throw new KustomizeError(`${where}: unsupported patch operation ${op}`);
    }
  }
  return root;
}

function setImage(objects: KubeObject[], image: Record<string, string>): void {
  for (const object of objects) {
    const pod = (object.spec as { template?: { spec?: { containers?: Array<{ image?: string }>; initContainers?: Array<{ image?: string }> } } } | undefined)
      ?.template?.spec;
    for (const container of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])]) {
      const current = container.image ?? '';
      const name = current.replace(/@.*$/, '').replace(/:[^/:]*$/, '');
      if (name !== image.name) continue;
      const tag = image.digest ? `@${image.digest}` : `:${image.newTag ?? /:([^/:@]*)$/.exec(current.replace(/@.*$/, ''))?.[1] ?? 'latest'}`;
      container.image = `${image.newName ?? name}${tag}`;
    }
  }
}

export function overlayDirectories(root: string): string[] {
  return kustomizationsIn(join(root, 'overlays'));
}

/** The optional components (`deploy/k8s/components/*`): each is checked on top of every overlay. */
export function componentDirectories(root: string): string[] {
  return kustomizationsIn(join(root, 'components'));
}

function kustomizationsIn(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => join(folder, name))
    .filter((path) => existsSync(join(path, 'kustomization.yaml')));
}
