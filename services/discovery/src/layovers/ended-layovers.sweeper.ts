import { CLOCK, type Clock, PeriodicTask } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { LayoverRepository } from './layover.repository.js';

/** how often layovers that are over are forgotten */
export const LAYOVER_SWEEP_MS = 60 * 60 * 1000;

/**
 * Every hour (and as the service starts), layovers that are over leave the database: discovery
 * keeps no history of where a member travelled (an ended layover already shows nowhere; this
 * forgets its city and times).
 */
@Injectable()
export class EndedLayoversSweeper extends PeriodicTask {
  constructor(
    private readonly layovers: LayoverRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super('sweep of ended layovers', LAYOVER_SWEEP_MS, true);
  }

  protected run() {
    return this.layovers.deleteEnded(this.clock.now());
  }
}
