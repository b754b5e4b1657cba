import 'reflect-metadata';
import { runServiceProcess } from '@aero/common';
import { messagingService } from './messaging.service-definition.js';

await runServiceProcess(messagingService);
