import 'reflect-metadata';
import { runServiceProcess } from '@aero/common';
import { notificationsService } from './notifications.service-definition.js';

await runServiceProcess(notificationsService);
