// @ts-check
/**
 * Runs kubernetes-models' validators (ES modules only, hence a process of its
 * own, which jest's CommonJS runtime cannot import) on the objects read from
 * stdin as a JSON array of `{object, module}` (the models' module of its
 * apiVersion, schemas.ts); prints the problems as a JSON array of strings.
 */
import { text } from 'node:stream/consumers';

const entries = JSON.parse(await text(process.stdin));
const problems = [];
for (const { object, module } of entries) {
  const name = `${object.kind} ${object.metadata?.name ?? '(no name)'}`;
  const models = await import(module).catch(() => undefined);
  const Model = models?.[object.kind];
  if (!Model) {
    problems.push(`${name}: ${object.apiVersion} ${object.kind} is not a Kubernetes 1.34 API (nor a Prometheus operator one)`);
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.stdout.write(JSON.stringify(problems));
