// @ts-check
/**
 * Runs kubernetes-models' validators (ES modules only, hence a process of its
 * own, which jest's CommonJS runtime cannot import) on the objects read as a
 * JSON array from stdin; prints the problems as a JSON array of strings.
 */
import { text } from 'node:stream/consumers';

const objects = JSON.parse(await text(process.stdin));
const problems = [];
for (const object of objects) {
  const name = `${object.kind} ${object.metadata?.name ?? '(no name)'}`;
  const models = await import(`kubernetes-models/${object.apiVersion}`).catch(() => undefined);
  const Model = models?.[object.kind];
  if (!Model) {
    problems.push(`${name}: ${object.apiVersion} ${object.kind} is not a Kubernetes 1.34 API`);
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.stdout.write(JSON.stringify(problems));
