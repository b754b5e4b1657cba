import 'reflect-metadata';
import { runServiceProcess } from '@aero/common';
import { profilesService } from './profiles.service-definition.js';

await runServiceProcess(profilesService);
