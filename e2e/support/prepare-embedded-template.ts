import { prepareEmbeddedTemplate } from './embedded-template-cache';

prepareEmbeddedTemplate().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
