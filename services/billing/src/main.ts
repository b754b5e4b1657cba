import 'reflect-metadata';
import { runServiceProcess } from '@aero/common';
import { billingService } from './billing.service-definition.js';

await runServiceProcess(billingService);
