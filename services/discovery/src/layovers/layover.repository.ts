import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import type { Layover } from './layover.js';

interface LayoverRecord {
  user_id: string;
  label: string;
  city: string;
  state: string;
  airport: string | null;
  lat: number;
  lng: number;
  time_zone: string;
  arrives_at: Date;
  departs_at: Date;
  local_arrives_at: string;
  local_departs_at: string;
  nights: number;
  verified_only: boolean;
  nearby_airports: string[];
}

const toLayover = (r: LayoverRecord): Layover => ({
  userId: r.user_id,
  label: r.label,
  city: r.city,
  state: r.state,
  airport: r.airport,
  latitude: r.lat,
  longitude: r.lng,
  timeZone: r.time_zone,
  arrivesAt: r.arrives_at,
  departsAt: r.departs_at,
  localArrivesAt: r.local_arrives_at,
  localDepartsAt: r.local_departs_at,
  nights: r.nights,
  verifiedOnly: r.verified_only,
  nearbyAirports: r.nearby_airports,
});

/** The only place that touches the database for layovers: one per member, gone when cancelled. */
@Injectable()
export class LayoverRepository {
  constructor(private readonly db: Transactions) {}

  /** the member's layover that is not over at `now` */
  async findOpen(userId: string, now: Date): Promise<Layover | null> {
    const [row] = await this.db.manager.query(`SELECT * FROM discovery.layovers WHERE user_id = $1 AND departs_at > $2`, [userId, now]);
    return row ? toLayover(row) : null;
  }

  /** adds the member's layover, or replaces the one they had */
  async save(l: Layover) {
    await this.db.manager.query(
      `INSERT INTO discovery.layovers (user_id, label, city, state, airport, lat, lng, time_zone, arrives_at, departs_at, local_arrives_at, local_departs_at, nights, verified_only, nearby_airports)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (user_id) DO UPDATE SET label = $2, city = $3, state = $4, airport = $5, lat = $6, lng = $7, time_zone = $8, arrives_at = $9, departs_at = $10,
         local_arrives_at = $11, local_departs_at = $12, nights = $13, verified_only = $14, nearby_airports = $15, created_at = now()`,
      [l.userId, l.label, l.city, l.state, l.airport, l.latitude, l.longitude, l.timeZone, l.arrivesAt, l.departsAt, l.localArrivesAt, l.localDepartsAt, l.nights, l.verifiedOnly, l.nearbyAirports],
    );
  }

  /** forgets every layover over at `now` (no history is kept); answers how many */
  async deleteEnded(now: Date): Promise<number> {
    const [, count] = (await this.db.manager.query(`DELETE FROM discovery.layovers WHERE departs_at <= $1`, [now])) as [unknown, number];
    return count;
  }

  /** cancels the member's layover (and forgets one that is over) */
  async deleteAllOf(userId: string) {
    await this.db.manager.query(`DELETE FROM discovery.layovers WHERE user_id = $1`, [userId]);
  }
}
