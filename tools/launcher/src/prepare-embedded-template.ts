import { embeddedTemplate } from '../../tools/launcher/src/embedded-template';

embeddedTemplate().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
