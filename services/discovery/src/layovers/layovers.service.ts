import { badRequest, type DiscoveryUserRequest, ErrorCodes, forbidden, layoverNights, type LayoverView, Limits, Messages, notFound, type SaveLayoverRequest } from '@aero/contracts';
import { CLOCK, type Clock, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { type Layover, toLayoverView } from './layover.js';
import { LayoverRepository } from './layover.repository.js';
import { instantToZonedTime, isTimeZone, zonedTimeToInstant } from './local-time.js';

const DAY_MS = 86_400_000;

/**
 * Layovers (beyond spec): a verified airline member says where a trip takes them (a city, from
 * the gateway's bundled places) and when, in the local time there. At most one that is not over;
 * it ends by itself at departure, and the member can cancel it. The deck uses it (see
 * CandidateRepository.deck); nothing else ever shows it.
 */
@Injectable()
export class LayoversService {
  constructor(
    private readonly layovers: LayoverRepository,
    private readonly candidates: CandidateRepository,
    private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get({ userId }: DiscoveryUserRequest): Promise<LayoverView | null> {
    const now = this.clock.now();
    const layover = await this.layovers.findOpen(userId, now);
    return layover ? toLayoverView(layover, now) : null;
  }

  async save({ userId, place, arrivesAt, departsAt, verifiedCrewOnly }: SaveLayoverRequest): Promise<LayoverView> {
    return this.uow.run(async () => {
      // the member is held until the layover is stored: an account deletion under way then takes
      // it with the account, or came first and left no one to store it for (refused as unverified)
      const me = await this.candidates.findHeld(userId);
      if (me?.userType !== 'airline' || me.verification !== 'approved') throw forbidden(Messages.layoverVerifiedOnly, ErrorCodes.layoverVerifiedOnly);
      if (!isTimeZone(place.timeZone)) throw badRequest(Messages.layoverPlaceUnknown, ErrorCodes.layoverPlaceUnknown);
      const arrival = zonedTimeToInstant(arrivesAt, place.timeZone);
      const departure = zonedTimeToInstant(departsAt, place.timeZone);
      if (!arrival || !departure) throw badRequest(Messages.layoverTimeInvalid, ErrorCodes.layoverTimeInvalid);
      const now = this.clock.now();
      if (departure <= arrival) throw badRequest(Messages.layoverDepartureBeforeArrival, ErrorCodes.layoverDepartureBeforeArrival);
      if (departure.getTime() - arrival.getTime() > Limits.layoverMaxDays * DAY_MS) throw badRequest(Messages.layoverTooLong, ErrorCodes.layoverTooLong);
      if (arrival.getTime() > now.getTime() + Limits.layoverMaxDaysAhead * DAY_MS) throw badRequest(Messages.layoverTooFarAhead, ErrorCodes.layoverTooFarAhead);
      if (departure <= now) throw badRequest(Messages.layoverOver, ErrorCodes.layoverOver);
      const localArrivesAt = instantToZonedTime(arrival, place.timeZone);
      const localDepartsAt = instantToZonedTime(departure, place.timeZone);
      const layover: Layover = {
        userId,
        label: place.label,
        city: place.city,
        state: place.state,
        airport: place.airport,
        latitude: place.latitude,
        longitude: place.longitude,
        timeZone: place.timeZone,
        arrivesAt: arrival,
        departsAt: departure,
        localArrivesAt,
        localDepartsAt,
        nights: layoverNights(localArrivesAt, localDepartsAt),
        verifiedOnly: verifiedCrewOnly,
        nearbyAirports: [...new Set(place.nearbyAirports)],
      };
      await this.layovers.save(layover);
      return toLayoverView(layover, now);
    });
  }

  async cancel({ userId }: DiscoveryUserRequest): Promise<{ success: true }> {
    return this.uow.run(async () => {
      if (!(await this.layovers.findOpen(userId, this.clock.now()))) throw notFound(Messages.layoverNotFound, ErrorCodes.layoverNotFound);
      await this.layovers.deleteAllOf(userId);
      return { success: true as const };
    });
  }
}
