import 'reflect-metadata';
import { runServiceProcess } from '@aero/common';
import { discoveryService } from './discovery.service-definition.js';

await runServiceProcess(discoveryService);
