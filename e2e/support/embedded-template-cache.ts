import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testServers } from '@vi/platform-testing';
import { migratedTemplate, migrationsFingerprint } from '../../tools/launcher/src/embedded-template';

/**
 * Every embedded test system starts from one migrated, empty database kept in
 * the temporary folder (keyed by the migration files): initdb and migrations
 * run once per change of schema, not once per spec file.
 */
function templateFile(): string {
  return join(tmpdir(), `vi-embedded-template-${migrationsFingerprint()}.tar`);
}

/** Builds the template unless it is there (jest's global setup, before any worker starts). */
export async function prepareEmbeddedTemplate(): Promise<void> {
  if (testServers.databaseUrl) return;
  await embeddedTemplate();
}

export async function embeddedTemplate(): Promise<Blob> {
  const file = templateFile();
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const template = await migratedTemplate();
    // Written under a unique name and renamed: parallel workers never read half a file.
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await template.arrayBuffer()));
    renameSync(partial, file);
    return template;
  }
}
