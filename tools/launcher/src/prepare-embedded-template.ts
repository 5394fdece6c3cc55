import { embeddedTemplateFile } from './embedded-template';

/** Prints the path of the migrated embedded template, building it first if needed (jest.global-setup.js). */
embeddedTemplateFile()
  .then((file) => process.stdout.write(`${file}\n`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
