import { embeddedTemplateFile } from './embedded-template';

/** Prints the path of the tests' migrated embedded template, building it first if needed (jest.global-setup.js). */
embeddedTemplateFile('tests')
  .then((file) => process.stdout.write(`${file}\n`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
