import { join, relative, resolve } from 'node:path';
import { componentDirectories, overlayDirectories, renderKustomization, type KubeObject } from './kustomize';
import { ruleProblems } from './rules';
import { schemaProblems } from './schemas';

/**
 * `npm run check:manifests [overlay folders]`: renders every overlay of
 * deploy/k8s (or those given), alone and with each optional component of
 * deploy/k8s/components, validates each object against the Kubernetes API
 * schemas (and the Prometheus operator's, for its kinds) with unknown fields
 * failing, and applies our rules (decision 025). Exit code 1 and one line per
 * problem when anything is wrong.
 */
async function main(): Promise<number> {
  const root = resolve(__dirname, '../../..');
  const given = process.argv.length > 2;
  const overlays = given ? process.argv.slice(2).map((dir) => resolve(dir)) : overlayDirectories(join(root, 'deploy/k8s'));
  if (overlays.length === 0) throw new Error('no overlay to check');
  const components = given ? [] : componentDirectories(join(root, 'deploy/k8s'));
  const renderings: Array<{ name: string; render: () => KubeObject[] }> = overlays.flatMap((overlay) => {
    const name = relative(process.cwd(), overlay) || '.';
    return [
      { name, render: () => renderKustomization(overlay) },
      // As a team would list it: `resources: [<overlay>]`, `components: [<component>]`.
      ...components.map((component) => ({
        name: `${name} + ${relative(process.cwd(), component)}`,
        render: () => renderKustomization(component, renderKustomization(overlay)),
      })),
    ];
  });
  let failed = false;
  for (const { name, render } of renderings) {
    let problems: string[];
    let count = 0;
    try {
      const objects = render();
      count = objects.length;
      problems = [...schemaProblems(objects), ...ruleProblems(objects)];
    } catch (error) {
      problems = [error instanceof Error ? error.message : String(error)];
    }
    if (problems.length === 0) {
      console.log(`${name}: ${count} objects render and validate`);
    } else {
      failed = true;
      console.log(`${name}: ${problems.length} problem(s)`);
      for (const problem of problems) console.log(`  ${problem}`);
    }
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
