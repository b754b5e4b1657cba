import 'reflect-metadata';
import { runServiceProcess } from '@aero/common';
import { identityService } from './identity.service-definition.js';

await runServiceProcess(identityService);
