import { runService } from '@vi/platform-http';
import { loadNotificationsConfig } from './config';
import { startNotificationsService } from './composition-root';

runService('notifications', (logger) => startNotificationsService(loadNotificationsConfig(), { logger }));
